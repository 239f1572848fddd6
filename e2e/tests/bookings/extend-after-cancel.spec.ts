import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor } from '../../support/api';
import { signIn } from '../../support/auth';
import { cancelViaApi, createBooking, schoolDaysInOneWeek, type Detail } from '../../support/bookings';
import {
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  expectVisible,
  screenshot,
  useBrowser,
  type ViewportName,
} from '../../support/browser';

/**
 * Cancel Thursday, extend to Friday: the dialog must list only Friday as added, and the booking must never show
 * Thursday twice (Cancelled and Filled). An extension adds only days after the last booked day, lets the
 * user leave days out, and never books a date twice; at 375 px its times are not clipped. Adds one Wednesday to
 * Friday-and-on series per run at one of uk.admin's schools.
 */
const UK = 'uk.admin@demo.test';

/** A Wednesday and Thursday request whose Thursday is cancelled (made again if the provider filled it first). */
async function seriesWithCancelledLastDay(token: string, weeksAhead: number): Promise<{ wed: string; thu: string; wedId: number }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const created = await createBooking(
      token,
      async (locationId) => (await schoolDaysInOneWeek(token, locationId, weeksAhead + attempt, 4)).slice(1, 3),
      'extend',
    );
    const [wed, thu] = created;
    if ((await cancelViaApi(token, thu!.id, 'Trip moved')) === 200) return { wed: wed!.dateLocal, thu: thu!.dateLocal, wedId: wed!.id };
  }
  throw new Error('could not cancel the Thursday before the provider filled it');
}

/** Every time field of the dialog shows its whole value (no text cut off inside the input). */
async function expectTimesNotClipped(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Extend this booking' });
  const box = (await dialog.locator('.MuiDialogContent-root').boundingBox())!;
  for (const label of ['Start time', 'End time', 'Break (minutes)']) {
    const input = dialog.getByLabel(label, { exact: false }).first();
    const inputBox = (await input.boundingBox())!;
    expect(inputBox.x + inputBox.width, `${label} inside the dialog`).toBeLessThanOrEqual(box.x + box.width + 0.5);
    const clipped = await input.evaluate((el) => (el as HTMLInputElement).scrollWidth > (el as HTMLInputElement).clientWidth + 1);
    expect(clipped, `${label} clipped`).toBe(false);
    expect(inputBox.width, `${label} wide enough`).toBeGreaterThan(110);
  }
}

describe('extending a series whose last day was cancelled', () => {
  const browser = useBrowser();

  for (const [index, viewport] of (['desktop', 'mobile'] as ViewportName[]).entries()) {
    it(`adds only days after the cancelled day, leaves out an unticked day, never books a date twice (${viewport})`, async () => {
      const token = await apiTokenFor(UK);
      const { wed, thu, wedId } = await seriesWithCancelledLastDay(token, 7 + 2 * index);
      const fri = DateTime.fromISO(thu).plus({ days: 1 }).toISODate()!;
      const mon = DateTime.fromISO(thu).plus({ days: 4 }).toISODate()!;
      const tue = DateTime.fromISO(thu).plus({ days: 5 }).toISODate()!;

      const page = await browser.newPage(viewport);
      await signIn(page, UK, `/bookings/${wedId}`);
      await page.getByRole('button', { name: 'Extend booking' }).click();
      const dialog = page.getByRole('dialog', { name: 'Extend this booking' });
      const days = dialog.getByTestId('extend-days');
      await expectVisible(days);
      // Friday only: the cancelled Thursday is not booked again.
      await expect
        .poll(async () => days.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-date'))))
        .toEqual([fri]);
      await expectTimesNotClipped(page);

      // A longer extension, one day left out.
      await dialog.getByRole('button', { name: 'Change end date' }).click();
      const picker = page.getByRole('dialog', { name: 'Choose a date' });
      await picker.getByRole('textbox', { name: 'Type a date' }).fill(tue);
      const ok = picker.getByRole('button', { name: 'OK' });
      await expect.poll(async () => ok.isEnabled()).toBe(true);
      await ok.click();
      await expect
        .poll(async () => days.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-date'))))
        .toEqual([fri, mon, tue]);
      await days.locator(`li[data-date="${mon}"]`).getByRole('checkbox').uncheck();
      await expectVisible(dialog.getByTestId('extend-summary').getByText(/2 school days added\. 1 day left out\./));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'extend-after-cancel-dialog');

      await dialog.getByRole('button', { name: 'Extend booking' }).click();
      await expectVisible(page.getByText(/^Booking extended to /));
      const detail = await apiGet<Detail>(token, `bookings/${wedId}`);
      const dates = detail.bookings.map((b) => `${b.dateLocal}:${b.status}`);
      expect(detail.bookings.map((b) => b.dateLocal)).toEqual([wed, thu, fri, tue]);
      expect(dates[1]).toBe(`${thu}:cancelled`);
      await screenshot(page, 'extend-after-cancel-detail');
      expectNoPageErrors(page);
    }, 120_000);
  }
});
