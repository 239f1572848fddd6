import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, expectHeading, linkFromOutbox, pathOf, setPasswordViaApi, signInWithForm } from '../../support/auth';
import {
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  expectVisible,
  screenshot,
  screenshotAtBothWidths,
  useBrowser,
} from '../../support/browser';
import { journeyWidths } from '../../support/widths';

/** This file owns ca.admin@demo.test's password, and puts it back at the end. */
const EMAIL = 'ca.admin@demo.test';
const NEW_PASSWORD = 'Maple#Leaf2026';

describe('password reset through the e-mailed link', () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`the forgot-password page checks the address (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/forgot-password');
      await expectHeading(page, 'Reset your password');
      expect(await page.title()).toMatch(/^Forgot password \| /);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'forgot-password');

      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expectVisible(page.getByText('This field is required'));
      await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expectVisible(page.getByText('This field must be a valid email'));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'forgot-password-invalid');
    });
  }

  it('e-mails a link that sets a new password, which then signs in; the link works once', async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expectHeading(page, 'Reset your password');
    await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectHeading(page, 'Check your inbox');
    await expectVisible(page.getByText(`Reset e-mail sent to ${EMAIL}`, { exact: false }));
    expect(await page.title()).toMatch(/^Reset e-mail sent \| /);
    await expectNoSeriousA11yViolations(page);
    await screenshotAtBothWidths(page, 'forgot-password-sent');

    const link = await linkFromOutbox(EMAIL, '/reset-password');
    await page.goto(link);
    await expectHeading(page, 'Choose a new password');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'reset-password');

    const newPassword = page.getByLabel(/^New password/);
    const confirm = page.getByLabel(/^Confirm new password/);
    await newPassword.fill('short');
    await confirm.fill('different');
    await page.getByRole('button', { name: 'Save new password' }).click();
    for (const text of [
      'Password requires minimum of 8 characters',
      'Password requires one uppercase character',
      'Password requires one number',
      'Password requires one special character',
      'Both passwords need to match',
    ]) {
      await expectVisible(page.getByText(text));
    }
    await expectNoSeriousA11yViolations(page);
    await screenshotAtBothWidths(page, 'reset-password-invalid');

    await newPassword.fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expectHeading(page, 'Password updated');
    await expectNoSeriousA11yViolations(page);
    await screenshotAtBothWidths(page, 'reset-password-updated');

    await page.getByRole('link', { name: 'Sign in' }).click();
    await expectHeading(page, 'Sign in');
    await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectVisible(page.getByRole('alert'));
    await page.getByLabel(/^Password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectHeading(page, 'Home');
    expect(pathOf(page)).toBe('/');

    // The link is spent: the expired-link page, without an error code.
    const again = await browser.newPage('mobile');
    await again.goto(link);
    await again.getByLabel(/^New password/).fill('Another#Pass2026');
    await again.getByLabel(/^Confirm new password/).fill('Another#Pass2026');
    await again.getByRole('button', { name: 'Save new password' }).click();
    await expectHeading(again, 'This link has expired');
    await expectVisible(again.getByRole('link', { name: 'Request a new link' }));
    expect(await again.getByText('410').count()).toBe(0);
    await expectNoSeriousA11yViolations(again);
    await screenshot(again, 'reset-password-expired');
    expectNoPageErrors(page);

    await setPasswordViaApi(EMAIL, NEW_PASSWORD, DEMO_PASSWORD);
  });

  it('a link without a token is an expired link', async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/reset-password');
    await expectHeading(page, 'This link has expired');
    await screenshot(page, 'reset-password-expired');
  });

  it('the reset form is usable at phone width', async () => {
    const page = await browser.newPage('mobile');
    await page.goto('/reset-password?token=not-a-real-token');
    await expectHeading(page, 'Choose a new password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    expect(await page.getByText('This field is required').count()).toBe(2);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'reset-password');
  });
});

describe('signing in after the reset', () => {
  const browser = useBrowser();
  it('the demo password works again for the other spec files', async () => {
    const page = await browser.newPage('desktop');
    await signInWithForm(page, EMAIL);
    await expectHeading(page, 'Home');
  });
});
