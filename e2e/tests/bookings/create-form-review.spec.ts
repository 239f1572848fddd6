import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor, localIsoDate } from '../../support/api';
import { expectHeading, signIn } from '../../support/auth';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { baseUrl } from '../../support/world';
import { journeyWidths } from '../../support/widths';

/**
 * The create-booking form as a new school user found it (demo review, items 4 and 6): the several-days picker
 * shows every chosen date, greys out weekends and past days with the reason; the classification's break is shown
 * (editable only where the classification shows breaks) and the server checks the same rule; the person booking
 * is offered first as a confirmation contact. Signs in as group.admin and reads only: nothing is submitted.
 */
const ACCOUNT = 'group.admin@demo.test';

interface Classification {
  id: number;
  onlineTitle: string;
  extraValidation: { defaultBreakInMins: number | null; shouldShowBreaks: boolean };
}

const api = (path: string) => `${baseUrl()}/v1/${path}`;

async function openCreate(page: Page): Promise<void> {
  await signIn(page, ACCOUNT, '/bookings/create');
  await expectHeading(page, 'Create Booking');
  const location = page.getByLabel(/^Location/);
  // Harbourside Primary School (location 1): group.admin is one of its booking contacts in the demo.
  await location.selectOption({ label: 'Harbourside Primary School' });
  const classification = page.getByLabel(/^Classification/);
  await expect.poll(() => classification.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
}

/** A weekday at least a week ahead, in the month the calendar shows after `months` clicks on next month. */
function firstWeekdays(year: number, month: number, count: number): string[] {
  const days: string[] = [];
  for (let day = 8; days.length < count; day++) {
    const date = new Date(Date.UTC(year, month, day));
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) days.push(date.toISOString().slice(0, 10));
  }
  return days;
}

describe('several-days picker', { timeout: 180_000 }, () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`shows every chosen date selected, weekends and past days greyed out with the reason (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await openCreate(page);
      await page.getByRole('button', { name: 'Several days' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose dates' });
      await expectVisible(dialog);
      await expectVisible(dialog.getByTestId('date-picker-legend'));

      // Past days of this month (when there are any) and its weekends are disabled, named with their reason.
      const today = localIsoDate();
      const pastDay = dialog.locator('[data-unavailable="true"]').first();
      await expectVisible(pastDay);
      if (Number(today.slice(8)) > 3) {
        const yesterday = new Date(`${today}T12:00:00Z`);
        yesterday.setUTCDate(yesterday.getUTCDate() - 2);
        const cell = dialog.locator(`[data-date="${yesterday.toISOString().slice(0, 10)}"]`);
        expect(await cell.getAttribute('aria-label')).toMatch(/Date cannot be in the past$/);
        expect(await cell.isDisabled()).toBe(true);
      }

      // Next month: two weekdays, clicked; both show selected (the bug: only the last one did).
      await dialog.getByRole('button', { name: 'Next month' }).click();
      const now = new Date(`${today}T12:00:00Z`);
      const [first, second] = firstWeekdays(now.getUTCFullYear(), now.getUTCMonth() + 1, 2) as [string, string];
      await dialog.locator(`[data-date="${first}"]`).click();
      await dialog.locator(`[data-date="${second}"]`).click();
      await expect.poll(() => dialog.locator(`[data-date="${first}"]`).getAttribute('aria-selected')).toBe('true');
      expect(await dialog.locator(`[data-date="${second}"]`).getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => dialog.getByTestId('date-selection').textContent()).toMatch(/^2 dates selected: /);
      // Both carry the selected look, not only the calendar's own value.
      expect(await dialog.locator('.MuiPickerDay-root.Mui-selected, .MuiPickersDay-root.Mui-selected').count()).toBe(2);

      // A weekend day of that month: disabled, with the reason in its name. A public holiday (New Year's Day in
      // January) is named by its holiday instead, so the first unavailable day that is not one.
      const weekend = dialog.locator('[data-unavailable="true"]:not([data-holiday="true"])').first();
      expect(await weekend.getAttribute('aria-label')).toMatch(/: (Bookings can only be made on weekdays|Date cannot be in the past)$/);

      if (viewport === 'mobile') {
        // The typed-date field lines up with the calendar inside the dialog.
        const field = await dialog.getByRole('textbox').boundingBox();
        const grid = await dialog.getByRole('grid').boundingBox();
        expect(field!.x).toBeGreaterThanOrEqual(0);
        expect(field!.x + field!.width).toBeLessThanOrEqual(375);
        expect(Math.abs(field!.x - grid!.x)).toBeLessThanOrEqual(24);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      }
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'review-date-picker');

      // Clicking a chosen date again takes it off; OK adds the other.
      await dialog.locator(`[data-date="${first}"]`).click();
      await expect.poll(() => dialog.locator(`[data-date="${first}"]`).getAttribute('aria-selected')).toBe('false');
      await dialog.getByRole('button', { name: 'OK' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect
        .poll(() =>
          page
            .getByTestId('booking-dates')
            .locator('li')
            .evaluateAll((items) => items.map((i) => i.getAttribute('data-date'))),
        )
        .toEqual([second]);

      // A typed weekend is refused with its reason, not only by a disabled OK.
      await page.getByRole('button', { name: 'One day' }).click();
      const single = page.getByRole('dialog', { name: 'Choose a date' });
      const saturday = (() => {
        const d = new Date(`${second}T12:00:00Z`);
        while (d.getUTCDay() !== 6) d.setUTCDate(d.getUTCDate() + 1);
        return d.toISOString().slice(0, 10);
      })();
      await single.getByRole('textbox').fill(saturday);
      await expectVisible(single.getByText(/: Bookings can only be made on weekdays$/));
      expect(await single.getByRole('button', { name: 'OK' }).isDisabled()).toBe(true);
      expectNoPageErrors(page);
    });
  }
});

describe('break and confirmations', { timeout: 180_000 }, () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`shows the classification's break, editable only where breaks are shown, and offers the booker first (${viewport})`, async () => {
      const token = await apiTokenFor(ACCOUNT);
      const classifications = await apiGet<Classification[]>(token, 'clients/1/pay-classes');
      const shown = classifications.find((c) => c.extraValidation.shouldShowBreaks && (c.extraValidation.defaultBreakInMins ?? 0) > 0)!;
      const set = classifications.find((c) => !c.extraValidation.shouldShowBreaks && (c.extraValidation.defaultBreakInMins ?? 0) > 0)!;
      expect(shown, 'a classification that shows breaks').toBeDefined();
      expect(set, 'a classification with a set break').toBeDefined();

      const page = await browser.newPage(viewport);
      await openCreate(page);
      const classification = page.getByLabel(/^Classification/);

      await classification.selectOption(String(shown.id));
      const breakField = page.getByLabel(/^Break \(minutes\)/);
      await expectVisible(breakField);
      await expect.poll(() => breakField.inputValue()).toBe(String(shown.extraValidation.defaultBreakInMins));
      await breakField.fill('45');
      expect(await breakField.inputValue()).toBe('45');

      await classification.selectOption(String(set.id));
      await expect.poll(() => breakField.count()).toBe(0);
      await expectVisible(page.getByTestId('booking-set-break'));
      expect(await page.getByTestId('booking-set-break').textContent()).toContain(
        `Includes a ${set.extraValidation.defaultBreakInMins}-minute unpaid break`,
      );

      // The person booking is the first confirmation contact offered, and ticked.
      const first = page.getByTestId('confirmation-contact').first();
      await expectVisible(first);
      expect(await first.textContent()).toMatch(/\(you\)|you/i);
      expect(await first.getByRole('checkbox').first().isChecked()).toBe(true);

      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'review-create-break');
      expectNoPageErrors(page);
    });
  }

  it('the server checks the break by the same rule (a set break cannot be changed, a shown one must fit)', async () => {
    const token = await apiTokenFor(ACCOUNT);
    const classifications = await apiGet<Classification[]>(token, 'clients/1/pay-classes');
    const set = classifications.find((c) => !c.extraValidation.shouldShowBreaks && (c.extraValidation.defaultBreakInMins ?? 0) > 0)!;
    const shown = classifications.find((c) => c.extraValidation.shouldShowBreaks)!;
    // Bodies that fail (no confirmation, policies not agreed), so nothing is booked whatever else passes.
    const body = (classificationId: number, breakMinutes: number, endTime = '15:00') => ({
      locationId: 1,
      classificationId,
      dates: [firstWeekdays(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1)[0]],
      startTime: '09:00',
      endTime,
      breakMinutes,
      confirmations: [],
      policiesAgreed: false,
    });
    const post = async (payload: object) => {
      const response = await fetch(api('bookings'), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'accept-version': '1',
          'content-type': 'application/json',
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify(payload),
      });
      return { status: response.status, errors: ((await response.json()) as { errors?: Record<string, string[]> }).errors ?? {} };
    };
    const changed = await post(body(set.id, 0));
    expect(changed.status).toBe(400);
    expect(changed.errors.breakMinutes).toEqual([
      `This classification has a set break of ${set.extraValidation.defaultBreakInMins} minutes`,
    ]);
    const tooLong = await post(body(shown.id, 60, '10:00'));
    expect(tooLong.status).toBe(400);
    expect(tooLong.errors.breakMinutes).toEqual(['The break must be shorter than the booking']);
    const fine = await post(body(shown.id, 20));
    expect(fine.status).toBe(400);
    expect(fine.errors.breakMinutes).toBeUndefined();
  });
});
