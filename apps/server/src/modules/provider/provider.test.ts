import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { OpenBookingsResponse, ProviderBooking } from '@portal/contract/provider';
import { ReplaceMeRequest } from '@portal/contract/replace-me';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { AccessTokens } from '../identity/access-tokens';
import { startFamily } from '../identity/identity.repository';
import { DemoSimulator } from '../../demo/simulator';
import { ProviderService } from './provider.service';

/** The provider's API (staff tokens) and one tick of the demo simulator, at TEST_NOW (Monday 16 March 2026). */

const NOW = new Date(inject('testNow'));
let t: TestApp;
let staff: Record<string, string>;
let contact: SignedIn;

beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`select id from staff_users where email = 'staff@provider.test'`);
  // A staff session as the enterprise login would start it (that flow has its own tests).
  const family = await startFamily(t.database.db, { staffUserId: row!.id }, { idleSeconds: 3600, absoluteSeconds: 3600 }, new Date());
  const tokens = new AccessTokens(t.app.config.jwtSecret!, t.app.config.publicOrigin, 900);
  staff = { authorization: `Bearer ${await tokens.sign({ kind: 'staff', staffUserId: row!.id }, family.familyId)}` };
  contact = await signIn(t.app, 'group.admin@demo.test');
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, headers = staff) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** An educator with no booking on the date (and one with a booking on it). */
async function educators(date: string): Promise<{ free: number; busy: number }> {
  const [free] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select c.id from candidates c where not exists (select 1 from bookings b where b.candidate_id = c.id and b.date_local = ${date}
        and b.status not in ('cancelled', 'rejected')) order by c.id limit 1`,
  );
  const [busy] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select candidate_id as id from bookings where date_local = ${date} and status = 'filled' and candidate_id is not null limit 1`,
  );
  return { free: free!.id, busy: busy!.id };
}

/** The live events recorded about a booking (what the school's open pages hear), oldest first. */
async function liveEventsOf(bookingId: number): Promise<Array<{ kind: string; status: string; educator: string | null }>> {
  return queryRows(
    t.database.db,
    sql`select kind, payload->>'status' as status, payload->>'educatorName' as educator from live_events
        where (payload->>'bookingId')::int = ${bookingId} order by id`,
  );
}

describe('provider API', () => {
  it('is for provider staff only', async () => {
    expect((await call('GET', '/v1/provider/bookings/open', undefined, contact.headers)).statusCode).toBe(403);
    expect((await call('POST', '/v1/provider/bookings/1/assign', { candidateId: 1 }, contact.headers)).statusCode).toBe(403);
    expect((await call('POST', '/v1/provider/bookings/1/progress', { status: 'commenced' }, contact.headers)).statusCode).toBe(403);
    expect((await call('POST', '/v1/provider/replace-me/1/advance', { status: 'pending_approval' }, contact.headers)).statusCode).toBe(403);
  });

  it('lists unfilled bookings from today on, oldest request first', async () => {
    const res = await call('GET', '/v1/provider/bookings/open?take=20');
    expect(res.statusCode).toBe(200);
    const open = OpenBookingsResponse.parse(res.json());
    expect(open).toHaveLength(20);
    expect(open.every((b) => b.dateLocal >= '2026-03-15')).toBe(true);
    const sent = open.map((b) => b.sentAt);
    expect(sent).toEqual([...sent].sort());
  });

  it('assigns a free educator to an unfilled booking and confirms it', async () => {
    const [booking] = OpenBookingsResponse.parse((await call('GET', '/v1/provider/bookings/open?take=1')).json());
    const { free, busy } = await educators(booking!.dateLocal);
    const clash = await call('POST', `/v1/provider/bookings/${booking!.id}/assign`, { candidateId: busy });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors.candidateId).toBeDefined();

    const res = await call('POST', `/v1/provider/bookings/${booking!.id}/assign`, { candidateId: free });
    expect(res.statusCode).toBe(200);
    expect(ProviderBooking.parse(res.json())).toMatchObject({ id: booking!.id, status: 'filled', candidateId: free });
    const [known] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from client_candidates where client_id = ${booking!.clientId} and candidate_id = ${free}`,
    );
    expect(known!.n).toBe(1);
    const mail = await queryRows<{ subject: string }>(
      t.database.db,
      sql`select subject from outbox_messages where channel = 'email' and subject like ${`Educator confirmed: ${booking!.locationName}%`}`,
    );
    expect(mail.length).toBeGreaterThan(0);

    const again = await call('POST', `/v1/provider/bookings/${booking!.id}/assign`, { candidateId: free });
    expect(again.statusCode).toBe(422);
    expect((await call('POST', '/v1/provider/bookings/2000000000/assign', { candidateId: free })).statusCode).toBe(404);
  });

  it('moves a filled booking to commenced once it has started at its school, then completed once ended', async () => {
    // At TEST_NOW it is 01:00 in London (before the day starts) and 12:00 in Sydney (the day has started).
    const [london] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from bookings where status = 'filled' and time_zone = 'Europe/London' and date_local = '2026-03-16' order by id limit 1`,
    );
    const early = await call('POST', `/v1/provider/bookings/${london!.id}/progress`, { status: 'commenced' });
    expect(early.statusCode).toBe(422);
    expect(early.json().detail).toBe('This booking has not started yet at its school.');

    const [sydney] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from bookings where status = 'commenced' and time_zone = 'Australia/Sydney' and date_local = '2026-03-16'
          and end_utc > ${NOW.toISOString()}::timestamptz order by id limit 1`,
    );
    await t.database.db.execute(sql`update bookings set status = 'filled' where id = ${sydney!.id}`);
    const url = `/v1/provider/bookings/${sydney!.id}/progress`;
    expect((await call('POST', url, { status: 'completed' })).statusCode).toBe(422);
    expect(await liveEventsOf(sydney!.id)).toEqual([]);
    expect((await call('POST', url, { status: 'commenced' })).json()).toMatchObject({ status: 'commenced' });
    expect((await call('POST', url, { status: 'completed' })).json().detail).toBe('This booking has not ended yet at its school.');
    await t.database.db.execute(sql`update bookings set end_utc = ${NOW.toISOString()}::timestamptz where id = ${sydney!.id}`);
    expect((await call('POST', url, { status: 'completed' })).json()).toMatchObject({ status: 'completed' });
    expect((await call('POST', url, { status: 'commenced' })).statusCode).toBe(422);
    // Each step reached the school's open pages as a live event (the refusals recorded none).
    expect((await liveEventsOf(sydney!.id)).map((e) => [e.kind, e.status])).toEqual([
      ['booking.changed', 'commenced'],
      ['booking.changed', 'completed'],
    ]);
  });

  it('moves a replace-me request along, booking the replacement', async () => {
    const [request] = await queryRows<{ id: number; day: string }>(
      t.database.db,
      sql`select id, selected_day::text as day from replace_me_requests where status = 'scheduled' order by id limit 1`,
    );
    const url = `/v1/provider/replace-me/${request!.id}/advance`;
    expect((await call('POST', url, { status: 'replacement_found' })).statusCode).toBe(422);
    expect((await call('POST', url, { status: 'pending_approval' })).json()).toMatchObject({ status: 'pending_approval' });
    const missing = await call('POST', url, { status: 'replacement_found' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.candidateId).toBeDefined();

    const { free } = await educators(request!.day);
    const found = ReplaceMeRequest.parse((await call('POST', url, { status: 'replacement_found', candidateId: free })).json());
    expect(found.status).toBe('replacement_found');
    expect(found.bookingId).not.toBeNull();
    expect(found.candidateName).toBeTruthy();
    const [booking] = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select b.status, b.candidate_id, b.date_local::text as date, r.covering_contact_id, r.absence_reason, r.status as request_status
          from bookings b join booking_requests r on r.id = b.request_id where b.id = ${found.bookingId}`,
    );
    const [teacher] = await queryRows<{ id: number }>(t.database.db, sql`select id from contacts where email = 'teacher@demo.test'`);
    expect(booking).toMatchObject({
      status: 'filled',
      candidate_id: free,
      date: request!.day,
      covering_contact_id: teacher!.id,
      request_status: 'approved',
    });
    expect(['sick leave cover', 'not provided']).toContain(booking!.absence_reason);
    // The school's open pages hear of the new booking as of any filled one, educator named.
    const [educator] = await queryRows<{ name: string }>(
      t.database.db,
      sql`select first_name || ' ' || last_name as name from candidates where id = ${free}`,
    );
    expect(await liveEventsOf(found.bookingId!)).toEqual([{ kind: 'booking.filled', status: 'filled', educator: educator!.name }]);

    const created = await call('POST', url, { status: 'booking_created' });
    expect(created.json()).toMatchObject({ status: 'booking_created', bookingId: found.bookingId });
    expect((await call('POST', url, { status: 'booking_created' })).statusCode).toBe(422);
  });
});

describe('one educator, one booking a day, under concurrent writers', () => {
  const booked = async (candidateId: number, date: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from bookings where candidate_id = ${candidateId} and date_local = ${date}
            and status not in ('cancelled', 'rejected')`,
      )
    )[0]!.n;
  /** Dates after the simulator's day with at least two unfilled bookings, and two of them each. */
  const openPairs = () =>
    queryRows<{ a: number; b: number; d: string }>(
      t.database.db,
      sql`select min(id) as a, max(id) as b, date_local::text as d from bookings
          where status = 'unfilled' and date_local > '2026-03-20' group by date_local having count(*) >= 2 order by date_local limit 3`,
    );

  it('assigns an educator to only one of two bookings of a day assigned at once; the other is 409', async () => {
    const service = new ProviderService(t.database.db, t.app.mailer, t.app.now);
    const pairs = await openPairs();
    expect(pairs.length).toBeGreaterThan(0);
    for (const pair of pairs) {
      const { free } = await educators(pair.d);
      const results = await Promise.allSettled([service.assign(pair.a, free), service.assign(pair.b, free)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected');
      expect(refused?.status === 'rejected' && refused.reason).toMatchObject({ status: 409 });
      expect(await booked(free, pair.d)).toBe(1);
    }
  });

  it('does not book a replace-me replacement on a day the educator is being assigned at the same time', async () => {
    const service = new ProviderService(t.database.db, t.app.mailer, t.app.now);
    const [teacher] = await queryRows<{ id: number; client_id: number; location_id: number }>(
      t.database.db,
      sql`select c.id, l.client_id, l.id as location_id from contacts c, locations l
          where c.email = 'teacher@demo.test' and 'replace_me_feature_enabled' = any(l.tags) order by l.id limit 1`,
    );
    for (const pair of (await openPairs()).slice(0, 2)) {
      const [request] = await queryRows<{ id: number }>(
        t.database.db,
        sql`insert into replace_me_requests (contact_id, client_id, location_id, selected_day, is_next_monday, status)
            values (${teacher!.id}, ${teacher!.client_id}, ${teacher!.location_id}, ${pair.d}, false, 'pending_approval') returning id`,
      );
      const { free } = await educators(pair.d);
      const results = await Promise.allSettled([
        service.assign(pair.a, free),
        service.advanceReplaceMe(request!.id, 'replacement_found', { candidateId: free, now: NOW }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected');
      expect(refused?.status === 'rejected' && refused.reason).toMatchObject({ status: 409 });
      expect(await booked(free, pair.d)).toBe(1);
    }
  });
});

describe('demo simulator', () => {
  it('fills a booking made just now, moves replace-me along and marks bookings as they start', async () => {
    // A request the school made just now jumps the backlog (the newest of the last hour's first).
    const [fresh] = await queryRows<{ id: number; request_id: number; location: string }>(
      t.database.db,
      sql`select b.id, b.request_id, l.name as location from bookings b join booking_requests r on r.id = b.request_id
          join locations l on l.id = b.location_id
          where b.status = 'unfilled' and r.status = 'approved' and b.date_local > '2026-03-17'
            and exists (select 1 from booking_confirmations bc where bc.request_id = r.id and bc.email)
          order by b.id desc limit 1`,
    );
    await queryRows(
      t.database.db,
      // Newer than every other request (earlier tests here made some at the real time).
      sql`update booking_requests
          set created_at = greatest(${new Date(NOW.getTime() - 60_000).toISOString()}::timestamptz,
                                    (select max(coalesce(decided_at, created_at)) from booking_requests) + interval '1 second'),
              decided_at = null
          where id = ${fresh!.request_id}`,
    );
    const before = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from outbox_messages`);
    const simulator = new DemoSimulator({ db: t.database.db, mailer: t.app.mailer, log: t.app.log, now: () => NOW, intervalMs: 0 });
    const report = await simulator.tick();
    expect(report.filled).toContain(fresh!.id);
    expect(report.filled.length).toBeLessThanOrEqual(5);
    const [row] = await queryRows<{ status: string; candidate_id: number | null }>(
      t.database.db,
      sql`select status, candidate_id from bookings where id = ${fresh!.id}`,
    );
    expect(row!.status).toBe('filled');
    expect(row!.candidate_id).not.toBeNull();
    const mail = await queryRows<{ text_body: string }>(
      t.database.db,
      sql`select text_body from outbox_messages where channel = 'email' and subject like ${`Educator confirmed: ${fresh!.location}%`}`,
    );
    expect(mail.length).toBeGreaterThan(0);
    expect((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from outbox_messages`))[0]!.n).toBeGreaterThan(
      before[0]!.n,
    );

    // The teacher's request for today (pending approval in the seed) found its replacement.
    expect(report.replaceMe).toContainEqual(expect.objectContaining({ status: 'replacement_found' }));
    expect(report.commenced + report.completed).toBeGreaterThanOrEqual(0);
    await simulator.stop();
  });

  it('tells the open pages of every booking it marks as started or ended', async () => {
    // Two bookings of the day that has started in Sydney: one not yet ended (put back to filled), one put back to
    // commenced with its end just passed.
    const rows = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from bookings where status in ('commenced', 'completed') and time_zone = 'Australia/Sydney'
          and date_local = '2026-03-16' and start_utc < ${NOW.toISOString()}::timestamptz
          order by end_utc > ${NOW.toISOString()}::timestamptz desc, id limit 2`,
    );
    expect(rows).toHaveLength(2);
    const [starting, ending] = rows.map((r) => r.id) as [number, number];
    await t.database.db.execute(sql`update bookings set status = 'filled' where id = ${starting}`);
    await t.database.db.execute(
      sql`update bookings set status = 'commenced', end_utc = ${new Date(NOW.getTime() - 60_000).toISOString()}::timestamptz where id = ${ending}`,
    );
    const done = await new ProviderService(t.database.db, t.app.mailer, () => NOW).progressDue(NOW, 500);
    expect(done.commenced).toContain(starting);
    expect(done.completed).toContain(ending);
    expect((await liveEventsOf(starting)).map((e) => [e.kind, e.status]).at(-1)).toEqual(['booking.changed', 'commenced']);
    expect((await liveEventsOf(ending)).map((e) => [e.kind, e.status]).at(-1)).toEqual(['booking.changed', 'completed']);
    // And so for every booking the call moved.
    for (const id of [...done.commenced, ...done.completed]) expect((await liveEventsOf(id)).at(-1)?.kind).toBe('booking.changed');
  });

  it('never starts on its own with a zero interval, and stops cleanly', async () => {
    const simulator = new DemoSimulator({ db: t.database.db, mailer: t.app.mailer, log: t.app.log, now: () => NOW, intervalMs: 0 });
    simulator.start();
    await simulator.stop();
  });
});
