import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { queryRows } from '@portal/db/client';
import { BookingDetail, Pagination } from '@portal/contract/bookings';
import { PendingBookingActionResult, PendingBookingsResponse } from '@portal/contract/pending-bookings';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import type { PermissionTree } from '@portal/contract/permissions';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { TEST_NOW } from '../../../test/global-setup';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { AppError } from '../../lib/app-error';
import { PendingBookingsService } from './pending-bookings.service';

/** Pending approval: list, detail, accept and reject, on the seeded world. */

let t: TestApp;
let admin: SignedIn;
let booker: SignedIn;
let nz: SignedIn;
let bookerClientId: number;
let clock = new Date(TEST_NOW);

const one = async <T>(query: SQL) => (await queryRows<T>(t.database.db, query))[0]!;
const get = (url: string, who: SignedIn) => t.app.inject({ method: 'GET', url, headers: who.headers });
const act = (id: number, who: SignedIn, payload: Record<string, unknown>, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/pending-bookings/${id}/action`,
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const pagination = (res: { headers: Record<string, unknown> }) => Pagination.parse(JSON.parse(String(res.headers['x-pagination'])));
const pendingIds = async (clientId: number) =>
  (
    await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from booking_requests where client_id = ${clientId} and status = 'pending_approval' order by created_at desc, id desc`,
    )
  ).map((r) => r.id);

/** A pending request whose confirmations include an e-mail (whose text carries the notice and its note). */
const pendingWithEmail = async (clientId: number) =>
  (
    await one<{ id: number }>(
      sql`select r.id from booking_requests r where r.client_id = ${clientId} and r.status = 'pending_approval'
          and exists (select 1 from booking_confirmations bc join booking_contacts c on c.id = bc.booking_contact_id
                      where bc.request_id = r.id and bc.email and c.email is not null)
          order by r.created_at desc, r.id desc limit 1`,
    )
  ).id;

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  bookerClientId = (
    await one<{ id: number }>(sql`select pe.client_id as id from permission_entries pe join contacts ct on ct.id = pe.contact_id
      where ct.email = 'pending.booker@demo.test' and pe.client_id is not null limit 1`)
  ).id;
  [admin, booker, nz] = await Promise.all([
    signIn(t.app, 'group.admin@demo.test'),
    signIn(t.app, 'pending.booker@demo.test'),
    signIn(t.app, 'school.admin@demo.test'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /v1/pending-bookings', () => {
  it('lists the requests pending approval that the caller can see, newest first, with x-pagination', async () => {
    const expected = await pendingIds(bookerClientId);
    expect(expected.length).toBeGreaterThan(1);
    const res = await get('/v1/pending-bookings?take=200', booker);
    expect(res.statusCode).toBe(200);
    const body = PendingBookingsResponse.parse(res.json());
    expect(body.map((r) => r.id)).toEqual(expected);
    expect(pagination(res)).toEqual({ total: expected.length, skip: 0, take: 200 });

    const page = await get(`/v1/pending-bookings?clientIds=${bookerClientId}&skip=1&take=1`, admin);
    expect(PendingBookingsResponse.parse(page.json()).map((r) => r.id)).toEqual(expected.slice(1, 2));
    expect(pagination(page).total).toBe(expected.length);
  });

  it('summarises each request (spec §3 Pending booking summary)', async () => {
    const [first] = PendingBookingsResponse.parse((await get('/v1/pending-bookings?take=1', booker)).json());
    const row = await one<Record<string, unknown>>(
      sql`select r.created_at, ct.first_name || ' ' || ct.last_name as creator, l.name as location, l.time_zone,
          to_char(r.start_time_local, 'HH24:MI') as start, count(distinct b.date_local)::int as days,
          to_char(min(b.date_local), 'YYYY-MM-DD') as earliest, to_char(max(b.date_local), 'YYYY-MM-DD') as latest
          from booking_requests r join locations l on l.id = r.location_id left join contacts ct on ct.id = r.created_by_contact_id
          join bookings b on b.request_id = r.id where r.id = ${first!.id} group by r.id, ct.id, l.id`,
    );
    expect(first).toMatchObject({
      status: 'pending_approval',
      createdBy: { name: row.creator },
      createdOnUtc: new Date(row.created_at as string).toISOString(),
      days: row.days,
      location: { name: row.location, timeZone: row.time_zone },
      details: { startTime: row.start, earliestDate: row.earliest, latestDate: row.latest },
    });
  });

  it('refuses a client outside the caller’s tree', async () => {
    expect((await get(`/v1/pending-bookings?clientIds=${bookerClientId}`, nz)).statusCode).toBe(403);
  });
});

describe('GET /v1/pending-bookings/:bookingId', () => {
  it('answers the request’s detail with its first booking, and 404 outside the caller’s reach', async () => {
    const [id] = await pendingIds(bookerClientId);
    const res = await get(`/v1/pending-bookings/${id}`, booker);
    expect(res.statusCode).toBe(200);
    const body = BookingDetail.parse(res.json());
    const bookings = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from bookings where request_id = ${id!} order by date_local, start_time_local, id`,
    );
    expect(body.id).toBe(id);
    expect(body.status).toBe('pending_approval');
    expect(body.booking.id).toBe(bookings[0]!.id);
    expect(body.bookings.map((b) => b.id)).toEqual(bookings.map((b) => b.id));
    expect(body.bookings.every((b) => b.status === 'pending_approval')).toBe(true);
    expect((await get(`/v1/pending-bookings/${id}`, nz)).statusCode).toBe(404);
    expect((await get('/v1/pending-bookings/999999999', admin)).statusCode).toBe(404);
  });
});

describe('GET /v1/pending-bookings/:bookingId with pendingBooking view alone', () => {
  it('shows a request while it waits for approval, and 404 once it is decided', async () => {
    const [pendingId] = await pendingIds(bookerClientId);
    const decided = await one<{ id: number }>(
      sql`select id from booking_requests where client_id = ${bookerClientId} and status <> 'pending_approval' order by id limit 1`,
    );
    const locations = await queryRows<{ id: number }>(
      t.database.db,
      sql`select location_id as id from booking_requests where id in (${pendingId!}, ${decided.id})`,
    );
    const only = { permissions: ['pendingBooking_view'] };
    const tree: PermissionTree = {
      groups: [],
      clients: [
        {
          clientId: bookerClientId,
          clientName: 'School',
          access: only,
          locations: locations.map((l) => ({
            locationId: l.id,
            locationName: 'School',
            timeZone: 'Australia/Sydney',
            tags: [],
            access: only,
          })),
        },
      ],
    };
    const service = new PendingBookingsService(t.database.db, t.app.mailer, () => clock);
    expect((await service.detail(tree, pendingId!)).id).toBe(pendingId);
    const error = await service.detail(tree, decided.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 404 });
    // booking view still shows it.
    expect((await get(`/v1/pending-bookings/${decided.id}`, admin)).statusCode).toBe(200);
  });
});

describe('POST /v1/pending-bookings/:bookingId/action', () => {
  const outbox = async (text: string) =>
    (await one<{ n: number }>(sql`select count(*)::int as n from outbox_messages where text_body like ${`%${text}%`}`)).n;

  it('refuses a requester without pendingBooking modify (403) and another client (404)', async () => {
    const [id] = await pendingIds(bookerClientId);
    expect((await act(id!, booker, { action: 'accept' })).statusCode).toBe(403);
    expect((await act(id!, nz, { action: 'accept' })).statusCode).toBe(404);
    expect((await one<{ status: string }>(sql`select status::text from booking_requests where id = ${id!}`)).status).toBe(
      'pending_approval',
    );
  });

  it('approves once per key: the request approved, its bookings unfilled, the decision recorded and told', async () => {
    const id = await pendingWithEmail(bookerClientId);
    const sentBefore = await outbox('A booking was approved and sent to us to fill.');
    const first = await act(id!, admin, { action: 'accept' }, `accept-${id}-0001`);
    expect(first.statusCode).toBe(200);
    const result = PendingBookingActionResult.parse(first.json());
    const rows = await queryRows<{ id: number; status: string }>(
      t.database.db,
      sql`select id, status::text from bookings where request_id = ${id!} order by id`,
    );
    expect(result).toEqual({ id, status: 'approved', bookingIds: rows.map((r) => r.id) });
    expect(rows.every((r) => r.status === 'unfilled')).toBe(true);
    const request = await one<{ status: string; email: string; decided_at: Date }>(
      sql`select r.status::text, ct.email, r.decided_at from booking_requests r join contacts ct on ct.id = r.decided_by_contact_id where r.id = ${id!}`,
    );
    expect(request).toMatchObject({ status: 'approved', email: 'group.admin@demo.test' });
    expect(new Date(request.decided_at).toISOString()).toBe(TEST_NOW);
    const sent = await outbox('A booking was approved and sent to us to fill.');
    expect(sent).toBeGreaterThan(sentBefore);

    const again = await act(id!, admin, { action: 'accept' }, `accept-${id}-0001`);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await outbox('A booking was approved and sent to us to fill.')).toBe(sent);

    const late = await act(id!, admin, { action: 'reject', reason: 'Changed my mind' }, `reject-${id}-0002`);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(BOOKING_MESSAGES.notPending);
    expect(PendingBookingsResponse.parse((await get('/v1/pending-bookings?take=200', booker)).json()).map((r) => r.id)).not.toContain(id);
  });

  it('rejects only with a reason: the request and its bookings rejected, the reason kept and told', async () => {
    const id = await pendingWithEmail(bookerClientId);
    for (const payload of [{ action: 'reject' }, { action: 'reject', reason: '   ' }]) {
      const res = await act(id!, admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.reason).toEqual([BOOKING_MESSAGES.rejectReasonRequired]);
    }
    const reason = `Covered internally by the deputy ${id}`;
    const res = await act(id!, admin, { action: 'reject', reason }, `reject-${id}-0001`);
    expect(res.statusCode).toBe(200);
    expect(PendingBookingActionResult.parse(res.json()).status).toBe('rejected');
    const request = await one<{ status: string; reject_reason: string }>(
      sql`select status::text, reject_reason from booking_requests where id = ${id!}`,
    );
    expect(request).toEqual({ status: 'rejected', reject_reason: reason });
    const statuses = await queryRows<{ status: string }>(
      t.database.db,
      sql`select distinct status::text from bookings where request_id = ${id!}`,
    );
    expect(statuses).toEqual([{ status: 'rejected' }]);
    expect(await outbox(reason)).toBeGreaterThan(0);
    const detail = BookingDetail.parse((await get(`/v1/pending-bookings/${id}`, booker)).json());
    expect(detail.details.rejectReason).toBe(reason);
  });
});

describe('approving only dates that can still be booked', () => {
  const statuses = (id: number) =>
    queryRows<{ id: number; status: string; cancel_reason: string | null; d: string }>(
      t.database.db,
      sql`select id, status::text, cancel_reason, date_local::text as d from bookings where request_id = ${id} order by date_local, id`,
    );

  it('refuses (422) a request whose dates have all passed, and changes nothing', async () => {
    const request = await one<{ id: number; last: string; zone: string }>(
      sql`select r.id, max(b.date_local)::text as last, min(b.time_zone) as zone from booking_requests r join bookings b on b.request_id = r.id
          where r.client_id = ${bookerClientId} and r.status = 'pending_approval' group by r.id order by max(b.date_local), r.id limit 1`,
    );
    const before = await statuses(request.id);
    try {
      clock = new Date(Date.parse(`${request.last}T00:00:00Z`) + 3 * 86_400_000);
      const res = await act(request.id, admin, { action: 'accept' }, `accept-past-${request.id}`);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail).toBe(BOOKING_MESSAGES.approveDatesPassed);
    } finally {
      clock = new Date(TEST_NOW);
    }
    expect(await statuses(request.id)).toEqual(before);
    expect((await one<{ status: string }>(sql`select status::text from booking_requests where id = ${request.id}`)).status).toBe(
      'pending_approval',
    );
  });

  it('sends the dates still open to the provider and cancels those that passed', async () => {
    const request = await one<{ id: number; first: string }>(
      sql`select r.id, min(b.date_local)::text as first from booking_requests r join bookings b on b.request_id = r.id
          where r.client_id = ${bookerClientId} and r.status = 'pending_approval' and b.status = 'pending_approval'
          group by r.id having count(distinct b.date_local) >= 2 order by r.id limit 1`,
    );
    try {
      // The day after the first date, at noon UTC: the first date has passed everywhere; the later ones are to come.
      clock = new Date(Date.parse(`${request.first}T12:00:00Z`) + 86_400_000);
      const res = await act(request.id, admin, { action: 'accept' }, `accept-some-${request.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = await statuses(request.id);
      const passed = rows.filter((r) => r.d === request.first);
      const open = rows.filter((r) => r.d !== request.first);
      expect(passed.every((r) => r.status === 'cancelled' && r.cancel_reason === BOOKING_MESSAGES.approveDatePassedCancelReason)).toBe(
        true,
      );
      expect(open.every((r) => r.status === 'unfilled')).toBe(true);
      expect(PendingBookingActionResult.parse(res.json()).bookingIds).toEqual(open.map((r) => r.id).sort((a, b) => a - b));
    } finally {
      clock = new Date(TEST_NOW);
    }
  });

  it('refuses today once past the client’s same-day cut-off', async () => {
    const request = await one<{ id: number; d: string; zone: string; client: number }>(
      sql`select r.id, min(b.date_local)::text as d, min(b.time_zone) as zone, r.client_id as client
          from booking_requests r join bookings b on b.request_id = r.id
          where r.client_id = ${bookerClientId} and r.status = 'pending_approval'
          group by r.id having count(distinct b.date_local) = 1 order by r.id limit 1`,
    );
    await queryRows(t.database.db, sql`update clients set same_day_cutoff = '08:00' where id = ${request.client}`);
    try {
      clock = DateTime.fromISO(`${request.d}T09:00`, { zone: request.zone }).toJSDate();
      const res = await act(request.id, admin, { action: 'accept' });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail).toBe(BOOKING_MESSAGES.approveDatesPassed);
    } finally {
      clock = new Date(TEST_NOW);
    }
  });

  it('lets only one of two admins deciding at once through; the other is 409', async () => {
    const { id } = await one<{ id: number }>(
      sql`select r.id from booking_requests r where r.client_id = ${bookerClientId} and r.status = 'pending_approval'
          and not exists (select 1 from bookings b where b.request_id = r.id and b.date_local <= '2026-03-17') order by r.id desc limit 1`,
    );
    const results = await Promise.all([act(id, admin, { action: 'accept' }), act(id, admin, { action: 'reject', reason: 'Not needed' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const distinct = await queryRows<{ status: string }>(
      t.database.db,
      sql`select distinct status::text from bookings where request_id = ${id} and status <> 'cancelled'`,
    );
    expect(distinct).toHaveLength(1);
  });
});
