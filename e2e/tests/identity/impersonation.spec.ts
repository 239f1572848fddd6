import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, STAFF_EMAIL, contactIdOf, expectHeading, pathOf } from '../../support/auth';
import {
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  expectVisible,
  screenshot,
  screenshotAtBothWidths,
  useBrowser,
} from '../../support/browser';
import { journeyWidths } from '../../support/widths';

/** Provider staff act as a contact (spec §2, §4, §6) through the enterprise login of the demo issuer. */
const CONTACT = 'teacher@demo.test';

describe('impersonation', () => {
  const browser = useBrowser();

  it('staff sign in on the enterprise login, act as the contact, and stop', async () => {
    const contactId = await contactIdOf(CONTACT);
    const page = await browser.newPage('desktop');
    const impersonatedCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/v1/profile') impersonatedCalls.push(request.headers()['impersonated-contact'] ?? '');
    });

    await page.goto(`/user/impersonate/${contactId}`);
    // The demo issuer's staff login page (not ours).
    await expectVisible(page.getByRole('heading', { name: 'Provider staff sign-in' }));
    await page.getByLabel('Work e-mail').fill(STAFF_EMAIL);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expectHeading(page, 'Home');
    expect(pathOf(page)).toBe('/');
    await expectVisible(page.getByText('Welcome back, Sam'));
    await expectVisible(page.getByText(`Provider Support (${STAFF_EMAIL}) is signed in as Sam Nguyen`));
    const stop = page.getByRole('link', { name: 'Stop impersonating' });
    await expectVisible(stop);
    expect(impersonatedCalls).toEqual([String(contactId)]);
    await expectNoSeriousA11yViolations(page);
    await screenshotAtBothWidths(page, 'impersonating-home');

    // The contact's own pages and rules apply; a reload keeps the impersonation.
    await page.goto('/timesheets');
    await expectHeading(page, "This page isn't part of your access");
    // The way to stop stays on screen on error pages too.
    await expectVisible(stop);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'impersonating-forbidden');
    await page.goto('/settings/change-password');
    await expectHeading(page, 'Change password');
    await expectVisible(page.getByText('Staff cannot change a contact’s password while impersonating.'));
    expect(await page.getByLabel(/^Current password/).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Change password' }).isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await screenshotAtBothWidths(page, 'impersonating-change-password');
    expect(impersonatedCalls.every((header) => header === String(contactId))).toBe(true);

    // Stop: the enterprise logout (the demo issuer asks to confirm), then the sign-in page.
    await page.getByRole('link', { name: 'Stop impersonating' }).click();
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expectHeading(page, 'Sign in');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    // The staff session is over: protected pages need a sign-in again.
    await page.goto('/');
    await page.waitForURL((url) => url.pathname.endsWith('/landing'));
    expectNoPageErrors(page);
  });

  for (const viewport of journeyWidths()) {
    it(`an invalid contact id shows an alert, and a failed enterprise login says so (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/user/impersonate/not-a-number');
      await expectHeading(page, 'Sign in as a contact');
      await expectVisible(page.getByRole('alert'));
      expect(await page.getByRole('alert').innerText()).toContain('"not-a-number" is not a valid contact id');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'impersonate-invalid-id');

      await page.goto('/user/impersonate/12?error=failed');
      await expectVisible(page.getByText('Failed to login as impersonated contact'));
      await expectVisible(page.getByRole('link', { name: 'Try again' }));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'impersonate-failed');
    });
  }
});
