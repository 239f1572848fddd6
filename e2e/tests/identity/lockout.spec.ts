import { describe, expect, it } from 'vitest';
import { expectHeading } from '../../support/auth';
import { expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';

/**
 * Brute force from one browser: 10 wrong passwords lock that account and address for 15 minutes. This file
 * owns intl.admin@demo.test: no other spec file may sign in with it.
 */
const EMAIL = 'intl.admin@demo.test';
const TOO_MANY = 'Too many attempts to sign in. Even the best students need a break: please wait a few minutes and try again.';
const INVALID_CREDENTIAL = "Sorry, that e-mail address and password don't match an account.";

describe('sign-in lockout', () => {
  const browser = useBrowser();

  it('after 10 wrong passwords the sign-in page says to wait', async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
    const alert = page.getByRole('alert');
    for (let attempt = 1; attempt <= 10; attempt++) {
      await page.getByLabel(/^Password/).fill(`Wrong#Guess${attempt}`);
      const answered = page.waitForResponse((response) => response.url().endsWith('/v1/auth/login'));
      await page.getByRole('button', { name: 'Sign in' }).click();
      const response = await answered;
      expect(response.status(), `attempt ${attempt}`).toBe(attempt < 10 ? 401 : 429);
      await expectVisible(alert);
      if (attempt < 10) expect((await alert.innerText()).trim()).toBe(INVALID_CREDENTIAL);
    }
    await expectVisible(page.getByText(TOO_MANY));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'sign-in-too-many-attempts');
  });

  it('stays locked, even with the right password', async () => {
    const page = await browser.newPage('mobile');
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
    await page.getByLabel(/^Password/).fill('Portal#2026demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectVisible(page.getByText(TOO_MANY));
    await expectHeading(page, 'Sign in');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'sign-in-too-many-attempts');
  });
});
