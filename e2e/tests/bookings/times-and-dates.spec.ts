import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor } from '../../support/api';
import { expectHeading, signIn } from '../../support/auth';
import { authed, schoolDaysInOneWeek } from '../../support/bookings';
import {
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  expectVisible,
  screenshot,
  useBrowser,
  type ViewportName,
} from '../../support/browser';
import { baseUrl } from '../../support/world';

/**
 * Times and dates as each locale shows them: a Canadian contact (en-CA) types the date as the app shows it,
 * MM/DD/YYYY, and times on the 12-hour clock; the one time input (never the browser's native one, 12-hour in
 * Chromium) takes 24-hour times in Australia in Extend and Modify; a group with schools in several zones sees each
 * school's times with the zone's short name ('AWST'), never an IANA name. Creates one booking per viewport at
 * group.admin's Perth school; decides nothing.
 */
const CA = 'ca.admin@demo.test';
const GROUP = 'group.admin@demo.test';

interface BookingLocation {
  locationId: number;
  clientId: number;
  canCreateBooking: boolean;
  timeZone: string;
}

const ZONE_NAME = /\b(AWST|AEST|AEDT|ACST|ACDT)/;

async function bookingLocations(token: string): Promise<BookingLocation[]> {
  return apiGet<BookingLocation[]>(token, 'locations/booking-location-list');
}

/** A request at one location, straight to the provider, with the given times; answers its first booking's id. */
async function createAt(token: string, location: BookingLocation, dates: string[]): Promise<number> {
  const classifications = await apiGet<{ id: number }[]>(token, `clients/${location.clientId}/pay-classes`);
  const contacts = await apiGet<{ id: number; methods: { email: boolean } }[]>(
    token,
    `contacts/booking-contacts?locationId=${location.locationId}`,
  );
  const certifications = await apiGet<{ id: number; isLocationDefault: boolean }[]>(
    token,
    `locations/${location.locationId}/certifications`,
  );
  const response = await fetch(`${baseUrl()}/v1/bookings`, {
    method: 'POST',
    headers: { ...authed(token), 'idempotency-key': `e2e-times-${Date.now()}` },
    body: JSON.stringify({
      locationId: location.locationId,
      classificationId: classifications[0]!.id,
      certificationIds: certifications.filter((c) => c.isLocationDefault).map((c) => c.id),
      dates,
      startTime: '08:40',
      endTime: '15:20',
      confirmations: [{ bookingContactId: contacts.find((c) => c.methods.email)!.id, email: true }],
      policiesAgreed: true,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { bookings: { id: number }[] }).bookings[0]!.id;
}

/** A free school day some weeks ahead whose day of the month is above 12, so it reads only month first. */
async function unambiguousSchoolDay(token: string, locationId: number, weeksAhead: number): Promise<string> {
  for (let week = weeksAhead; week < weeksAhead + 6; week++) {
    const days = await schoolDaysInOneWeek(token, locationId, week, 4);
    const day = days.find((d) => Number(d.slice(8, 10)) > 12);
    if (day) return day;
  }
  throw new Error('no free school day after the 12th of a month');
}

async function noNativeTimeInputs(page: Page): Promise<void> {
  expect(await page.locator('input[type="time"]').count()).toBe(0);
}

describe('times and dates as the locale shows them', () => {
  const browser = useBrowser();

  for (const [index, viewport] of (['desktop', 'mobile'] as ViewportName[]).entries()) {
    it(`a Canadian contact types the date as shown (MM/DD/YYYY) and 12-hour times in the create form (${viewport})`, async () => {
      const token = await apiTokenFor(CA);
      const location = (await bookingLocations(token)).find((l) => l.canCreateBooking)!;
      const iso = await unambiguousSchoolDay(token, location.locationId, 2 + 3 * index);
      const typed = DateTime.fromISO(iso).toFormat('MM/dd/yyyy');

      const page = await browser.newPage(viewport);
      await signIn(page, CA, '/bookings/create');
      await expectHeading(page, /^Create booking$/i);
      await page.getByLabel(/^Location/).selectOption(String(location.locationId));
      const classification = page.getByLabel(/^Classification/);
      await expect.poll(() => classification.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
      if ((await classification.inputValue()) === '') await classification.selectOption({ index: 1 });

      // The school's usual times, on the 12-hour clock as Canada reads times everywhere in the app.
      const start = page.getByRole('textbox', { name: /^Start time/ });
      const end = page.getByRole('textbox', { name: /^End time/ });
      await expect.poll(() => start.inputValue()).toMatch(/^\d{1,2}:\d{2} [AP]M$/);
      await noNativeTimeInputs(page);
      await end.fill('2:45 pm');
      await end.press('Tab');
      expect(await end.inputValue()).toBe('2:45 PM');
      await end.fill('15:15');
      await end.press('Tab');
      expect(await end.inputValue()).toBe('3:15 PM');

      // The date dialog shows MM/DD/YYYY and takes a date typed that way (it refused 11/30/2026-like dates).
      await page.getByRole('button', { name: 'One day' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose a date' });
      await expectVisible(dialog);
      await expectVisible(dialog.getByText('For example MM/DD/YYYY'));
      await dialog.getByRole('textbox', { name: 'Type a date' }).fill(typed);
      const ok = dialog.getByRole('button', { name: 'OK' });
      await expect.poll(() => ok.isEnabled()).toBe(true);
      await expectVisible(dialog.getByTestId('date-selection').filter({ hasText: typed }));
      await ok.click();
      await dialog.waitFor({ state: 'hidden' });
      await expect
        .poll(() => page.locator('[data-testid="booking-dates"] li').evaluateAll((items) => items.map((i) => i.getAttribute('data-date'))))
        .toEqual([iso]);
      // The same-day cut-off names the school's zone as people there write it, not 'America/Toronto'.
      await expectVisible(page.getByText(/^Bookings for today close at \d{1,2}:\d{2} [AP]M at this school \((EST|EDT)\)\.$/));
      expect(await page.locator('body').innerText()).not.toMatch(/America\//);
      await page.getByRole('textbox', { name: /^Start time/ }).scrollIntoViewIfNeeded();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'times-create-form-en-ca');
      expectNoPageErrors(page);
    }, 120_000);

    it(`a group across zones sees each school's zone by its short name; Extend and Modify take 24-hour times (${viewport})`, async () => {
      const token = await apiTokenFor(GROUP);
      const locations = await bookingLocations(token);
      expect(new Set(locations.map((l) => l.timeZone)).size).toBeGreaterThan(1);
      const perth = locations.find((l) => l.timeZone === 'Australia/Perth' && l.canCreateBooking)!;
      // Two free school days in a row, the first booked: the day Extend offers first is then one it can add (a single
      // free day could be followed by a holiday, or a day already taken, and Extend would have nothing to offer).
      const [day] = await schoolDaysInOneWeek(token, perth.locationId, 4 + 2 * index, 2);
      const bookingId = await createAt(token, perth, [day!]);

      const page = await browser.newPage(viewport);
      // The whole list: times of several zones on one screen, each with its zone's short name.
      await signIn(page, GROUP, '/bookings');
      await expectHeading(page, 'Bookings');
      const items = page.getByTestId(viewport === 'desktop' ? 'booking-row' : 'booking-card');
      await expect.poll(() => items.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const texts = await items.allTextContents();
      for (const text of texts) expect(text).toMatch(ZONE_NAME);
      expect(await page.locator('body').innerText()).not.toMatch(/Australia\/|Pacific\//);
      await screenshot(page, 'times-bookings-list-zones');

      // Perth's own bookings: Western Australia keeps no daylight saving, so AWST all year.
      await page.goto(`${baseUrl()}/bookings?location=${perth.locationId}&from=${day}`);
      const perthRow = page.locator(`[data-booking-id="${bookingId}"]`);
      await expectVisible(perthRow);
      expect(await perthRow.textContent()).toContain('08:40–15:20 AWST');

      // The booking itself, and Extend with the one time input on the 24-hour clock.
      await page.goto(`${baseUrl()}/bookings/${bookingId}`);
      await expectVisible(page.getByText('08:40–15:20 AWST', { exact: true }));
      expect(await page.locator('body').innerText()).not.toMatch(/Australia\//);
      await page.getByRole('button', { name: 'Extend booking' }).click();
      const extend = page.getByRole('dialog', { name: 'Extend this booking' });
      await expectVisible(extend);
      const extendStart = extend.getByRole('textbox', { name: /^Start time/ });
      expect(await extendStart.inputValue()).toBe('08:40');
      expect(await extend.getByRole('textbox', { name: /^End time/ }).inputValue()).toBe('15:20');
      await noNativeTimeInputs(page);
      await extendStart.press('ArrowUp');
      expect(await extendStart.inputValue()).toBe('08:45');
      await extendStart.fill('8:30 pm');
      await extendStart.press('Tab');
      expect(await extendStart.inputValue()).toBe('20:30');
      await extend.getByRole('button', { name: 'Extend booking' }).click();
      await expectVisible(extend.getByText('End time cannot be earlier than the start time'));
      await extendStart.fill('7:45');
      await extendStart.press('Tab');
      expect(await extendStart.inputValue()).toBe('07:45');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'times-extend-dialog');
      await page.keyboard.press('Escape');
      await extend.waitFor({ state: 'hidden' });

      // Timesheets: the billed times with their zone, and Modify with the same time input.
      await page.goto(`${baseUrl()}/timesheets`);
      await expectHeading(page, 'Timesheets');
      // A timesheet the educator says did not happen shows no times: the first one with times.
      const sheet = page
        .getByTestId(viewport === 'desktop' ? 'timesheet-row' : 'timesheet-card')
        .filter({ hasNotText: 'Educator says it did not happen' })
        .first();
      await expectVisible(sheet, 15_000);
      expect(await sheet.textContent()).toMatch(ZONE_NAME);
      await sheet.getByRole('checkbox', { name: /^Select the timesheet of / }).check();
      await page.getByRole('button', { name: 'Modify', exact: true }).click();
      const modify = page.getByRole('dialog', { name: /^Modify/ });
      await expectVisible(modify);
      const modifyStart = modify.getByRole('textbox', { name: /^Start/ });
      expect(await modifyStart.inputValue()).toMatch(/^\d{2}:\d{2}$/);
      await noNativeTimeInputs(page);
      await modifyStart.fill('13:05');
      await modifyStart.press('Tab');
      expect(await modifyStart.inputValue()).toBe('13:05');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'times-modify-dialog');
      expectNoPageErrors(page);
    }, 180_000);
  }
});
