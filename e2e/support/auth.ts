import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectVisible, explainingFailure } from './browser';
import { signInCookies } from './set-cookie';
import { baseUrl } from './world';

/** Every demo account's password (the seeded demo world). */
export const DEMO_PASSWORD = 'Portal#2026demo';
export const STAFF_EMAIL = 'staff@provider.test';
/** Spec §8 texts the identity journeys look for. */
export const FORBIDDEN_TEXT = "You don't have sufficient permissions to view this page";

const api = (path: string) => `${baseUrl()}/v1/${path}`;
const jsonHeaders = { 'content-type': 'application/json', 'accept-version': '1' };

/**
 * Signs in as a journey usually needs to (the sign-in page has journeys of its own: sign-in-page.spec.ts and the
 * identity specs use signInWithForm): over HTTP, the cookies the answer sets (the refresh token, httpOnly, and the
 * signed-in hint the first script reads) are put in the page's browser context, and the page opens `path`, where the
 * app signs itself in from that cookie as it does on any return visit. Saves loading the sign-in page and the home page for every journey.
 */
export async function signIn(page: Page, email: string, path = '/', password = DEMO_PASSWORD): Promise<void> {
  const response = await fetch(api('auth/login'), { method: 'POST', headers: jsonHeaders, body: JSON.stringify({ email, password }) });
  expect(response.status, `sign in as ${email}`).toBe(200);
  const host = new URL(baseUrl()).hostname;
  const cookies = signInCookies(response, host);
  expect(cookies.length, `the sign-in of ${email} sets the refresh cookie`).toBeGreaterThan(0);
  await page.context().addCookies(cookies);
  await explainingFailure(page, () => page.goto(path));
}

/** Signs in through the sign-in page and waits until the app has left it. */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await explainingFailure(page, () => page.waitForURL((url) => url.pathname !== '/login'));
}

/** Signs in over HTTP (no browser) and returns the access token. */
export async function apiSignIn(email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(api('auth/login'), { method: 'POST', headers: jsonHeaders, body: JSON.stringify({ email, password }) });
  expect(response.status, `sign in as ${email}`).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** The contact id of a demo account, as its own profile gives it. */
export async function contactIdOf(email: string): Promise<number> {
  const token = await apiSignIn(email);
  const response = await fetch(api('profile'), { headers: { authorization: `Bearer ${token}`, 'accept-version': '1' } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { contact: { id: number } }).contact.id;
}

/** Puts an account's password back (spec files share one database; the next file expects the demo password). */
export async function setPasswordViaApi(email: string, currentPassword: string, newPassword = DEMO_PASSWORD): Promise<void> {
  const token = await apiSignIn(email, currentPassword);
  const response = await fetch(api('auth/change-password'), {
    method: 'POST',
    headers: { ...jsonHeaders, authorization: `Bearer ${token}` },
    body: JSON.stringify({ currentPassword, newPassword }),
  });
  expect(response.status, `restore the password of ${email}`).toBe(200);
}

interface OutboxMessage {
  subject: string | null;
  text: string;
}

/** The newest link to `path` in the demo outbox for this address (waits a little for the e-mail). */
export async function linkFromOutbox(to: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://\\S+${path.replace(/[/?]/g, '\\$&')}\\?token=[^\\s]+`);
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(`${api('dev/outbox')}?to=${encodeURIComponent(to)}`, { headers: { 'accept-version': '1' } });
    const messages = (await response.json()) as OutboxMessage[];
    for (const message of messages) {
      const link = pattern.exec(message.text)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${path} link in the outbox for ${to}`);
}

/**
 * Goes to a path inside the running app without reloading it (as a link would): the router's navigation, guard
 * included, without the app start. Much faster than `page.goto` for a walk through many pages.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Spec §2: a contact of several schools entering home without a selection of schools is sent to the client overview
 * first. Waits for it, then goes on to home in the app, with the selection the guard left (every school).
 */
export async function homeAfterClientOverview(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/overview');
  await expectHeading(page, 'Overview');
  await navigateInApp(page, '/');
  await expectHeading(page, 'Home');
}

export async function expectHeading(page: Page, name: string | RegExp): Promise<void> {
  await expectVisible(page.getByRole('heading', { level: 1, name }));
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
