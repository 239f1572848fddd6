import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor } from '../../support/api';
import { expectHeading, homeAfterClientOverview, pathOf, signIn } from '../../support/auth';
import {
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  expectVisible,
  screenshot,
  screenshotAtBothWidths,
  useBrowser,
  type ViewportName,
} from '../../support/browser';
import { baseUrl } from '../../support/world';

/**
 * Fewer steps for the daily jobs, counted: cover for the next school day booked from Home (school.admin, one school;
 * group.admin, several: the school is one more choice), the second time without agreeing to the policies again, and
 * an educator booked from their page. Each journey counts what the user does (a click, a choice, a typed value) from
 * the first screen to the created booking, prints the count and checks the booking through the API.
 */

const JOURNEY_MS = 240_000;
const CREATE_BUTTON = /^(create|request) booking$/i;

interface BookingLocation {
  locationId: number;
  locationName: string;
  clientId: number;
  clientName: string;
  canCreateBooking: boolean;
  timeZone: string;
  locationType: string;
  startTime: string;
  endTime: string;
  rules: { sameDayCutoff: string; policiesAcceptedAt: string | null };
}
interface BookingDetail {
  location: { id: number };
  dates: Array<{ date: string }>;
  details: { startTime: string; endTime: string; policiesAgreed: boolean };
  requestedCandidate: { id: number; fullName: string } | null;
}
interface Educator {
  candidateId: number;
  fullName: string;
  isExcluded: boolean;
  bookingsCount: number;
}

/** What the user does, counted: every click, choice, tick or typed value is one interaction. */
class Interactions {
  count = 0;
  async do(action: () => Promise<unknown>): Promise<void> {
    this.count++;
    await action();
  }
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
function plusDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The next school day worked out here from the API's facts (an oracle of its own, not the app's function). */
async function expectedDay(token: string, location: BookingLocation): Promise<string> {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: location.timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  const today = `${parts.year}-${parts.month}-${parts.day}`;
  const now = Number(parts.hour) * 60 + Number(parts.minute);
  const holidays = await apiGet<{ openOnPublicHolidays: boolean; holidays: Array<{ dateLocal: string }> }>(
    token,
    `locations/${location.locationId}/public-holidays?fromLocal=${plusDays(today, -1)}&toLocal=${plusDays(today, 60)}`,
  );
  const blocks = await fetch(`${new URL(`/v1/locations/booking-blocks?locationId=${location.locationId}`, baseUrl())}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-version': '1' },
  });
  const blocked = blocks.status === 204 ? [] : ((await blocks.json()) as Array<{ datesLocal: string[] }>).flatMap((b) => b.datesLocal);
  const closed = new Set([...(holidays.openOnPublicHolidays ? [] : holidays.holidays.map((h) => h.dateLocal)), ...blocked]);
  const todayOpen = now < minutesOf(location.rules.sameDayCutoff) && now <= minutesOf(location.startTime);
  for (let day = todayOpen ? today : plusDays(today, 1); ; day = plusDays(day, 1)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !closed.has(day)) return day;
  }
}

/** The form's choices a user still has to make, each counted: location, classification, confirmation, policies. */
async function completeWhatIsLeft(page: Page, steps: Interactions, locationId: number): Promise<void> {
  const location = page.locator('#booking-location');
  if ((await location.inputValue()) !== String(locationId)) await steps.do(() => location.selectOption(String(locationId)));
  const classification = page.getByLabel(/^Classification/);
  await expect.poll(() => classification.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
  // A school with one classification has it chosen already.
  await page.waitForTimeout(300);
  if ((await classification.inputValue()) === '') await steps.do(() => classification.selectOption({ index: 1 }));
  const contacts = page.getByTestId('confirmation-contact');
  await expect.poll(() => contacts.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  if (!(await page.getByRole('group', { name: /^How to confirm with / }).count()))
    await steps.do(() =>
      contacts
        .first()
        .getByRole('checkbox', { name: /^Confirm with / })
        .check(),
    );
  const policies = page.getByRole('checkbox', { name: 'I agree to the booking policies' });
  if (!(await policies.isChecked())) await steps.do(() => policies.check());
}

/** Presses Create and answers the created booking's detail, through the API. */
async function create(page: Page, steps: Interactions, token: string): Promise<BookingDetail> {
  await steps.do(() => page.getByRole('button', { name: CREATE_BUTTON }).click());
  await page.waitForURL(/\/bookings\/\d+$/, { timeout: 20_000 });
  const bookingId = Number(pathOf(page).split('/').pop());
  return apiGet<BookingDetail>(token, `bookings/${bookingId}`);
}

async function bookableSchool(token: string, pick: (l: BookingLocation) => boolean = () => true): Promise<BookingLocation> {
  const locations = await apiGet<BookingLocation[]>(token, 'locations/booking-location-list');
  for (const location of locations.filter((l) => l.canCreateBooking && l.locationType === 'school' && pick(l))) {
    const classes = await fetch(`${baseUrl()}/v1/clients/${location.clientId}/pay-classes`, {
      headers: { authorization: `Bearer ${token}`, 'accept-version': '1' },
    });
    if (classes.status === 200) return location;
  }
  throw new Error('no bookable school with classifications');
}

describe('fewer steps: cover for the next school day from Home', () => {
  const browser = useBrowser();

  for (const [account, viewport] of [
    ['school.admin@demo.test', 'desktop'],
    ['group.admin@demo.test', 'mobile'],
  ] as Array<[string, ViewportName]>) {
    it(
      `${account} books cover for the next school day from Home in at most 6 interactions (${viewport})`,
      async () => {
        const token = await apiTokenFor(account);
        const page = await browser.newPage(viewport);
        await signIn(page, account, '/');
        const locations = await apiGet<BookingLocation[]>(token, 'locations/booking-location-list');
        const several = locations.length > 1;
        if (several) await homeAfterClientOverview(page);
        await expectHeading(page, 'Home');
        const location = await bookableSchool(token);
        const day = await expectedDay(token, location);

        const quick = page.getByRole('link', { name: /^Book cover for /i });
        await expectVisible(quick);
        if (!several) await expect.poll(() => page.getByTestId('quick-book').getAttribute('data-day')).toBe(day);
        await expectNoSeriousA11yViolations(page);
        await screenshotAtBothWidths(page, `fewer-steps-home-${several ? 'group' : 'school'}`);

        const steps = new Interactions();
        await steps.do(() => quick.click());
        await expectHeading(page, /^Create booking$/i);
        await completeWhatIsLeft(page, steps, location.locationId);
        // The next school day, the school's usual times: chosen already.
        await expect
          .poll(() => page.locator('[data-testid="booking-dates"] li').evaluateAll((li) => li.map((x) => x.getAttribute('data-date'))))
          .toEqual([day]);
        expect(
          await page
            .getByLabel(/^Start time/)
            .first()
            .inputValue(),
        ).not.toBe('');
        await expectNoSeriousA11yViolations(page);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshotAtBothWidths(page, `fewer-steps-form-${several ? 'group' : 'school'}`);

        const detail = await create(page, steps, token);
        console.log(`booking from Home (${account}, ${viewport}): ${steps.count} interactions`);
        expect(steps.count).toBeLessThanOrEqual(6);
        expect(detail.location.id).toBe(location.locationId);
        expect(detail.dates.map((d) => d.date)).toEqual([day]);
        expect(detail.details.policiesAgreed).toBe(true);
        expectNoPageErrors(page);
      },
      JOURNEY_MS,
    );
  }

  it(
    'the second time the policies are not asked again: they say when they were accepted, ticked',
    async () => {
      const account = 'school.admin@demo.test';
      const token = await apiTokenFor(account);
      const location = await bookableSchool(token);
      expect(location.rules.policiesAcceptedAt, 'accepted with the booking before').not.toBeNull();
      const page = await browser.newPage('desktop');
      await signIn(page, account, '/');
      await expectHeading(page, 'Home');

      const steps = new Interactions();
      await steps.do(() => page.getByRole('link', { name: /^Book cover for /i }).click());
      await expectHeading(page, /^Create booking$/i);
      const accepted = page.getByTestId('policies-accepted');
      await expectVisible(accepted);
      expect(await accepted.textContent()).toMatch(/^You accepted these policies on /);
      expect(await page.getByRole('checkbox', { name: 'I agree to the booking policies' }).isChecked()).toBe(true);
      await completeWhatIsLeft(page, steps, location.locationId);
      await page.getByTestId('policies-accepted').scrollIntoViewIfNeeded();
      await expectNoSeriousA11yViolations(page);
      await screenshotAtBothWidths(page, 'fewer-steps-policies-remembered');

      const detail = await create(page, steps, token);
      console.log(`booking from Home, policies remembered (${account}): ${steps.count} interactions`);
      expect(steps.count).toBeLessThanOrEqual(6);
      expect(detail.details.policiesAgreed).toBe(true);
      expectNoPageErrors(page);
    },
    JOURNEY_MS,
  );
});

describe('fewer steps: book this educator', () => {
  const browser = useBrowser();

  it(
    'group.admin books an educator from their page: the school set, the educator asked for, and the booking names them',
    async () => {
      const account = 'group.admin@demo.test';
      const token = await apiTokenFor(account);
      const page = await browser.newPage('desktop');
      await signIn(page, account, '/candidates');
      const location = await bookableSchool(token);
      const locations = await apiGet<BookingLocation[]>(token, 'locations/booking-location-list');
      const oneLocation = locations.filter((l) => l.clientId === location.clientId).length === 1;
      const educators = await apiGet<Educator[]>(token, `candidate/CandidateList?ClientId=${location.clientId}`);
      const educator = educators.find((e) => !e.isExcluded && e.bookingsCount > 0)!;
      expect(educator, 'an educator the school knows and has not excluded').toBeTruthy();

      await page.goto(`/candidates?educator=${educator.candidateId}`);
      await expectHeading(page, educator.fullName);
      const steps = new Interactions();
      const book = page.getByRole('link', { name: 'Book this educator' });
      const menu = page.getByRole('button', { name: 'Book this educator' });
      await expect.poll(async () => (await book.count()) + (await menu.count()), { timeout: 15_000 }).toBe(1);
      await expectNoSeriousA11yViolations(page);
      await screenshotAtBothWidths(page, 'fewer-steps-educator');
      if (await book.count()) await steps.do(() => book.click());
      else {
        await steps.do(() => menu.click());
        await steps.do(() => page.getByRole('menuitem', { name: `At ${location.clientName}` }).click());
      }
      await expectHeading(page, /^Create booking$/i);
      if (oneLocation) expect(await page.locator('#booking-location').inputValue()).toBe(String(location.locationId));
      await completeWhatIsLeft(page, steps, location.locationId);
      // The next school day is suggested, as from Home.
      const day = await expectedDay(token, location);
      await expect
        .poll(() => page.locator('[data-testid="booking-dates"] li').evaluateAll((li) => li.map((x) => x.getAttribute('data-date'))))
        .toEqual([day]);
      const requested = page.getByLabel('Request this educator');
      await expect.poll(() => requested.inputValue(), { timeout: 15_000 }).toBe(String(educator.candidateId));
      await expectNoSeriousA11yViolations(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'fewer-steps-educator-form');

      const detail = await create(page, steps, token);
      console.log(`booking from an educator's page (${account}): ${steps.count} interactions`);
      expect(steps.count).toBeLessThanOrEqual(6);
      expect(detail.requestedCandidate?.id).toBe(educator.candidateId);
      expect(detail.dates.map((d) => d.date)).toEqual([day]);
      await expectVisible(page.getByTestId('detail-requested-educator'));
      expect(await page.getByTestId('detail-requested-educator').textContent()).toContain(detail.requestedCandidate!.fullName);
      expectNoPageErrors(page);
    },
    JOURNEY_MS,
  );
});
