import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import {
  BookingContactsResponse,
  BookingLocationListResponse,
  CertificationsResponse,
  ClassificationsResponse,
  PublicHolidays,
  type BookingLocation,
} from '@portal/contract/booking-reference';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { publicHolidaysBetween, publicHolidaysOn } from './public-holidays';

const TEST_NOW = inject('testNow');

describe('public holidays of a place', () => {
  it('reads the country and its state or region, by code or by name', () => {
    expect(publicHolidaysOn({ country: 'AU', state: 'NSW' }, ['2026-12-25', '2026-12-24']).get('2026-12-25')).toBe('Christmas Day');
    expect(publicHolidaysOn({ country: 'AU', state: 'NSW' }, ['2026-12-24']).size).toBe(0);
    // A state's own day: Labour Day is in October in NSW, in March in Victoria.
    expect(publicHolidaysOn({ country: 'AU', state: 'NSW' }, ['2026-10-05']).get('2026-10-05')).toBe('Labour Day');
    expect(publicHolidaysOn({ country: 'AU', state: 'VIC' }, ['2026-10-05']).size).toBe(0);
    // 'Auckland' is the province AUK: its anniversary day.
    expect(publicHolidaysOn({ country: 'NZ', state: 'Auckland' }, ['2026-01-26']).size).toBe(1);
    // A UK county takes England's bank holidays.
    expect(publicHolidaysOn({ country: 'GB', state: 'Greater London' }, ['2026-05-04']).get('2026-05-04')).toMatch(/bank holiday/i);
    expect(publicHolidaysOn({ country: 'US', state: 'NY' }, ['2026-07-03']).size).toBe(1);
    // Across a new year, only public days (no observances).
    const span = publicHolidaysBetween({ country: 'AU', state: 'NSW' }, '2026-12-20', '2027-01-31');
    expect([...span.keys()]).toEqual(['2026-12-25', '2026-12-26', '2026-12-28', '2027-01-01', '2027-01-26']);
  });
});

describe('bookings on public holidays', () => {
  let t: TestApp;
  let admin: SignedIn;
  let viewer: SignedIn;
  let location: BookingLocation;
  let early: BookingLocation | undefined;

  beforeAll(async () => {
    t = await buildTestApp({ now: () => new Date(TEST_NOW) });
    admin = await signIn(t.app, 'group.admin@demo.test');
    viewer = await signIn(t.app, 'bookings.viewer@demo.test');
    const locations = BookingLocationListResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/v1/locations/booking-location-list', headers: admin.headers })).json(),
    );
    location = locations.find((l) => l.state === 'NSW' && l.locationType === 'school')!;
    early = locations.find((l) => l.locationType === 'early_learning');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, who: SignedIn = admin) => t.app.inject({ method: 'GET', url, headers: who.headers });

  async function body(at: BookingLocation, date: string) {
    const classes = ClassificationsResponse.parse((await get(`/v1/clients/${at.clientId}/pay-classes`)).json());
    const plain =
      classes.find((c) => c.extraValidation.minimumDurationInMins === null && c.extraValidation.earliestEndTime24hr === null) ??
      classes[0]!;
    const certs = CertificationsResponse.parse((await get(`/v1/locations/${at.locationId}/certifications`)).json());
    const contacts = BookingContactsResponse.parse((await get(`/v1/contacts/booking-contacts?locationId=${at.locationId}`)).json());
    return {
      locationId: at.locationId,
      classificationId: plain.id,
      certificationIds: certs.filter((c) => c.isLocationDefault).map((c) => c.id),
      dates: ['2026-04-02', date],
      startTime: at.startTime,
      endTime: at.endTime,
      confirmations: [{ bookingContactId: contacts.find((c) => c.methods.email)!.id, email: true }],
      policiesAgreed: true,
    };
  }
  const post = (payload: object, key: string) =>
    t.app.inject({ method: 'POST', url: '/v1/bookings', headers: { ...admin.headers, 'idempotency-key': key }, payload });

  it('lists a location’s holidays between two dates, with whether it opens on them', async () => {
    const res = await get(`/v1/locations/${location.locationId}/public-holidays?fromLocal=2026-03-16&toLocal=2026-12-31`);
    expect(res.statusCode).toBe(200);
    const answer = PublicHolidays.parse(res.json());
    expect(answer.openOnPublicHolidays).toBe(false);
    expect(answer.holidays).toContainEqual({ dateLocal: '2026-04-03', name: 'Good Friday' });
    expect(answer.holidays).toContainEqual({ dateLocal: '2026-12-25', name: 'Christmas Day' });
  });

  it('refuses a span backwards or too long, a location outside the tree, and a contact who may not book', async () => {
    const url = (from: string, to: string, id = location.locationId) =>
      `/v1/locations/${id}/public-holidays?fromLocal=${from}&toLocal=${to}`;
    expect((await get(url('2026-05-01', '2026-04-01'))).statusCode).toBe(400);
    expect((await get(url('2026-01-01', '2027-12-31'))).statusCode).toBe(400);
    expect((await get(url('2026-02-30', '2026-03-01'))).statusCode).toBe(400);
    expect((await get(`/v1/locations/${location.locationId}/public-holidays`)).statusCode).toBe(400);
    const [foreign] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from locations where country = 'US' order by id limit 1`,
    );
    expect((await get(url('2026-03-16', '2026-04-16', foreign!.id))).statusCode).toBe(404);
    const [viewerLocation] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select l.id from locations l join permission_entries pe on pe.client_id = l.client_id
          join contacts c on c.id = pe.contact_id where c.email = 'bookings.viewer@demo.test' order by l.id limit 1`,
    );
    expect((await get(url('2026-03-16', '2026-04-16', viewerLocation!.id), viewer)).statusCode).toBe(403);
  });

  it('answers what an attacker sends with a problem, never data: no token, odd paths and queries, huge input', async () => {
    const path = `/v1/locations/${location.locationId}/public-holidays?fromLocal=2026-03-16&toLocal=2026-04-16`;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: path, headers: { authorization: 'Bearer forged.token.here' } })).statusCode).toBe(401);
    for (const odd of [
      '/v1/locations/abc/public-holidays?fromLocal=2026-03-16&toLocal=2026-04-16',
      '/v1/locations/-1/public-holidays?fromLocal=2026-03-16&toLocal=2026-04-16',
      '/v1/locations/%2e%2e/public-holidays?fromLocal=2026-03-16&toLocal=2026-04-16',
      `/v1/locations/${location.locationId}/public-holidays?fromLocal=2026-03-16&toLocal=2026-04-16&extra=1`,
      `/v1/locations/${location.locationId}/public-holidays?fromLocal=${'9'.repeat(5000)}&toLocal=2026-04-16`,
      `/v1/locations/${location.locationId}/public-holidays?fromLocal=2026-03-16'%20or%201=1--&toLocal=2026-04-16`,
      '/v1/locations/99999999/public-holidays?fromLocal=2026-03-16&toLocal=2026-04-16',
    ]) {
      const res = await get(odd);
      expect(res.statusCode, odd).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, odd).toBeLessThan(500);
      expect(res.body, odd).not.toContain('Good Friday');
    }
  });

  it('refuses a booking on a public holiday, naming it, on the date’s field', async () => {
    const res = await post(await body(location, '2026-04-03'), 'holiday-good-friday');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'dates.1': [BOOKING_MESSAGES.publicHoliday('Good Friday')] });
    const fine = await post(await body(location, '2026-04-07'), 'holiday-after-easter');
    expect(fine.statusCode).toBe(201);
  });

  it('takes it where the location opens on public holidays (early learning)', async () => {
    if (!early) return;
    const facts = PublicHolidays.parse(
      (await get(`/v1/locations/${early.locationId}/public-holidays?fromLocal=2026-03-16&toLocal=2026-04-30`)).json(),
    );
    expect(facts.openOnPublicHolidays).toBe(true);
    const holiday = facts.holidays.find(
      (h) => h.dateLocal > '2026-04-02' && ![0, 6].includes(new Date(`${h.dateLocal}T00:00:00Z`).getUTCDay()),
    );
    if (!holiday) return;
    const res = await post(await body(early, holiday.dateLocal), 'holiday-early-learning');
    expect(res.statusCode, res.body).toBe(201);
  });
});
