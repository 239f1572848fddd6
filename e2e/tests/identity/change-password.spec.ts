import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, expectHeading, pathOf, setPasswordViaApi, signInWithForm } from '../../support/auth';
import {
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  expectVisible,
  screenshot,
  screenshotAtBothWidths,
  useBrowser,
} from '../../support/browser';

/** This file owns us.admin@demo.test's password, and puts it back at the end. */
const EMAIL = 'us.admin@demo.test';
const NEW_PASSWORD = 'Lakeshore#2026';

describe('change password in settings', () => {
  const browser = useBrowser();

  it('refuses a wrong current password, changes it, keeps the session, and the new one signs in', async () => {
    const page = await browser.newPage('desktop');
    await signInWithForm(page, EMAIL);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expectHeading(page, 'Settings');
    await page.getByRole('link', { name: /Change password/ }).click();
    await expectHeading(page, 'Change password');
    expect(pathOf(page)).toBe('/settings/change-password');
    await expectNoSeriousA11yViolations(page);
    await screenshotAtBothWidths(page, 'change-password');

    const current = page.getByLabel(/^Current password/);
    const next = page.getByLabel(/^New password/);
    const confirm = page.getByLabel(/^Confirm new password/);
    const submit = page.getByRole('button', { name: 'Change password' });

    await submit.click();
    expect(await page.getByText('This field is required').count()).toBe(3);

    await current.fill('Not#TheRight1');
    await next.fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await submit.click();
    await expectVisible(page.getByText('Current password is incorrect'));
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousA11yViolations(page);
    await screenshotAtBothWidths(page, 'change-password-wrong-current');

    await current.fill(DEMO_PASSWORD);
    await submit.click();
    await expectVisible(page.getByText('Password updated'));
    expect(await current.inputValue()).toBe('');
    await expectNoSeriousA11yViolations(page);
    await screenshotAtBothWidths(page, 'change-password-updated');

    // The session goes on with the new token, across pages and a reload.
    await page.goto('/settings');
    await expectHeading(page, 'Settings');
    await page.reload();
    await expectHeading(page, 'Settings');

    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname.endsWith('/landing'));
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectVisible(page.getByRole('alert'));
    await page.getByLabel(/^Password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/overview');
    expectNoPageErrors(page);

    await setPasswordViaApi(EMAIL, NEW_PASSWORD, DEMO_PASSWORD);
  });

  it('the demo password works again for the other spec files', async () => {
    const page = await browser.newPage('mobile');
    await signInWithForm(page, EMAIL);
    await expectHeading(page, 'Overview');
    await screenshot(page, 'overview-after-sign-in');
  });
});
