import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { PendingBookingsResponse, PendingBookingWithdrawResult } from '@portal/contract/pending-bookings';
import { EmailActionView } from '@portal/contract/email-actions';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { TEST_NOW } from '../../../test/global-setup';
import { signIn, type SignedIn } from '../../../test/auth-client';

/** A pending booker withdraws her own request while it waits for approval (POST /v1/pending-bookings/{id}/withdraw). */

let t: TestApp;
let admin: SignedIn;
let booker: SignedIn;
let nz: SignedIn;
let bookerId: number;

const rows = <T>(query: SQL) => queryRows<T>(t.database.db, query);
const withdraw = (id: number | string, who?: SignedIn, key?: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/pending-bookings/${id}/withdraw`,
    headers: { ...(who?.headers ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
/**
 * A new request of the booker's own, pending approval: a copy of a seeded one whose dates can all still be booked
 * (with its bookings), so each test withdraws its own.
 */
let source: number | undefined;
async function ownPending(): Promise<number[]> {
  source ??= (
    await rows<{ id: number }>(
      sql`select r.id from booking_requests r where r.created_by_contact_id = ${bookerId} and r.status = 'pending_approval'
          and not exists (select 1 from bookings b where b.request_id = r.id and b.date_local <= ${TEST_NOW.slice(0, 10)}::date + 1)
          order by r.id limit 1`,
    )
  )[0]!.id;
  const [copy] = await rows<{ id: number }>(
    sql`insert into booking_requests select (jsonb_populate_record(s, jsonb_build_object(
          'id', nextval(pg_get_serial_sequence('booking_requests', 'id'))))).*
        from booking_requests s where s.id = ${source} returning id`,
  );
  await rows(
    sql`insert into bookings select (jsonb_populate_record(b, jsonb_build_object(
          'id', nextval(pg_get_serial_sequence('bookings', 'id')), 'request_id', ${copy!.id}::int))).*
        from bookings b where b.request_id = ${source} and b.status = 'pending_approval'`,
  );
  return [copy!.id];
}
const requestRow = async (id: number) =>
  (
    await rows<{ status: string; decided_by_contact_id: number | null }>(
      sql`select status::text, decided_by_contact_id from booking_requests where id = ${id}`,
    )
  )[0]!;
const bookingStatuses = async (id: number) =>
  (await rows<{ status: string }>(sql`select status::text from bookings where request_id = ${id} order by id`)).map((r) => r.status);

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(TEST_NOW) });
  [admin, booker, nz] = await Promise.all([
    signIn(t.app, 'group.admin@demo.test'),
    signIn(t.app, 'pending.booker@demo.test'),
    signIn(t.app, 'school.admin@demo.test'),
  ]);
  bookerId = (await rows<{ id: number }>(sql`select id from contacts where email = 'pending.booker@demo.test'`))[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('POST /v1/pending-bookings/{id}/withdraw', () => {
  it('withdraws her own request: withdrawn, its bookings cancelled, audited, a live event; again answers the same', async () => {
    const [id] = await ownPending();
    expect(id).toBeDefined();
    const res = await withdraw(id!, booker, 'withdraw-own-0001');
    expect(res.statusCode).toBe(200);
    const body = PendingBookingWithdrawResult.parse(res.json());
    expect(body).toMatchObject({ id, status: 'withdrawn' });
    expect(body.bookingIds.length).toBeGreaterThan(0);
    expect(await requestRow(id!)).toEqual({ status: 'withdrawn', decided_by_contact_id: bookerId });
    expect(new Set(await bookingStatuses(id!))).toEqual(new Set(['cancelled']));
    const audit = await rows<{ action: string; contact_id: number }>(
      sql`select action, contact_id from audit_log where entity_type = 'booking_request' and entity_id = ${String(id)}`,
    );
    expect(audit).toContainEqual({ action: 'booking-request.withdrawn', contact_id: bookerId });
    const events = await rows<{ kind: string }>(
      sql`select kind from live_events where kind = 'pendingApproval.withdrawn' and (payload->>'requestId')::int = ${id!}`,
    );
    expect(events).toHaveLength(1);

    // The approvers' list no longer has it.
    const list = PendingBookingsResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/v1/pending-bookings?take=200', headers: admin.headers })).json(),
    );
    expect(list.map((r) => r.id)).not.toContain(id);

    // A second withdraw (a retry without the key, or with it) answers the same, and changes nothing.
    const again = await withdraw(id!, booker);
    expect(again.statusCode).toBe(200);
    expect(PendingBookingWithdrawResult.parse(again.json())).toEqual(body);
    const replay = await withdraw(id!, booker, 'withdraw-own-0001');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBeDefined();
    expect(
      await rows(sql`select 1 from live_events where kind = 'pendingApproval.withdrawn' and (payload->>'requestId')::int = ${id!}`),
    ).toHaveLength(1);

    // Approving it now is refused.
    const approve = await t.app.inject({
      method: 'POST',
      url: `/v1/pending-bookings/${id}/action`,
      headers: admin.headers,
      payload: { action: 'accept' },
    });
    expect(approve.statusCode).toBe(409);
  });

  it('refuses a request already decided with 409, naming why', async () => {
    const [id] = await ownPending();
    const decided = await t.app.inject({
      method: 'POST',
      url: `/v1/pending-bookings/${id}/action`,
      headers: admin.headers,
      payload: { action: 'reject', reason: 'Not needed' },
    });
    expect(decided.statusCode).toBe(200);
    const res = await withdraw(id!, booker);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(BOOKING_MESSAGES.withdrawDecided);
    expect((await requestRow(id!)).status).toBe('rejected');
  });

  it('lets nobody else withdraw it: an approver who sees it 403, another client 404, no token 401; nothing changes', async () => {
    const [id] = await ownPending();
    const approver = await withdraw(id!, admin);
    expect(approver.statusCode).toBe(403);
    expect(approver.json().detail).toBe(BOOKING_MESSAGES.withdrawOnlyOwn);
    const outsider = await withdraw(id!, nz);
    expect([403, 404]).toContain(outsider.statusCode);
    expect(outsider.body).not.toContain('Rossi');
    expect((await withdraw(id!)).statusCode).toBe(401);
    const forged: SignedIn = {
      accessToken: 'forged.token.here',
      refreshCookie: '',
      headers: { authorization: 'Bearer forged.token.here' },
    };
    expect((await withdraw(id!, forged)).statusCode).toBe(401);
    expect((await requestRow(id!)).status).toBe('pending_approval');
  });

  it('answers odd ids, stray bodies and huge input with a problem, never a 5xx', async () => {
    for (const odd of ['abc', '-1', '0', '%2e%2e', '1.5', '99999999', '9'.repeat(40)]) {
      const res = await withdraw(odd, booker);
      expect(res.statusCode, odd).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, odd).toBeLessThan(500);
    }
    const [id] = await ownPending();
    const huge = await withdraw(id!, booker, undefined, { note: 'x'.repeat(2 * 1024 * 1024) });
    expect([400, 413, 200]).toContain(huge.statusCode);
    const badKey = await withdraw(id!, booker, 'short');
    expect(badKey.statusCode).toBe(400);
  });

  it('two withdraws racing withdraw once (one audit entry, one event)', async () => {
    const [id] = await ownPending();
    const [a, b] = await Promise.all([withdraw(id!, booker), withdraw(id!, booker)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await rows(sql`select 1 from audit_log where action = 'booking-request.withdrawn' and entity_id = ${String(id)}`)).toHaveLength(
      1,
    );
  });

  it('a withdraw racing an approval: one wins, the other is told it is no longer pending', async () => {
    const [id] = await ownPending();
    const [w, a] = await Promise.all([
      withdraw(id!, booker),
      t.app.inject({ method: 'POST', url: `/v1/pending-bookings/${id}/action`, headers: admin.headers, payload: { action: 'accept' } }),
    ]);
    const statuses = [w.statusCode, a.statusCode].sort();
    expect(statuses[1]).toBe(409);
    expect([200]).toContain(statuses[0]);
    expect(['withdrawn', 'approved']).toContain((await requestRow(id!)).status);
  });
});

describe('e-mailed Approve and Reject links of a withdrawn request', () => {
  it('say it was withdrawn, by whom and when, and act no more', async () => {
    const [id] = (await ownPending()) as [number];
    const [before] = await rows<{ n: number }>(sql`select coalesce(max(id), 0)::int as n from outbox_messages`);
    await t.app.services.emailActions.sendApprovalLinks(id);
    await t.app.mailer.drain();
    const mails = await rows<{ text_body: string }>(
      sql`select text_body from outbox_messages where id > ${before!.n} and subject like 'Booking waiting for your approval%' order by id`,
    );
    const token = /Approve: \S+\/email-action\/([\w-]{43})/.exec(mails[0]?.text_body ?? '')?.[1];
    expect(token).toBeDefined();
    expect((await withdraw(id, booker)).statusCode).toBe(200);
    const view = EmailActionView.parse((await t.app.inject({ method: 'GET', url: `/v1/email-actions/${token}` })).json());
    expect(view.decided).toMatchObject({ outcome: 'withdrawn', byName: 'Mia Rossi' });
    expect(view.decided?.at).toBeTruthy();
    const act = await t.app.inject({ method: 'POST', url: `/v1/email-actions/${token}`, payload: {} });
    expect(act.statusCode).toBe(409);
  });
});
