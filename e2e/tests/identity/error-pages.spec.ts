import { describe, expect, it } from 'vitest';
import { FORBIDDEN_TEXT, expectHeading, pathOf, signIn } from '../../support/auth';
import {
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  expectVisible,
  screenshot,
  useBrowser,
  VIEWPORTS,
  type ViewportName,
} from '../../support/browser';
import { journeyWidths } from '../../support/widths';

/** Spec §8 error catalogue: each page's texts, whether its code shows, and its buttons. */
const PAGES: Array<{ path: string; name: string; title: string; text: string; code?: number }> = [
  { path: '/500', name: 'error-500', title: 'Uh oh!', text: 'Something went wrong on our side', code: 500 },
  { path: '/400', name: 'error-400', title: "That didn't add up", text: "We couldn't understand that request", code: 400 },
  { path: '/404', name: 'error-404', title: 'Our dog ate this page...', text: 'The page you were looking for does not exist', code: 404 },
  { path: '/401', name: 'error-401', title: 'Hall pass required', text: FORBIDDEN_TEXT, code: 401 },
  { path: '/403', name: 'error-403', title: "This page isn't part of your access", text: FORBIDDEN_TEXT, code: 403 },
  {
    path: '/action-locked',
    name: 'error-action-locked',
    title: 'Action locked',
    text: 'This action has been locked. Please verify your email address and try again.',
  },
  {
    path: '/account-load-failed',
    name: 'error-account-load-failed',
    title: 'Roll call failed',
    text: "We weren't able to load your account",
  },
  { path: '/link-expired', name: 'error-link-expired', title: 'This link has expired', text: 'The link you followed is no longer valid' },
  {
    path: '/no-server-response',
    name: 'error-no-server-response',
    title: 'No answer from the staff room',
    text: 'We are unable to contact our servers. Please check your connection',
  },
];

describe('error pages', () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`show their texts, their code only where the spec says, and no sign-out button when signed out (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      for (const { path, name, title, text, code } of PAGES) {
        await page.goto(path);
        await expectHeading(page, title);
        await expectVisible(page.getByText(text, { exact: true }));
        const codeText = page.getByText(/^Error code \d{3}$/);
        if (code) expect((await codeText.textContent())?.replace(/\s+/g, ' ')).toBe(`Error code ${code}`);
        else expect(await codeText.count(), path).toBe(0);
        await expectVisible(page.getByRole('link', { name: 'Back to Home' }));
        expect(await page.getByRole('link', { name: 'Log Out' }).count(), path).toBe(0);
        expect(await page.title()).toMatch(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `));
        await expectNoSeriousA11yViolations(page);
        await screenshot(page, name);
      }
      await page.goto('/error');
      await expectHeading(page, 'Uh oh!');
      expect(pathOf(page)).toBe('/500');
      expectNoPageErrors(page);
    });
  }

  it('the landing page and the unlock link', async () => {
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      const page = await browser.newPage(viewport);
      await page.goto('/');
      await page.waitForURL((url) => url.pathname.endsWith('/landing'));
      await expectHeading(page, /^Welcome to Chalkline .*Portal$/);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'landing');
      await page.getByRole('link', { name: 'Sign in' }).click();
      await expectHeading(page, 'Sign in');

      // An unlock link that is not (or no longer) valid.
      await page.goto('/unlock?token=spent-or-made-up');
      await expectHeading(page, 'This link has expired');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'unlock-expired');
    }
  });

  it('a profile that fails to load leads to the page for its failure (spec §2)', async () => {
    const page = await browser.newPage('desktop');
    await signIn(page, 'school.admin@demo.test');
    await expectHeading(page, 'Home');
    const cases: Array<[answer: number | 'abort' | 'garbage', path: string]> = [
      [403, '/403'],
      [401, '/401'],
      [400, '/400'],
      [503, '/500'],
      ['abort', '/no-server-response'],
      ['garbage', '/account-load-failed'],
    ];
    for (const [answer, path] of cases) {
      await page.route('**/v1/profile', (route) =>
        answer === 'abort'
          ? route.abort('connectionrefused')
          : answer === 'garbage'
            ? route.fulfill({ status: 200, contentType: 'application/json', body: '{"contact":"nobody"}' })
            : route.fulfill({
                status: answer,
                contentType: 'application/problem+json',
                body: JSON.stringify({ title: 'x', status: answer }),
              }),
      );
      await page.goto('/settings');
      await page.waitForURL((url) => url.pathname === path);
      await page.unroute('**/v1/profile');
      // Signed in: the error pages offer to log out.
      await expectVisible(page.getByRole('link', { name: 'Log Out' }));
    }
    await page.goto('/settings');
    await expectHeading(page, 'Settings');
  });
});
