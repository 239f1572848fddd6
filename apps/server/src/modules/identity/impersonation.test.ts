import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { CookieJar } from '../../../test/cookie-jar';
import { DEMO_PASSWORD, signIn } from '../../../test/auth-client';

/**
 * Provider staff sign in through the enterprise OpenID Connect login (here the embedded issuer, exercised over
 * real HTTP semantics: redirects, cookies, PKCE, state, nonce) and then act as a contact.
 */
let t: TestApp;
let contactId: number;
beforeAll(async () => {
  t = await buildTestApp();
  contactId = (await queryRows<{ id: number }>(t.database.db, sql`select id from contacts where email = 'uk.admin@demo.test'`))[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

async function follow(jar: CookieJar, location: string, method: 'GET' | 'POST' = 'GET', form?: Record<string, string>) {
  const url = new URL(location, 'http://portal.test');
  const res = await t.app.inject({
    method,
    url: url.pathname + url.search,
    headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
  });
  jar.take(res.headers['set-cookie']);
  return res;
}

/** Runs the browser's part of the enterprise login and returns where the portal finally sends it. */
async function enterpriseLogin(jar: CookieJar, email: string, password: string): Promise<string> {
  let res = await follow(jar, `/v1/auth/enterprise/start?contactId=${contactId}`);
  expect(res.statusCode).toBe(302);
  const authorize = new URL(res.headers.location as string);
  expect(authorize.pathname).toBe('/oidc/auth');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  res = await follow(jar, res.headers.location as string);
  for (let hops = 0; hops < 12; hops++) {
    const location = res.headers.location as string | undefined;
    if (res.statusCode === 200 && res.body.includes('<form')) {
      const action = /action="([^"]+)"/.exec(res.body)![1]!;
      res = await follow(jar, action, 'POST', { email, password });
      if (res.statusCode !== 303) return `login-page:${res.statusCode}`;
      continue;
    }
    if (!location) throw new Error(`stuck at ${res.statusCode}: ${res.body.slice(0, 300)}`);
    if (location.includes('/user/impersonate/')) return location;
    res = await follow(jar, location);
  }
  throw new Error('too many redirects');
}

describe('impersonation by provider staff', () => {
  it('signs staff in through the enterprise login, then acts as the contact named by Impersonated-Contact', async () => {
    const jar = new CookieJar();
    const landing = await enterpriseLogin(jar, 'staff@provider.test', DEMO_PASSWORD);
    expect(landing).toBe(`/user/impersonate/${contactId}?signedIn=1`);
    // Matched by its verified e-mail this first time, the staff user now carries the issuer's subject.
    const [staff] = await queryRows<{ id: number; subject: string | null }>(
      t.database.db,
      sql`select id, oidc_subject as subject from staff_users where email = 'staff@provider.test'`,
    );
    expect(staff!.subject).toBe(String(staff!.id));

    const refreshed = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: { cookie: jar.header() } });
    expect(refreshed.statusCode).toBe(200);
    const staffToken = refreshed.json().accessToken as string;
    const headers = { authorization: `Bearer ${staffToken}`, 'impersonated-contact': String(contactId) };

    const profile = await t.app.inject({ method: 'GET', url: '/v1/profile', headers });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().contact.emailAddress).toBe('uk.admin@demo.test');
    expect(profile.json().impersonation.staffEmail).toBe('staff@provider.test');

    // Without a contact to act as, a staff token reaches no contact data.
    expect((await t.app.inject({ method: 'GET', url: '/v1/profile', headers: { authorization: `Bearer ${staffToken}` } })).statusCode).toBe(
      403,
    );
    // A bad or unknown contact id.
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/profile', headers: { ...headers, 'impersonated-contact': 'abc' } })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/profile', headers: { ...headers, 'impersonated-contact': '99999999' } })).statusCode,
    ).toBe(404);

    // Staff cannot change the contact's password; the refusal is recorded against the staff member.
    const change = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/change-password',
      headers,
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'Staff#Chose2026' },
    });
    expect(change.statusCode).toBe(403);
    const trail = await queryRows<{ action: string; staff_user_id: number | null; contact_id: number }>(
      t.database.db,
      sql`select action, staff_user_id, contact_id from audit_log where action like 'POST %' order by id desc limit 1`,
    );
    expect(trail[0]).toMatchObject({ action: 'POST /v1/auth/change-password', contact_id: contactId });
    expect(trail[0]!.staff_user_id).not.toBeNull();

    // The enterprise logout ends the staff session and goes through the issuer's end-session endpoint.
    const out = await follow(jar, '/v1/auth/enterprise/logout');
    expect(out.statusCode).toBe(303);
    expect(new URL(out.headers.location as string).pathname).toBe('/oidc/session/end');
    expect((await t.app.inject({ method: 'GET', url: '/v1/profile', headers })).statusCode).toBe(401);
  });

  it('refuses a wrong staff password on the enterprise login page', async () => {
    const jar = new CookieJar();
    expect(await enterpriseLogin(jar, 'staff@provider.test', 'Wrong#2026demo')).toBe('login-page:401');
  });

  it('counts failures on the staff login page under one key however the e-mail is typed', async () => {
    for (const email of ['Staff@Provider.test', ' staff@provider.TEST ']) {
      expect(await enterpriseLogin(new CookieJar(), email, 'Wrong#2026demo')).toBe('login-page:401');
    }
    const keys = await queryRows<{ key: string; count: number }>(
      t.database.db,
      sql`select key, count from auth_counters where key like 'staff-login:%'`,
    );
    expect(keys.map((k) => k.key)).toEqual(['staff-login:127.0.0.1:staff@provider.test']);
    expect(keys[0]!.count).toBeGreaterThanOrEqual(2);
  });

  it('does not let a contact token impersonate', async () => {
    const contact = await signIn(t.app, 'group.admin@demo.test');
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/profile',
      headers: { ...contact.headers, 'impersonated-contact': String(contactId) },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a callback without its flow cookie (state) and a forged state', async () => {
    const jar = new CookieJar();
    await follow(jar, `/v1/auth/enterprise/start?contactId=${contactId}`);
    const forged = await follow(jar, '/v1/auth/enterprise/callback?code=abc&state=forged');
    expect(forged.statusCode).toBe(303);
    expect(forged.headers.location).toContain('error=failed');
    await follow(jar, `/v1/auth/enterprise/start?contactId=${contactId}`);
    const cancelled = await follow(jar, '/v1/auth/enterprise/callback?error=access_denied&state=x');
    expect(cancelled.headers.location).toBe(`/user/impersonate/${contactId}?error=cancelled`);
    const noCookie = await t.app.inject({ method: 'GET', url: '/v1/auth/enterprise/callback?code=abc&state=x' });
    expect(noCookie.headers.location).toBe('/login?impersonation=failed');
  });
});
