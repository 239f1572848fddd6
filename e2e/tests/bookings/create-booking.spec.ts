import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor } from '../../support/api';
import { expectHeading, pathOf, signIn } from '../../support/auth';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { baseUrl } from '../../support/world';
import { journeyWidths } from '../../support/widths';

/**
 * Create Booking (spec §5 'Booking create') and replace-me (spec §4, §9). This file creates booking requests as
 * group.admin and pending.booker (the latter waits for approval) and a replace-me request for today as
 * teacher@demo.test; it changes no passwords.
 */

interface BookingLocation {
  locationId: number;
  locationName: string;
  clientId: number;
  canCreateBooking: boolean;
  canCreatePendingBooking: boolean;
  timeZone: string;
  locationType: string;
  country: string;
  rules: { maxBookingsAllowed: number; maxBookingsPerDay: number };
}
interface BookingBlock {
  locationId: number;
  datesLocal: string[];
  messageMarkDown: string;
}
interface BookingDetail {
  id: number;
  status: string;
  location: { id: number };
  dates: Array<{ id: number; date: string }>;
  bookings: Array<{ id: number; dateLocal: string; status: string }>;
}
interface ReplaceMeStatus {
  days: { today: string; tomorrow: string; isNextMonday: boolean };
  requests: Array<{ id: number; selectedDay: string; status: string }>;
}
interface Profile {
  links: {
    groups: Array<{ clients: Array<{ clientId: number; locations: Array<{ tags: string[] }> }> }>;
    clients: Array<{ clientId: number; locations: Array<{ tags: string[] }> }>;
  };
}

const api = (path: string) => `${baseUrl()}/v1/${path}`;
const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'accept-version': '1', 'content-type': 'application/json' });

function plusDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
const isWeekend = (iso: string) => [0, 6].includes(new Date(`${iso}T00:00:00Z`).getUTCDay());
const todayUtc = () => new Date().toISOString().slice(0, 10);
/** The block's markdown as the page shows it (emphasis rendered). */
const plainText = (markdown: string) => markdown.replace(/[*_`]/g, '').trim();

async function blocksOf(token: string, locationId: number): Promise<BookingBlock[]> {
  const response = await fetch(api(`locations/booking-blocks?locationId=${locationId}`), { headers: headers(token) });
  return response.status === 204 ? [] : ((await response.json()) as BookingBlock[]);
}

/** The location's public holidays for a year (none where it opens on them). */
async function holidaysOf(token: string, locationId: number): Promise<Set<string>> {
  const from = plusDays(todayUtc(), -1);
  const answer = await apiGet<{ openOnPublicHolidays: boolean; holidays: { dateLocal: string }[] }>(
    token,
    `locations/${locationId}/public-holidays?fromLocal=${from}&toLocal=${plusDays(from, 400)}`,
  );
  return new Set(answer.openOnPublicHolidays ? [] : answer.holidays.map((h) => h.dateLocal));
}

async function hasClassifications(token: string, clientId: number): Promise<boolean> {
  const response = await fetch(api(`clients/${clientId}/pay-classes`), { headers: headers(token) });
  return response.status === 200 && ((await response.json()) as unknown[]).length > 0;
}

/** The create page, signed in, with the location chosen and its reference data loaded. */
async function openCreate(page: Page, email: string, locationId: number): Promise<void> {
  await signIn(page, email, '/bookings/create');
  await expectHeading(page, 'Create Booking');
  await expect.poll(() => page.title()).toMatch(/^Create Booking \| /);
  const location = page.getByLabel(/^Location/);
  await location.selectOption(String(locationId));
  const classification = page.getByLabel(/^Classification/);
  await expect.poll(() => classification.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
  if ((await classification.inputValue()) === '') await classification.selectOption({ index: 1 });
  await expect.poll(() => page.getByLabel(/^Start time/).inputValue()).not.toBe('');
}

async function addDates(page: Page, mode: 'One day' | 'Several days' | 'A date range', typed: string): Promise<void> {
  await page.getByRole('button', { name: mode }).click();
  const dialog = page.getByRole('dialog');
  await expectVisible(dialog);
  await dialog.getByRole('textbox').fill(typed);
  const ok = dialog.getByRole('button', { name: 'OK' });
  await expect.poll(() => ok.isEnabled()).toBe(true);
  await ok.click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Ticks a confirmation contact when none is ticked (the booker is ticked by default when they are one) and agrees to the policies. */
async function completeForm(page: Page): Promise<void> {
  const contacts = page.getByTestId('confirmation-contact');
  await expect.poll(() => contacts.count(), { timeout: 10_000 }).toBeGreaterThan(0);
  const first = contacts.first().getByRole('checkbox', { name: /^Confirm with / });
  if (!(await page.getByRole('group', { name: /^How to confirm with / }).count())) await first.check();
  await page.getByRole('checkbox', { name: 'I agree to the booking policies' }).check();
}

async function bookingDates(page: Page): Promise<string[]> {
  return page.locator('[data-testid="booking-dates"] li').evaluateAll((items) => items.map((item) => item.getAttribute('data-date') ?? ''));
}

describe('create booking', () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`the date picker refuses a typed public holiday and names it (${viewport})`, async () => {
      const token = await apiTokenFor('group.admin@demo.test');
      const locations = (await apiGet<BookingLocation[]>(token, 'locations/booking-location-list')).filter(
        (l) => l.canCreateBooking && l.locationType === 'school' && l.country === 'AU',
      );
      let chosen: { location: BookingLocation; date: string; name: string } | undefined;
      for (const location of locations) {
        const from = plusDays(todayUtc(), 3);
        const answer = await apiGet<{ openOnPublicHolidays: boolean; holidays: { dateLocal: string; name: string }[] }>(
          token,
          `locations/${location.locationId}/public-holidays?fromLocal=${from}&toLocal=${plusDays(from, 200)}`,
        );
        const holiday = answer.openOnPublicHolidays ? undefined : answer.holidays.find((h) => !isWeekend(h.dateLocal));
        if (holiday && (await hasClassifications(token, location.clientId))) {
          chosen = { location, date: holiday.dateLocal, name: holiday.name };
          break;
        }
      }
      expect(chosen, 'an Australian school with a weekday public holiday ahead').toBeDefined();
      const { location, date, name } = chosen!;
      const page = await browser.newPage(viewport);
      await openCreate(page, 'group.admin@demo.test', location.locationId);
      await page.getByRole('button', { name: 'One day' }).click();
      const dialog = page.getByRole('dialog');
      const [y, m, d] = date.split('-');
      await dialog.getByRole('textbox').fill(`${d}/${m}/${y}`);
      await expectVisible(dialog.getByText(`${name} is a public holiday at this school`, { exact: false }));
      await expect.poll(() => dialog.getByRole('button', { name: 'OK' }).isEnabled()).toBe(false);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'create-booking-holiday');
      expectNoPageErrors(page);
    });
  }

  it('desktop: group.admin books a block across a weekend; a blocked date is refused with its message, then booked without it', async () => {
    const token = await apiTokenFor('group.admin@demo.test');
    const locations = (await apiGet<BookingLocation[]>(token, 'locations/booking-location-list')).filter((l) => l.canCreateBooking);
    expect(locations.length).toBeGreaterThan(0);
    // A location with a weekday block 10 days or more ahead, at a client with classifications.
    let chosen: { location: BookingLocation; blocked: string; message: string } | undefined;
    // Its week (Monday to the next Monday) holds no public holiday: those are refused like blocks.
    for (const location of locations.slice(0, 12)) {
      const holidays = await holidaysOf(token, location.locationId);
      const weekOf = (date: string) => plusDays(date, 1 - new Date(`${date}T00:00:00Z`).getUTCDay());
      const block = (await blocksOf(token, location.locationId))
        .flatMap((b) => b.datesLocal.map((date) => ({ date, message: b.messageMarkDown })))
        .filter(({ date }) => date >= plusDays(todayUtc(), 10) && !isWeekend(date))
        .filter(({ date }) => Array.from({ length: 8 }, (_, i) => plusDays(weekOf(date), i)).every((d) => !holidays.has(d)))
        .sort((a, b) => a.date.localeCompare(b.date))[0];
      if (block && (await hasClassifications(token, location.clientId))) {
        chosen = { location, blocked: block.date, message: block.message };
        break;
      }
    }
    expect(chosen, 'a bookable location with a booking block ahead').toBeDefined();
    const { location, blocked, message } = chosen!;
    // From the Monday of the blocked date's week to the next Monday: six school days and one whole weekend, whatever
    // weekday the block falls on (eight days centred on it held three weekend days when it fell on a Wednesday).
    const first = plusDays(blocked, 1 - new Date(`${blocked}T00:00:00Z`).getUTCDay());
    const last = plusDays(first, 7);

    const page = await browser.newPage('desktop');
    await openCreate(page, 'group.admin@demo.test', location.locationId);
    await expectNoSeriousA11yViolations(page);

    await addDates(page, 'A date range', `${first} to ${last}`);
    const dates = await bookingDates(page);
    expect(dates).toHaveLength(6);
    expect(dates.some(isWeekend)).toBe(false);
    expect(dates).toContain(blocked);
    await expectVisible(page.getByText('2 weekend days were skipped: bookings are for school days only.'));
    // The blocked date is marked and its block's message shown (markdown rendered).
    const blockAlert = page.getByTestId('booking-block-message');
    await expectVisible(blockAlert);
    expect(await blockAlert.innerText()).toContain(plainText(message));
    await completeForm(page);
    await expectVisible(page.getByTestId('booking-total').filter({ hasText: '6 dates × 1 per day = 6 bookings' }));

    // Submitting is refused while the blocked date is in.
    await page.getByRole('button', { name: 'Create booking' }).click();
    // The dates are the first field in error: focus moves to them, described by the block's message.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('One day');
    const datesGroup = page.getByRole('group', { name: 'Dates', exact: true });
    expect(await datesGroup.getAttribute('aria-describedby')).toContain(await blockAlert.getAttribute('id'));
    await expectVisible(blockAlert.getByText('Remove these dates to continue.'));
    expect(pathOf(page)).toBe('/bookings/create');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'create-booking-blocked');

    // The server refuses it too, naming the date and the block's message.
    const body = {
      locationId: location.locationId,
      classificationId: Number(await page.getByLabel(/^Classification/).inputValue()),
      dates,
      startTime: '08:30',
      endTime: '15:00',
      confirmations: [] as unknown[],
      policiesAgreed: true,
    };
    const refused = await fetch(api('bookings'), {
      method: 'POST',
      headers: { ...headers(token), 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify(body),
    });
    expect([400, 422]).toContain(refused.status);
    const problem = (await refused.json()) as { errors?: Record<string, string[]> };
    const blockedKey = `dates.${dates.indexOf(blocked)}`;
    expect(problem.errors?.[blockedKey]?.[0], JSON.stringify(problem)).toBe(message);

    // Without the blocked date it is booked, and the page moves to the booking.
    for (const date of dates.filter((d) => d !== blocked)) {
      expect(await page.locator(`[data-testid="booking-dates"] li[data-date="${date}"][data-blocked]`).count()).toBe(0);
    }
    await page.locator(`[data-testid="booking-dates"] li[data-date="${blocked}"] .MuiChip-deleteIcon`).click();
    expect(await bookingDates(page)).toEqual(dates.filter((d) => d !== blocked));
    await expectVisible(page.getByTestId('booking-total').filter({ hasText: '5 dates × 1 per day = 5 bookings' }));
    await page.getByRole('button', { name: 'Create booking' }).click();
    await page.waitForURL(/\/bookings\/\d+$/, { timeout: 15_000 });
    await expectVisible(page.getByText(/^Booking made!/));
    const bookingId = Number(pathOf(page).split('/').pop());
    const detail = await apiGet<BookingDetail>(token, `bookings/${bookingId}`);
    expect(detail.location.id).toBe(location.locationId);
    expect(detail.dates.map((d) => d.date).sort()).toEqual(dates.filter((d) => d !== blocked));
    expect(detail.status).not.toBe('pending_approval');
    expectNoPageErrors(page);
  });

  it('mobile: pending.booker requests a booking that waits for approval', async () => {
    const token = await apiTokenFor('pending.booker@demo.test');
    const locations = await apiGet<BookingLocation[]>(token, 'locations/booking-location-list');
    const location = locations.find((l) => !l.canCreateBooking && l.canCreatePendingBooking);
    expect(location, 'a location where pending.booker may only ask for approval').toBeDefined();
    const blocked = new Set((await blocksOf(token, location!.locationId)).flatMap((b) => b.datesLocal));
    let date = plusDays(todayUtc(), 3);
    while (isWeekend(date) || blocked.has(date)) date = plusDays(date, 1);

    const page = await browser.newPage('mobile');
    await openCreate(page, 'pending.booker@demo.test', location!.locationId);
    await expectVisible(page.getByTestId('pending-only'));
    await expectVisible(page.getByText('This request will wait for approval before we start looking for an educator.'));

    // A certification left out of the location's defaults needs review.
    const certifications = page.getByRole('region', { name: 'Certifications' });
    const firstDefault = certifications.getByRole('checkbox').first();
    await firstDefault.uncheck();
    const review = page.getByRole('checkbox', { name: 'I have reviewed the changed certifications' });
    await expectVisible(review);

    // The form's own messages first: nothing chosen.
    await page.getByRole('button', { name: 'Request booking' }).click();
    await expectVisible(page.getByText('You changed the certifications this location asks for. Please review them and confirm.'));
    await expectVisible(page.getByText('Please select at least one date'));
    await expectVisible(page.getByText('Please agree to the booking policies'));
    expect(await page.getByRole('checkbox', { name: 'I agree to the booking policies' }).getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousA11yViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'create-booking-errors');

    await review.check();
    await addDates(page, 'One day', date);
    expect(await bookingDates(page)).toEqual([date]);
    await completeForm(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'create-booking-pending');

    await page.getByRole('button', { name: 'Request booking' }).click();
    await page.waitForURL(/\/bookings\/\d+$/, { timeout: 15_000 });
    await expectVisible(page.getByText(/^Request sent for approval\./));
    const bookingId = Number(pathOf(page).split('/').pop());
    const detail = await apiGet<BookingDetail>(token, `bookings/${bookingId}`);
    expect(detail.status).toBe('pending_approval');
    expect(detail.bookings.map((b) => b.status)).toEqual(['pending_approval']);
    expectNoPageErrors(page);
  });
});

describe('replace-me', () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`teacher asks for a replacement on a school day from My availability and sees it scheduled (${viewport})`, async () => {
      const token = await apiTokenFor('teacher@demo.test');
      const profile = await apiGet<Profile>(token, 'profile');
      const client = [...profile.links.groups.flatMap((g) => g.clients), ...profile.links.clients].find((c) =>
        c.locations.some((l) => l.tags.includes('replace_me_feature_enabled')),
      )!;
      const before = await apiGet<ReplaceMeStatus>(token, `bookings/replace-me-status?clientId=${client.clientId}`);
      // Replace-me is for school days (spec §5): today on a weekday, else the next school day (Monday).
      const weekend = [0, 6].includes(new Date(`${before.days.today}T00:00:00Z`).getUTCDay());
      const tomorrowLabel = before.days.isNextMonday ? 'Next Monday' : 'Tomorrow';
      const choice = weekend
        ? { selectedDay: 'tomorrow', date: before.days.tomorrow, label: tomorrowLabel, isNextMonday: before.days.isNextMonday }
        : { selectedDay: 'today', date: before.days.today, label: 'Today', isNextMonday: false };
      const day = choice.date;

      const page = await browser.newPage(viewport);
      await signIn(page, 'teacher@demo.test', '/availability');
      await expectHeading(page, 'My availability');
      const card = page.getByTestId('replace-me-card');
      await expectVisible(card);
      const group = card.getByRole('group', { name: /^Ask for a replacement/ });
      await expectVisible(group.getByRole('button', { name: new RegExp(`^${tomorrowLabel}`) }));
      // On a Saturday or Sunday the card does not offer today.
      if (weekend) expect(await group.getByRole('button', { name: /^Today/ }).count()).toBe(0);

      const asked = !before.requests.some((r) => r.selectedDay === day);
      if (asked) {
        await group.getByRole('button', { name: choice.label, exact: true }).click();
        // Sent after the few seconds' Undo window.
        await expectVisible(page.getByText(new RegExp(`^Replacement requested for ${choice.label}\\.`)), 20_000);
      }
      await expectVisible(group.getByRole('button', { name: `${choice.label}: requested` }));
      const request = card.locator(`[data-testid="replace-me-request"][data-day="${day}"]`);
      await expectVisible(request);
      const after = await apiGet<ReplaceMeStatus>(token, `bookings/replace-me-status?clientId=${client.clientId}`);
      const made = after.requests.find((r) => r.selectedDay === day);
      expect(made?.status).toBeDefined();
      // The provider simulator moves requests on, so the page (read a moment earlier) may be a step behind the API.
      const order = ['scheduled', 'pending_approval', 'replacement_found', 'booking_created'];
      const shown = order.indexOf((await request.getAttribute('data-status')) ?? '');
      expect(shown).toBeGreaterThanOrEqual(0);
      expect(shown).toBeLessThanOrEqual(order.indexOf(made!.status));
      // Just made: scheduled, the first of its four steps, shown as the current one.
      if (asked) expect(await request.getAttribute('data-status')).toBe('scheduled');
      if (asked) await expectVisible(request.locator('[aria-current="step"]').getByText('Scheduled'));
      // Asking twice for the same day is refused by the server with its message.
      const again = await fetch(api('bookings/replaceMe'), {
        method: 'POST',
        headers: { ...headers(token), 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ selectedDay: choice.selectedDay, isNextMonday: choice.isNextMonday }),
      });
      expect(again.status).toBe(409);
      if (viewport === 'mobile') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'replace-me');
      // A reload (the browser's own cache held the status from before the request) still shows it, and the day
      // is not offered again.
      await page.reload();
      await expectHeading(page, 'My availability');
      await expectVisible(card.locator(`[data-testid="replace-me-request"][data-day="${day}"]`));
      await expectVisible(group.getByRole('button', { name: `${choice.label}: requested` }));
      expectNoPageErrors(page);
    });
  }
});
