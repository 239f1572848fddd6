import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localIsoDate } from '../../support/api';
import { expectHeading, signIn } from '../../support/auth';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { journeyWidths } from '../../support/widths';

/**
 * The create form's date dialog at a Sydney school, whose Term 4 ends in December: the month shows its term, the
 * school holidays after it (tinted, still bookable) and Christmas Day (a public holiday, struck through); pressing
 * or focusing a day that cannot be chosen says why under the calendar.
 */
const ACCOUNT = 'group.admin@demo.test';

async function openDecember(page: Page) {
  await signIn(page, ACCOUNT, '/bookings/create');
  await expectHeading(page, 'Create Booking');
  await page.getByLabel(/^Location/).selectOption({ label: 'Harbourside Primary School' });
  await page.getByRole('button', { name: 'One day' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a date' });
  await expectVisible(dialog);
  const header = dialog.locator('.MuiPickersCalendarHeader-label');
  await expectVisible(header);
  for (let i = 0; i < 12 && !(await header.textContent())?.includes('December'); i++) {
    await dialog.getByRole('button', { name: 'Next month' }).click();
    await page.waitForTimeout(350);
  }
  expect(await header.textContent()).toMatch(/December/);
  const year = (await header.textContent())!.match(/\d{4}/)![0];
  return { dialog, year };
}

describe('date picker: school terms, public holidays and why a day cannot be chosen', { timeout: 180_000 }, () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`shows December's term, school holidays and Christmas Day, and the reason of a disabled day (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      const { dialog, year } = await openDecember(page);
      expect(localIsoDate() < `${year}-12-25`).toBe(true);

      const legend = dialog.getByRole('list', { name: 'What the marked days are' });
      await expectVisible(legend);
      await expect.poll(() => legend.textContent(), { timeout: 10_000 }).toMatch(/Term 4: \d{1,2} Oct \d{4} – 1\d Dec \d{4}/);
      expect(await legend.textContent()).toContain('School holidays');
      expect(await legend.textContent()).toMatch(/Christmas Day, \w{3} 25 Dec \d{4}/);
      await expectVisible(dialog.getByText('Terms and school holidays are shown for information'));

      // Christmas Day: named as a public holiday and unavailable; a school-holiday weekday can still be chosen.
      const christmas = dialog.locator(`button[data-date="${year}-12-25"]`);
      expect(await christmas.getAttribute('aria-label')).toMatch(
        /^25 Dec \d{4}, Christmas Day, public holiday, School holidays, unavailable$/,
      );
      expect(await christmas.getAttribute('aria-disabled')).toBe('true');
      const holidayWeekday = dialog.locator('[data-school-holidays="true"]:not([data-unavailable])').first();
      expect(await holidayWeekday.getAttribute('aria-label')).toMatch(/, School holidays$/);

      // Pressing a struck-through day says why (what a touch screen needs), and chooses nothing.
      const reason = dialog.getByTestId('date-day-reason');
      expect(await reason.textContent()).toContain('Tap or focus a struck-through day');
      // (forced: Playwright will not press an aria-disabled element, a finger will)
      await christmas.click({ force: true });
      await expect.poll(() => reason.textContent()).toMatch(/^\w{3} 25 Dec \d{4}: Christmas Day is a public holiday at this school/);
      expect(await christmas.getAttribute('aria-selected')).toBe('false');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'date-picker-terms');

      // The keyboard reaches struck-through days too: the day after Christmas Day (Boxing Day, a weekend in 2026).
      await christmas.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => reason.textContent()).toMatch(/^\w{3} 26 Dec \d{4}: \S/);

      // A weekday in the school holidays is chosen as any other day.
      await holidayWeekday.click();
      await expect.poll(() => holidayWeekday.getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => reason.textContent()).toMatch(/: School holidays$/);
      expect(await dialog.getByRole('button', { name: 'OK' }).isEnabled()).toBe(true);

      if (viewport === 'mobile') {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      }
      expectNoPageErrors(page);
    });
  }
});
