import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHeading, signIn } from '../../support/auth';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';

/** Spec §2 dark mode: the device's setting (`prefers-color-scheme`) until the user chooses; the choice is kept. */
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

describe('colour scheme', () => {
  const browser = useBrowser();

  it('follows the device until the user chooses, then keeps the choice whatever the device says', async () => {
    const page = await browser.newPage('desktop');
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, 'group.admin@demo.test', '/bookings');
    await expectHeading(page, 'Bookings');
    expect(await isDark(page)).toBe(true);
    const toggle = page.getByRole('button', { name: 'Dark mode' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');

    // The device changes, and so does the portal.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.classList.contains('light'));
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await expectNoSeriousA11yViolations(page);

    // The user chooses light: kept on a dark device, after a reload too.
    await toggle.click();
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('false');
    expect(await isDark(page)).toBe(false);
    await page.reload();
    await expectHeading(page, 'Bookings');
    expect(await isDark(page)).toBe(false);
    expectNoPageErrors(page);
  });

  it('mobile: the sign-in page on a device in dark mode is dark', async () => {
    const page = await browser.newPage('mobile');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/login');
    await expectVisible(page.getByRole('button', { name: 'Sign in' }));
    expect(await isDark(page)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'sign-in-device-dark');
    expectNoPageErrors(page);
  });
});
