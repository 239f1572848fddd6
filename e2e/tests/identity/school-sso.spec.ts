import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, expectHeading, pathOf } from '../../support/auth';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { journeyWidths } from '../../support/widths';

/**
 * Single sign-on per school group: the SSO trust's admin types the e-mail address on the sign-in page, is offered
 * the school account, signs in at the school's provider (the demo's, at /school-idp) and lands in the portal.
 */
const ADMIN = 'sso.admin@trust.demo.test';

describe('single sign-on with the school account', () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`sso.admin continues with the school account and is signed in (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/login');
      await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN);
      const offer = page.getByRole('link', { name: 'Continue with your school account' });
      await expectVisible(offer);
      await expectVisible(page.getByText('Your school signs you in with its own account.'));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'sso-offer');

      await offer.click();
      // The school's own provider (the demo's stand-in), not the portal.
      await expectVisible(page.getByRole('heading', { name: 'The SSO Trust' }));
      await page.getByLabel('School e-mail').fill(ADMIN);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await screenshot(page, 'sso-school-provider');
      await page.getByRole('button', { name: 'Sign in' }).click();

      await expectHeading(page, 'Home');
      expect(pathOf(page)).toBe('/');
      await expectVisible(page.getByText('Welcome back, Samira'));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'sso-signed-in-home');
      expectNoPageErrors(page);
    });
  }

  for (const viewport of journeyWidths()) {
    it(`refuses the password of a group that requires single sign-on, and says why a school sign-in failed (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/login');
      await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN);
      await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expectVisible(page.getByText("Your school signs you in with its own account: choose 'Continue with your school account'"));
      expect(pathOf(page)).toBe('/login');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'sso-password-refused');

      // An account whose e-mail the school's provider has not verified.
      await page.getByRole('link', { name: 'Continue with your school account' }).click();
      await page.getByLabel('School e-mail').fill('unverified@trust.demo.test');
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('sso') === 'unverified');
      await expectVisible(page.getByRole('alert').filter({ hasText: "Your school hasn't verified the e-mail address" }));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'sso-unverified');
      expectNoPageErrors(page);
    });
  }

  it('offers nothing for an address without single sign-on', async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/login');
    const calls: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/v1/auth/sso/discover') calls.push(response.status().toString());
    });
    await page.getByRole('textbox', { name: 'Email' }).fill('group.admin@demo.test');
    await expect.poll(() => calls.length, { timeout: 5000 }).toBe(1);
    expect(calls).toEqual(['200']);
    expect(await page.getByRole('link', { name: 'Continue with your school account' }).count()).toBe(0);
  });
});
