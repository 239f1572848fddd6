import { DateTime } from 'luxon';
import { expect } from 'vitest';
import { apiGet } from './api';
import { baseUrl } from './world';

/** Booking helpers over the API for journeys that need a booking of their own (the UK trust's, uk.admin). */

export interface ListItem {
  id: number;
  requestId: number;
  status: string;
  dateLocal: string;
  startTimeLocal: string;
  endTimeLocal: string;
  timeZone: string;
  candidate: { id: number; fullName: string; preferredName: string | null; lastName: string } | null;
  location: { id: number; name: string };
}
export interface Detail {
  id: number;
  region: string;
  bookings: ListItem[];
  booking: ListItem & { actions: { cancel: boolean; cancelBlockedReason: string | null; extend: boolean } };
}

const api = (path: string) => `${baseUrl()}/v1/${path}`;
export const authed = (token: string) => ({ authorization: `Bearer ${token}`, 'accept-version': '1', 'content-type': 'application/json' });

/** When a booking starts, by its own school's zone. */
export function startOf(b: Pick<ListItem, 'dateLocal' | 'startTimeLocal' | 'timeZone'>): DateTime {
  return DateTime.fromISO(`${b.dateLocal}T${b.startTimeLocal}`, { zone: b.timeZone });
}

export function todayIn(zone: string): string {
  return DateTime.now().setZone(zone).toISODate()!;
}

export async function listBookings(token: string, query: string): Promise<ListItem[]> {
  return apiGet<ListItem[]>(token, `bookings?${query}`);
}

/** Weekdays from `daysAhead` days on, none on a booking block or a public holiday of the location. */
async function freeWeekdays(token: string, locationId: number, daysAhead: number, count: number): Promise<string[]> {
  const blocks = await apiGet<{ locationId: number; datesLocal: string[] }[]>(token, `locations/booking-blocks?locationId=${locationId}`);
  const from = DateTime.now().minus({ days: 1 });
  const holidays = await apiGet<{ openOnPublicHolidays: boolean; holidays: { dateLocal: string }[] }>(
    token,
    `locations/${locationId}/public-holidays?fromLocal=${from.toISODate()}&toLocal=${from.plus({ days: 400 }).toISODate()}`,
  );
  const blocked = new Set([
    ...blocks.flatMap((b) => b.datesLocal),
    ...(holidays.openOnPublicHolidays ? [] : holidays.holidays.map((h) => h.dateLocal)),
  ]);
  const dates: string[] = [];
  let day = DateTime.now().plus({ days: daysAhead });
  while (dates.length < count) {
    const iso = day.toISODate()!;
    if (day.weekday <= 5 && !blocked.has(iso)) dates.push(iso);
    day = day.plus({ days: 1 });
  }
  return dates;
}

/** Consecutive school days (Monday to Thursday) about `weeksAhead` weeks ahead, free of blocks, in one week. */
export async function schoolDaysInOneWeek(token: string, locationId: number, weeksAhead: number, count: number): Promise<string[]> {
  for (let week = weeksAhead; week < weeksAhead + 8; week++) {
    const monday = DateTime.now().startOf('week').plus({ weeks: week });
    const days = Array.from({ length: count }, (_, i) => monday.plus({ days: i + 1 }).toISODate()!);
    const free = await freeWeekdays(token, locationId, Math.ceil(monday.diffNow('days').days), 10);
    if (days.every((d) => free.includes(d))) return days;
  }
  throw new Error('no free week for the journey');
}

/** A request of the caller's at its first bookable location, straight to the provider; answers its bookings. */
export async function createBooking(token: string, dates: string[] | ((locationId: number) => Promise<string[]>), tag: string) {
  const locations = await apiGet<{ locationId: number; clientId: number; canCreateBooking: boolean }[]>(
    token,
    'locations/booking-location-list',
  );
  const location = locations.find((l) => l.canCreateBooking)!;
  const classifications = await apiGet<{ id: number }[]>(token, `clients/${location.clientId}/pay-classes`);
  const contacts = await apiGet<{ id: number; email: string | null; methods: { email: boolean } }[]>(
    token,
    `contacts/booking-contacts?locationId=${location.locationId}`,
  );
  const certifications = await apiGet<{ id: number; isLocationDefault: boolean }[]>(
    token,
    `locations/${location.locationId}/certifications`,
  );
  const days = typeof dates === 'function' ? await dates(location.locationId) : dates;
  const response = await fetch(api('bookings'), {
    method: 'POST',
    headers: { ...authed(token), 'idempotency-key': `e2e-${tag}-${Date.now()}` },
    body: JSON.stringify({
      locationId: location.locationId,
      classificationId: classifications[0]!.id,
      certificationIds: certifications.filter((c) => c.isLocationDefault).map((c) => c.id),
      dates: days,
      startTime: '08:40',
      endTime: '15:20',
      confirmations: [{ bookingContactId: contacts.find((c) => c.methods.email)!.id, email: true }],
      policiesAgreed: true,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { bookings: { id: number; dateLocal: string; status: string }[] }).bookings;
}

export async function cancelViaApi(token: string, id: number, reason: string): Promise<number> {
  const response = await fetch(api(`bookings/${id}/cancel`), {
    method: 'POST',
    headers: authed(token),
    body: JSON.stringify({ cancelReason: reason }),
  });
  return response.status;
}
