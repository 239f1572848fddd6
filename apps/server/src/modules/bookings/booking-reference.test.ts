import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import {
  BookingBlocksResponse,
  BookingContactsResponse,
  BookingLocationListResponse,
  CertificationsResponse,
  ClassificationsResponse,
  GradesResponse,
} from '@portal/contract/booking-reference';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { MAX_ADVANCE_DAYS } from '@portal/contract/bookings/create/pipeline';

/** The create-booking reference endpoints on the seeded world (clock at the seed's 'now'). */

const TEST_NOW = inject('testNow');
let t: TestApp;
let admin: SignedIn;
let nz: SignedIn;
let pending: SignedIn;
let viewer: SignedIn;
let noAccess: SignedIn;
let groupClientIds: number[];
let nzClientId: number;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(TEST_NOW) });
  [admin, nz, pending, viewer, noAccess] = (await Promise.all(
    ['group.admin', 'school.admin', 'pending.booker', 'bookings.viewer', 'no.access'].map((n) => signIn(t.app, `${n}@demo.test`)),
  )) as [SignedIn, SignedIn, SignedIn, SignedIn, SignedIn];
  groupClientIds = (
    await rows<{ id: number }>(
      sql`select c.id from clients c join permission_entries pe on pe.group_id = c.group_id join contacts ct on ct.id = pe.contact_id
          where ct.email = 'group.admin@demo.test' order by c.id`,
    )
  ).map((r) => r.id);
  nzClientId = (
    await rows<{ id: number }>(
      sql`select pe.client_id as id from permission_entries pe join contacts ct on ct.id = pe.contact_id where ct.email = 'school.admin@demo.test'`,
    )
  )[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, who?: SignedIn) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

describe('GET /v1/locations/booking-location-list', () => {
  it('lists every location of the group for its admin, with the client’s rules', async () => {
    const list = BookingLocationListResponse.parse((await get('/v1/locations/booking-location-list', admin)).json());
    const [count] = await rows<{ n: number }>(
      sql`select count(*)::int as n from locations where client_id in (${sql.join(
        groupClientIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(list).toHaveLength(count!.n);
    expect(list.every((l) => l.canCreateBooking && l.canCreatePendingBooking && l.clientGroupName)).toBe(true);
    expect(list[0]!.rules).toMatchObject({
      sameDayCutoff: '08:00',
      minBookingsPerDay: 1,
      maxBookingsAllowed: 60,
      maxAdvanceDays: MAX_ADVANCE_DAYS,
    });
    expect(list[0]!.startTime).toMatch(/^\d\d:\d\d$/);
    // By client: each client's locations together.
    const clientOrder = list.map((l) => l.clientId).filter((id, i, all) => i === 0 || all[i - 1] !== id);
    expect(new Set(clientOrder).size).toBe(clientOrder.length);
  });

  it('lists only the caller’s own client, pending-only rights, and nothing without create rights', async () => {
    const mine = BookingLocationListResponse.parse((await get('/v1/locations/booking-location-list', nz)).json());
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((l) => l.clientId === nzClientId && l.timeZone === 'Pacific/Auckland')).toBe(true);
    const pendingOnly = BookingLocationListResponse.parse((await get('/v1/locations/booking-location-list', pending)).json());
    expect(pendingOnly.every((l) => !l.canCreateBooking && l.canCreatePendingBooking)).toBe(true);
    expect((await get('/v1/locations/booking-location-list', viewer)).json()).toEqual([]);
    expect((await get('/v1/locations/booking-location-list', noAccess)).json()).toEqual([]);
    expect((await get('/v1/locations/booking-location-list')).statusCode).toBe(401);
  });
});

describe('GET /v1/clients/{id}/pay-classes and grades', () => {
  it('answers the client’s active classifications with their extra validation, and its grades in order', async () => {
    const clientId = groupClientIds[0]!;
    const classes = ClassificationsResponse.parse((await get(`/v1/clients/${clientId}/pay-classes`, admin)).json());
    const [active] = await rows<{ n: number }>(
      sql`select count(*)::int as n from classifications where client_id = ${clientId} and active`,
    );
    expect(classes).toHaveLength(active!.n);
    const eso = classes.find((c) => c.onlineTitle === 'Education Support Officer');
    expect(eso?.extraValidation).toEqual({
      minimumDurationInMins: 180,
      earliestEndTime24hr: '12:00',
      defaultBreakInMins: 30,
      shouldShowBreaks: true,
    });
    const grades = GradesResponse.parse((await get(`/v1/clients/${clientId}/grades`, admin)).json());
    const expected = await rows<{ id: number; title: string }>(
      sql`select id, title from grades where client_id = ${clientId} order by sort_order, id`,
    );
    expect(grades).toEqual(expected);
  });

  it('answers 204 without a body when the client has no active classification', async () => {
    const clientId = groupClientIds[1]!;
    await rows(sql`update classifications set active = false where client_id = ${clientId}`);
    const res = await get(`/v1/clients/${clientId}/pay-classes`, admin);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('refuses another client, and a contact without any booking permission there', async () => {
    expect((await get(`/v1/clients/${nzClientId}/pay-classes`, admin)).statusCode).toBe(403);
    expect((await get(`/v1/clients/${nzClientId}/grades`, admin)).statusCode).toBe(403);
    const [financeClient] = await rows<{ id: number }>(
      sql`select pe.client_id as id from permission_entries pe join contacts c on c.id = pe.contact_id where c.email = 'finance@demo.test'`,
    );
    const finance = await signIn(t.app, 'finance@demo.test');
    expect((await get(`/v1/clients/${financeClient!.id}/pay-classes`, finance)).statusCode).toBe(403);
    expect((await get(`/v1/clients/${nzClientId}/pay-classes`, nz)).statusCode).toBe(200);
  });
});

describe('GET /v1/locations/{id}/certifications and /v1/contacts/booking-contacts', () => {
  it('lists every certification, the location’s defaults first and marked', async () => {
    const [location] = await rows<{ id: number }>(
      sql`select id from locations where client_id = ${groupClientIds[0]!} order by id limit 1`,
    );
    const list = CertificationsResponse.parse((await get(`/v1/locations/${location!.id}/certifications`, admin)).json());
    const [all] = await rows<{ n: number }>(sql`select count(*)::int as n from certifications`);
    const defaults = await rows<{ id: number }>(
      sql`select certification_id as id from location_certifications where location_id = ${location!.id}`,
    );
    expect(list).toHaveLength(all!.n);
    const marked = list.filter((c) => c.isLocationDefault);
    expect(marked.map((c) => c.id).sort()).toEqual(defaults.map((d) => d.id).sort());
    expect(list.slice(0, marked.length).every((c) => c.isLocationDefault)).toBe(true);
  });

  it('lists the active booking contacts with the methods each can receive, and 204 when there are none', async () => {
    const [location] = await rows<{ id: number }>(
      sql`select id from locations where client_id = ${groupClientIds[0]!} order by id limit 1`,
    );
    const [me] = await rows<{ id: number }>(sql`select id from contacts where email = 'group.admin@demo.test'`);
    // The demo already lists group.admin at Harbourside: replace that entry with one of known methods.
    await rows(sql`delete from booking_contacts where location_id = ${location!.id} and contact_id = ${me!.id}`);
    await rows(sql`insert into booking_contacts (location_id, contact_id, name, email, mobile, can_receive_voice)
                   values (${location!.id}, ${me!.id}, 'Group Admin', 'group.admin@demo.test', null, false)`);
    const list = BookingContactsResponse.parse((await get(`/v1/contacts/booking-contacts?locationId=${location!.id}`, admin)).json());
    const active = await rows<{ id: number }>(sql`select id from booking_contacts where location_id = ${location!.id} and active`);
    expect(list.map((c) => c.id).sort()).toEqual(active.map((a) => a.id).sort());
    const self = list.find((c) => c.isCurrentUser)!;
    expect(self.methods).toEqual({ email: true, sms: false, voice: false, push: true });
    const office = list.find((c) => c.name === 'Front Office' || c.name === 'Centre Reception')!;
    expect(office.methods).toEqual({ email: true, sms: true, voice: true, push: false });
    expect(list.filter((c) => c.isCurrentUser)).toHaveLength(1);

    await rows(sql`update booking_contacts set active = false where location_id = ${location!.id}`);
    const none = await get(`/v1/contacts/booking-contacts?locationId=${location!.id}`, admin);
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
  });

  it('refuses a location outside the tree (404) and a location without booking rights (403)', async () => {
    const [nzLocation] = await rows<{ id: number }>(sql`select id from locations where client_id = ${nzClientId} limit 1`);
    expect((await get(`/v1/locations/${nzLocation!.id}/certifications`, admin)).statusCode).toBe(404);
    expect((await get(`/v1/contacts/booking-contacts?locationId=${nzLocation!.id}`, admin)).statusCode).toBe(404);
    expect((await get('/v1/contacts/booking-contacts', admin)).statusCode).toBe(400);
    expect((await get('/v1/contacts/booking-contacts?locationId=0', admin)).statusCode).toBe(400);
    const finance = await signIn(t.app, 'finance@demo.test');
    const [financeLocation] = await rows<{ id: number }>(
      sql`select l.id from locations l join permission_entries pe on pe.client_id = l.client_id join contacts c on c.id = pe.contact_id
          where c.email = 'finance@demo.test' limit 1`,
    );
    expect((await get(`/v1/locations/${financeLocation!.id}/certifications`, finance)).statusCode).toBe(403);
  });

  it('shows booking contacts (their e-mail and mobile) only to callers who may book at the location', async () => {
    const locationOf = async (email: string) =>
      (
        await rows<{ id: number }>(
          sql`select l.id from locations l join permission_entries pe on pe.client_id = l.client_id join contacts c on c.id = pe.contact_id
              where c.email = ${email} order by l.id limit 1`,
        )
      )[0]!.id;
    // booking view alone: no contact details.
    const viewerLocation = await locationOf('bookings.viewer@demo.test');
    expect((await get(`/v1/contacts/booking-contacts?locationId=${viewerLocation}`, viewer)).statusCode).toBe(403);
    // pendingBooking create (no booking create) books there, so sees them.
    const pendingLocation = await locationOf('pending.booker@demo.test');
    expect([200, 204]).toContain((await get(`/v1/contacts/booking-contacts?locationId=${pendingLocation}`, pending)).statusCode);
  });
});

describe('GET /v1/locations/booking-blocks', () => {
  it('answers the future blocks of the bookable locations, or of one of them', async () => {
    const all = BookingBlocksResponse.parse((await get('/v1/locations/booking-blocks', admin)).json());
    expect(all.length).toBeGreaterThan(0);
    const today = TEST_NOW.slice(0, 10);
    expect(all.every((b) => b.datesLocal.length > 0 && b.datesLocal.every((d) => d >= today))).toBe(true);
    const groupLocations = await rows<{ id: number }>(
      sql`select id from locations where client_id in (${sql.join(
        groupClientIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const ids = new Set(groupLocations.map((l) => l.id));
    expect(all.every((b) => ids.has(b.locationId))).toBe(true);
    // The seed gives every location a future closure day in 10-35 days.
    const one = all[0]!;
    const only = BookingBlocksResponse.parse((await get(`/v1/locations/booking-blocks?locationId=${one.locationId}`, admin)).json());
    expect(only.length).toBeGreaterThan(0);
    expect(only.every((b) => b.locationId === one.locationId)).toBe(true);
    expect(only[0]!.messageMarkDown).toMatch(/\S/);
  });

  it('refuses another client’s location (404), one where the caller may not book (403), and a bad id (400)', async () => {
    const [nzLocation] = await rows<{ id: number }>(sql`select id from locations where client_id = ${nzClientId} limit 1`);
    expect((await get(`/v1/locations/booking-blocks?locationId=${nzLocation!.id}`, admin)).statusCode).toBe(404);
    const [viewerLocation] = await rows<{ id: number }>(
      sql`select l.id from locations l join permission_entries pe on pe.client_id = l.client_id join contacts c on c.id = pe.contact_id
          where c.email = 'bookings.viewer@demo.test' limit 1`,
    );
    expect((await get(`/v1/locations/booking-blocks?locationId=${viewerLocation!.id}`, viewer)).statusCode).toBe(403);
    expect((await get('/v1/locations/booking-blocks?locationId=0', admin)).statusCode).toBe(400);
    expect((await get('/v1/locations/booking-blocks', viewer)).json()).toEqual([]);
  });
});
