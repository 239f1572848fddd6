import { describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor } from '../../support/api';
import { expectHeading, navigateInApp, signIn } from '../../support/auth';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { baseUrl, useWorld } from '../../support/world';

/**
 * A booking's life across the people who touch it: a contact who may only create pending bookings asks
 * for two days; the group admin approves the request in the portal; the provider (the demo simulator, through
 * the provider service) fills it, and the confirmation contact gets the "Educator confirmed" e-mail; the admin
 * sees the educator on the booking. This file adds one request by pending.booker and approves it as group.admin.
 */
const BOOKER = 'pending.booker@demo.test';
const ADMIN = 'group.admin@demo.test';

interface BookingLocation {
  locationId: number;
  clientId: number;
  timeZone: string;
  canCreatePendingBooking: boolean;
}
interface BookingContact {
  id: number;
  email: string | null;
  methods: { email: boolean };
}
interface BookingBlock {
  locationId: number;
  datesLocal: string[];
}
interface Detail {
  id: number;
  status: string;
  booking: { status: string; candidate: { fullName: string; preferredName: string | null; lastName: string } | null };
}

const api = (path: string) => `${baseUrl()}/v1/${path}`;
const authed = (token: string) => ({ authorization: `Bearer ${token}`, 'accept-version': '1', 'content-type': 'application/json' });

/** The next two weekdays at least a week ahead that no booking block closes. */
function futureWeekdays(blocked: Set<string>): string[] {
  const dates: string[] = [];
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 7);
  while (dates.length < 2) {
    const iso = day.toISOString().slice(0, 10);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6 && !blocked.has(iso)) dates.push(iso);
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return dates;
}

async function createPendingRequest(token: string): Promise<{ requestId: number; bookingId: number; confirmTo: string }> {
  const locations = await apiGet<BookingLocation[]>(token, 'locations/booking-location-list');
  const location = locations.find((l) => l.canCreatePendingBooking)!;
  const classifications = await apiGet<{ id: number }[]>(token, `clients/${location.clientId}/pay-classes`);
  const contacts = await apiGet<BookingContact[]>(token, `contacts/booking-contacts?locationId=${location.locationId}`);
  const contact = contacts.find((c) => c.methods.email && c.email)!;
  const certifications = await apiGet<{ id: number; isLocationDefault: boolean }[]>(
    token,
    `locations/${location.locationId}/certifications`,
  );
  const blocks = await apiGet<BookingBlock[]>(token, `locations/booking-blocks?locationId=${location.locationId}`);
  const response = await fetch(api('bookings'), {
    method: 'POST',
    headers: { ...authed(token), 'idempotency-key': `e2e-lifecycle-${Date.now()}` },
    body: JSON.stringify({
      locationId: location.locationId,
      classificationId: classifications[0]!.id,
      certificationIds: certifications.filter((c) => c.isLocationDefault).map((c) => c.id),
      dates: futureWeekdays(new Set(blocks.flatMap((b) => b.datesLocal))),
      startTime: '08:30',
      endTime: '15:30',
      // No break: the classification's own applies (a classification that does not show breaks sets it).
      covering: { name: 'Ms Patel', reason: 'professional development' },
      notes: 'Year 4 excursion planning days.',
      confirmations: [{ bookingContactId: contact.id, email: true }],
      policiesAgreed: true,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const created = (await response.json()) as { requestId: number; status: string; bookings: { id: number; status: string }[] };
  expect(created.status).toBe('pending_approval');
  expect(created.bookings.every((b) => b.status === 'pending_approval')).toBe(true);
  return { requestId: created.requestId, bookingId: created.bookings[0]!.id, confirmTo: contact.email! };
}

// The provider's moves are what this journey is about: the simulator ticks every 3 s (the demo's default is 20 s).
useWorld({ simulatorSeconds: 3 });

describe('a booking from request to educator', () => {
  const browser = useBrowser();

  it('pending request → approved in the portal → filled by the provider → educator shown and confirmation e-mailed', async () => {
    const booker = await apiTokenFor(BOOKER);
    const admin = await apiTokenFor(ADMIN);
    const { requestId, bookingId, confirmTo } = await createPendingRequest(booker);

    const page = await browser.newPage('desktop');
    await signIn(page, ADMIN, '/bookings/pending-approval');
    await expectHeading(page, 'Bookings pending approval');
    const row = page.locator(`[data-testid="pending-request"][data-request-id="${requestId}"]`);
    await expectVisible(row);
    await row.getByRole('button', { name: /^Details of the request by / }).click();
    const dialog = page.getByRole('dialog', { name: 'Booking request' });
    await expectVisible(dialog.getByText('Year 4 excursion planning days.'));
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expectVisible(page.getByText('Booking approved and sent to us to fill. Gold star!'));

    // The approved request reaches the provider; the simulator puts a free educator on it within a tick or two.
    await expect
      .poll(async () => (await apiGet<Detail>(admin, `bookings/${bookingId}`)).booking.status, { timeout: 90_000, interval: 2_000 })
      .toBe('filled');
    const detail = await apiGet<Detail>(admin, `bookings/${bookingId}`);
    const candidate = detail.booking.candidate!;
    const shownName = candidate.preferredName ? `${candidate.preferredName} ${candidate.lastName}` : candidate.fullName;

    await navigateInApp(page, `/bookings/${bookingId}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: /^Booking on / }));
    await expectVisible(page.getByText('Filled').first());
    await expectVisible(page.getByText(shownName).first());
    // An assigned booking cannot be cancelled online, and the page says why.
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'booking-lifecycle-filled');

    const outbox = await fetch(`${api('dev/outbox')}?to=${encodeURIComponent(confirmTo)}`, { headers: { 'accept-version': '1' } });
    const subjects = ((await outbox.json()) as { subject: string | null }[]).map((m) => m.subject ?? '');
    expect(subjects.some((s) => s.startsWith('Booking waiting for approval'))).toBe(true);
    expect(subjects.some((s) => s.startsWith('Booking approved'))).toBe(true);
    expect(subjects.some((s) => s.startsWith('Educator confirmed'))).toBe(true);
    expectNoPageErrors(page);
  }, 150_000);
});
