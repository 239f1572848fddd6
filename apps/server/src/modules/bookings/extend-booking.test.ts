import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { queryRows } from '@portal/db/client';
import { BOOKING_MESSAGES, EXTEND_BLOCK_CAP_DAYS } from '@portal/contract/booking-messages';
import { ExtendedBooking, ExtendScheduling } from '@portal/contract/bookings';
import { FORM_MESSAGES } from '@portal/contract/messages';
import { addDays } from '@portal/contract/query-params';
import { isWeekend, schoolDayOnOrBefore } from '@portal/contract/school-days';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { ProviderService } from '../provider/provider.service';

/** Extending a booking (spec §5 'Extend'), on the seeded world at TEST_NOW (Monday 16 March 2026, noon in Sydney). */

const NOW = new Date(inject('testNow'));
let clock = NOW;
let t: TestApp;
let admin: SignedIn;

interface Source {
  id: number;
  request_id: number;
  candidate_id: number | null;
  date_local: string;
  location_id: number;
  client_id: number;
}
const used = new Set<number>();

/** A booking that is its request's only one, at a location of the AU group, in a state, not yet used by a test. */
async function source(options: { status: string; locationType?: string; withCandidate?: boolean }): Promise<Source> {
  const rows = await queryRows<Source>(
    t.database.db,
    sql`select b.id, b.request_id, b.candidate_id, b.date_local::text as date_local, b.location_id, b.client_id
        from bookings b join booking_requests r on r.id = b.request_id join locations l on l.id = b.location_id
        join clients c on c.id = b.client_id
        where c.group_id = (select group_id from permission_entries pe join contacts ct on ct.id = pe.contact_id
                            where ct.email = 'group.admin@demo.test' and pe.group_id is not null limit 1)
          and b.status = ${options.status} and l.location_type = ${options.locationType ?? 'school'}
          and b.date_local between '2026-03-17' and '2026-04-20' and r.bookings_per_day = 1
          and (b.candidate_id is not null) = ${options.withCandidate ?? options.status === 'filled'}
          and (select count(*) from bookings o where o.request_id = b.request_id) = 1
        order by b.date_local, b.id limit 40`,
  );
  const row = rows.find((r) => !used.has(r.id));
  if (!row) throw new Error(`no ${options.status} booking to extend`);
  used.add(row.id);
  return row;
}

/** The next weekday after `date` that is `n` weekdays later. */
function weekdaysAfter(date: string, n: number): string {
  let d = date;
  while (n > 0) {
    d = addDays(d, 1);
    const day = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (day !== 0 && day !== 6) n -= 1;
  }
  return d;
}

const extend = (id: number, payload: Record<string, unknown>, headers: Record<string, string> = {}, who = admin) =>
  t.app.inject({ method: 'POST', url: `/v1/bookings/${id}/extend`, headers: { ...who.headers, ...headers }, payload });
const body = (endDateLocal: string, over: Record<string, unknown> = {}) => ({
  endDateLocal,
  startTime: '08:30',
  endTime: '15:00',
  breakMinutes: 30,
  ...over,
});
const blockedAt = async (locationId: number) =>
  new Set(
    (
      await queryRows<{ d: string }>(
        t.database.db,
        sql`select unnest(dates_local)::text as d from location_restrictions where location_id = ${locationId}`,
      )
    ).map((r) => r.d),
  );
const count = async (requestId: number) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from bookings where request_id = ${requestId}`))[0]!.n;

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  admin = await signIn(t.app, 'group.admin@demo.test');
});
afterAll(async () => {
  await t?.close();
});

describe('extend a booking', () => {
  it('shows the school days added and whether the educator is free on each', async () => {
    const b = await source({ status: 'filled' });
    const end = weekdaysAfter(b.date_local, 3);
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${b.id}/extend/scheduling?endDateLocal=${end}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = ExtendScheduling.parse(res.json());
    expect(body.lastDateLocal).toBe(b.date_local);
    // The latest school day within the cap: never a Saturday or Sunday.
    expect(body.maxEndDateLocal).toBe(schoolDayOnOrBefore(addDays(b.date_local, 90)));
    expect(isWeekend(body.maxEndDateLocal)).toBe(false);
    expect(body.dates.map((d) => d.dateLocal)).toEqual([1, 2, 3].map((n) => weekdaysAfter(b.date_local, n)));
    expect(body.candidate?.id).toBe(b.candidate_id);
    const busy = await queryRows<{ d: string }>(
      t.database.db,
      sql`select distinct date_local::text as d from bookings where candidate_id = ${b.candidate_id} and status not in ('cancelled', 'rejected')`,
    );
    for (const d of body.dates) expect(d.candidateAvailable).toBe(!busy.some((x) => x.d === d.dateLocal) && !d.blocked);
  });

  it('adds one booking per school day, keeps the educator where free, moves the rest to unfilled and tells everyone', async () => {
    const b = await source({ status: 'filled' });
    const end = weekdaysAfter(b.date_local, 4);
    const closed = await blockedAt(b.location_id);
    const busyDay = [1, 2, 3, 4].map((n) => weekdaysAfter(b.date_local, n)).find((d) => !closed.has(d))!;
    // The educator takes another booking on one of the new days.
    const [other] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from bookings where date_local = ${busyDay} and status = 'filled' and candidate_id <> ${b.candidate_id} limit 1`,
    );
    await queryRows(t.database.db, sql`update bookings set candidate_id = ${b.candidate_id} where id = ${other!.id}`);
    const busy = await queryRows<{ d: string }>(
      t.database.db,
      sql`select distinct date_local::text as d from bookings where candidate_id = ${b.candidate_id} and status not in ('cancelled', 'rejected')`,
    );

    const res = await extend(b.id, body(end));
    expect(res.statusCode).toBe(201);
    const result = ExtendedBooking.parse(res.json());
    const added = [1, 2, 3, 4].map((n) => weekdaysAfter(b.date_local, n)).filter((d) => !closed.has(d));
    expect(result.bookings.map((x) => x.dateLocal)).toEqual(added);
    for (const x of result.bookings) expect(x.status).toBe(busy.some((d) => d.d === x.dateLocal) ? 'unfilled' : 'filled');
    expect(result.bookings.find((x) => x.dateLocal === busyDay)!.status).toBe('unfilled');
    expect(result.movedToUnfilled).toBe(result.bookings.filter((x) => x.status === 'unfilled').length);

    const series = await queryRows<{
      id: number;
      position: number;
      total: number;
      from: number | null;
      reference: string;
      candidate: number | null;
    }>(
      t.database.db,
      sql`select b.id, b.series_position as position, b.series_total as total, b.extended_from_booking_id as "from",
                 r.series_reference as reference, b.candidate_id as candidate
          from bookings b join booking_requests r on r.id = b.request_id where b.request_id = ${b.request_id} order by b.date_local, b.id`,
    );
    expect(series.map((s) => s.position)).toEqual(series.map((_, i) => i + 1));
    expect(series).toHaveLength(added.length + 1);
    expect(series.every((s) => s.total === series.length && s.reference === `BLK-${String(b.request_id).padStart(7, '0')}`)).toBe(true);
    expect(series.slice(1).every((s) => s.from === b.id)).toBe(true);

    const mail = await queryRows<{ subject: string | null; to_address: string }>(
      t.database.db,
      sql`select subject, to_address from outbox_messages where subject like 'Booking extended%' or subject like 'Tentative booking extension:%'`,
    );
    expect(mail.some((m) => m.subject?.startsWith('Booking extended'))).toBe(true);
    if (result.bookings.some((x) => x.status === 'filled'))
      expect(mail.some((m) => m.subject?.startsWith('Tentative booking extension:'))).toBe(true);
  });

  it('extends an unfilled booking with unfilled days, counting none as moved', async () => {
    const b = await source({ status: 'unfilled' });
    const res = await extend(b.id, body(weekdaysAfter(b.date_local, 2)));
    expect(res.statusCode).toBe(201);
    const result = ExtendedBooking.parse(res.json());
    expect(result.bookings.length).toBeGreaterThan(0);
    expect(result.bookings.every((x) => x.status === 'unfilled')).toBe(true);
    expect(result.movedToUnfilled).toBe(0);
  });

  it('starts after the last booked day even when it was cancelled, and never books a date twice', async () => {
    const b = await source({ status: 'unfilled' });
    const closed = await blockedAt(b.location_id);
    const open = [1, 2, 3, 4, 5, 6].map((n) => weekdaysAfter(b.date_local, n)).filter((d) => !closed.has(d));
    const [thu, fri] = open as [string, string];
    // The series runs to "Thursday", then "Thursday" is cancelled.
    expect((await extend(b.id, body(thu))).statusCode).toBe(201);
    const cancelled = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from bookings where request_id = ${b.request_id} and date_local = ${thu}`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/bookings/${cancelled[0]!.id}/cancel`,
      headers: admin.headers,
      payload: { cancelReason: 'Not needed' },
    });
    expect(res.statusCode).toBe(200);

    // Extending to "Friday" offers Friday only, and adds it once.
    const scheduling = ExtendScheduling.parse(
      (
        await t.app.inject({ method: 'GET', url: `/v1/bookings/${b.id}/extend/scheduling?endDateLocal=${fri}`, headers: admin.headers })
      ).json(),
    );
    expect(scheduling.lastDateLocal).toBe(thu);
    expect(scheduling.dates.map((d) => d.dateLocal)).toEqual(open.slice(1, 2).filter((d) => d > thu && d <= fri));
    const added = ExtendedBooking.parse((await extend(b.id, body(fri))).json());
    expect(added.bookings.map((x) => x.dateLocal)).toEqual([fri]);
    const perDate = await queryRows<{ d: string; n: number }>(
      t.database.db,
      sql`select date_local::text as d, count(*)::int as n from bookings where request_id = ${b.request_id} group by 1 having count(*) > 1`,
    );
    expect(perDate).toEqual([]);
    // Extending to the cancelled day itself adds nothing.
    const again = await extend(b.id, body(thu));
    expect(again.statusCode).toBe(422);
  });

  it('books only the days the user kept, of those offered', async () => {
    const b = await source({ status: 'unfilled' });
    const closed = await blockedAt(b.location_id);
    const open = [1, 2, 3, 4, 5, 6].map((n) => weekdaysAfter(b.date_local, n)).filter((d) => !closed.has(d));
    const end = open[2]!;
    const notOffered = await extend(b.id, body(end, { dates: [open[0], addDays(end, 1)] }));
    expect(notOffered.statusCode).toBe(422);
    expect(notOffered.json().errors.dates).toEqual([BOOKING_MESSAGES.extendDateNotOffered(addDays(end, 1))]);
    const kept = ExtendedBooking.parse((await extend(b.id, body(end, { dates: [open[0], end, end] }))).json());
    expect(kept.bookings.map((x) => x.dateLocal)).toEqual([open[0], end]);
    expect(await count(b.request_id)).toBe(3);
    expect((await extend(b.id, body(addDays(end, 7), { dates: [] }))).statusCode).toBe(400);
  });

  it('gives one extension for two submits with the same Idempotency-Key', async () => {
    const b = await source({ status: 'unfilled' });
    const headers = { 'idempotency-key': `extend-twice-${b.id}` };
    const first = await extend(b.id, body(weekdaysAfter(b.date_local, 1)), headers);
    const second = await extend(b.id, body(weekdaysAfter(b.date_local, 1)), headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await count(b.request_id)).toBe(2);
  });

  it('leaves nothing half-written when a write fails part-way', async () => {
    const b = await source({ status: 'filled' });
    const failOn = weekdaysAfter(b.date_local, 2);
    await queryRows(
      t.database.db,
      sql.raw(`create function fail_extension() returns trigger language plpgsql as $$
               begin if new.date_local = '${failOn}' and new.request_id = ${b.request_id} then raise exception 'disk full'; end if; return new; end $$`),
    );
    await queryRows(
      t.database.db,
      sql.raw('create trigger fail_extension before insert on bookings for each row execute function fail_extension()'),
    );
    try {
      const res = await extend(b.id, body(weekdaysAfter(b.date_local, 3)), { 'idempotency-key': `extend-fail-${b.id}` });
      expect(res.statusCode).toBe(500);
    } finally {
      await queryRows(t.database.db, sql.raw('drop trigger fail_extension on bookings'));
      await queryRows(t.database.db, sql.raw('drop function fail_extension()'));
    }
    expect(await count(b.request_id)).toBe(1);
    const [request] = await queryRows<{ reference: string | null; position: number | null }>(
      t.database.db,
      sql`select r.series_reference as reference, b.series_position as position from booking_requests r join bookings b on b.request_id = r.id
          where r.id = ${b.request_id}`,
    );
    expect(request).toEqual({ reference: null, position: null });
    // The key was freed: the same request can be sent again and now succeeds.
    const again = await extend(b.id, body(weekdaysAfter(b.date_local, 3)), { 'idempotency-key': `extend-fail-${b.id}` });
    expect(again.statusCode).toBe(201);
  });
});

describe('extend rules', () => {
  let b: Source;
  beforeAll(async () => {
    b = await source({ status: 'filled' });
  });
  const problem = async (payload: Record<string, unknown>, status: number, field: string, message: string) => {
    const res = await extend(b.id, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().errors[field]).toContain(message);
  };

  it('refuses an extension ending on a public holiday, naming it, and leaves one inside it out', async () => {
    // Good Friday, 3 April 2026, is a public holiday in every Australian state.
    if (b.date_local >= '2026-04-02') return;
    await problem(body('2026-04-03'), 422, 'endDateLocal', BOOKING_MESSAGES.publicHoliday('Good Friday'));
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${b.id}/extend/scheduling?endDateLocal=2026-04-07`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const goodFriday = ExtendScheduling.parse(res.json()).dates.find((d) => d.dateLocal === '2026-04-03');
    expect(goodFriday).toMatchObject({ blocked: true, holiday: 'Good Friday' });
  });

  it('needs every time field', async () => {
    const { startTime: _s, ...noStart } = body(weekdaysAfter(b.date_local, 1));
    await problem(noStart, 400, 'startTime', FORM_MESSAGES.required);
    const { endTime: _e, ...noEnd } = body(weekdaysAfter(b.date_local, 1));
    await problem(noEnd, 400, 'endTime', FORM_MESSAGES.required);
    const { endDateLocal: _d, ...noDate } = body(weekdaysAfter(b.date_local, 1));
    await problem(noDate, 400, 'endDateLocal', FORM_MESSAGES.required);
  });

  it('needs the end after the start, and the start not before 05:00', async () => {
    const end = weekdaysAfter(b.date_local, 1);
    await problem(body(end, { startTime: '15:00', endTime: '09:00' }), 400, 'endTime', FORM_MESSAGES.endBeforeStart);
    await problem(body(end, { startTime: '04:30', endTime: '09:00' }), 400, 'startTime', BOOKING_MESSAGES.extendStartTooEarly('05:00'));
  });

  it('keeps to the classification’s minimum duration', async () => {
    await queryRows(
      t.database.db,
      sql`update classifications set minimum_duration_in_mins = 240, earliest_end_time_24hr = null
          where id = (select classification_id from booking_requests where id = ${b.request_id})`,
    );
    await problem(
      body(weekdaysAfter(b.date_local, 1), { startTime: '09:00', endTime: '12:00', breakMinutes: 0 }),
      400,
      'endTime',
      BOOKING_MESSAGES.minimumDuration(240),
    );
  });

  it('keeps to the minimum duration net of the break, as creating does', async () => {
    // 250 minutes on the clock, 220 worked: short of the classification's 240 (set by the test above).
    await problem(
      body(weekdaysAfter(b.date_local, 1), { startTime: '09:00', endTime: '13:10', breakMinutes: 30 }),
      400,
      'endTime',
      BOOKING_MESSAGES.minimumDuration(240),
    );
  });

  it('proposes the first end date that adds a bookable day when asked without one: a blocked next day is passed over', async () => {
    const b = await source({ status: 'unfilled' });
    const closed = await blockedAt(b.location_id);
    const firstOpen = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/v1/bookings/${b.id}/extend/scheduling`, headers: admin.headers })
      ).json() as ExtendScheduling;
    let expected = weekdaysAfter(b.date_local, 1);
    while (closed.has(expected)) expected = weekdaysAfter(expected, 1);
    const before = await firstOpen();
    expect(before.endDateLocal).toBe(expected);
    expect(before.dates.filter((d) => !d.blocked).map((d) => d.dateLocal)).toEqual([expected]);

    // The school closes on that day: the proposal moves to the next weekday open, and lists the closed one as blocked.
    await queryRows(
      t.database.db,
      sql`insert into location_restrictions (location_id, dates_local, message_markdown) values (${b.location_id}, array[${expected}]::date[], 'Closed')`,
    );
    let next = weekdaysAfter(expected, 1);
    while (closed.has(next)) next = weekdaysAfter(next, 1);
    const after = await firstOpen();
    expect(after.endDateLocal).toBe(next);
    expect(after.dates.find((d) => d.dateLocal === expected)?.blocked).toBe(true);
    expect(after.dates.filter((d) => !d.blocked).map((d) => d.dateLocal)).toEqual([next]);
    // No token, or a forged one: 401. An encoded or odd id: 400 or 404, never another booking's plan.
    expect((await t.app.inject({ method: 'GET', url: `/v1/bookings/${b.id}/extend/scheduling` })).statusCode).toBe(401);
    const forged = { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' };
    expect((await t.app.inject({ method: 'GET', url: `/v1/bookings/${b.id}/extend/scheduling`, headers: forged })).statusCode).toBe(401);
    for (const odd of [`${b.id}%2F..`, `-${b.id}`, '%00', '9'.repeat(40)]) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/bookings/${odd}/extend/scheduling`, headers: admin.headers });
      expect([400, 404], odd).toContain(res.statusCode);
    }
    // Another client's booking is not found, with or without a date; an empty or odd date is refused, not guessed.
    const outsider = await signIn(t.app, 'school.admin@demo.test');
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/bookings/${b.id}/extend/scheduling`, headers: outsider.headers })).statusCode,
    ).toBe(404);
    for (const odd of ['', '2026-02-30', '%00', 'tomorrow']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/bookings/${b.id}/extend/scheduling?endDateLocal=${odd}`,
        headers: admin.headers,
      });
      expect(res.statusCode, odd).toBe(400);
    }
    // An end date asked for is still taken as it is.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/v1/bookings/${b.id}/extend/scheduling?endDateLocal=${expected}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(422);
  });

  it('says why when no end date adds a day: an early-learning block at its 4 weeks', async () => {
    const e = await source({ status: 'unfilled', locationType: 'early_learning' });
    const cap = addDays(e.date_local, EXTEND_BLOCK_CAP_DAYS - 1);
    expect((await extend(e.id, body(cap))).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: `/v1/bookings/${e.id}/extend/scheduling`, headers: admin.headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.endDateLocal).toContain(BOOKING_MESSAGES.extendBlockCap);
  });

  it('must add at least one school day', async () => {
    await problem(body(b.date_local), 422, 'endDateLocal', BOOKING_MESSAGES.extendMinimumOneDay);
    // Only a weekend after a Friday, or only blocked days, add nothing.
    let friday = b.date_local;
    while (new Date(`${friday}T00:00:00Z`).getUTCDay() !== 5) friday = addDays(friday, 1);
    const f = await source({ status: 'unfilled' });
    const [fri] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select b.id from bookings b where b.status = 'unfilled' and extract(dow from b.date_local) = 5 and b.date_local > '2026-03-17'
          and b.client_id = ${f.client_id} and (select count(*) from bookings o where o.request_id = b.request_id) = 1 limit 1`,
    );
    if (fri) {
      const [row] = await queryRows<{ d: string }>(t.database.db, sql`select date_local::text as d from bookings where id = ${fri.id}`);
      const res = await extend(fri.id, body(addDays(row!.d, 2)));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.endDateLocal).toContain(BOOKING_MESSAGES.extendMinimumOneDay);
    }
    const next = weekdaysAfter(b.date_local, 1);
    await queryRows(
      t.database.db,
      sql`insert into location_restrictions (location_id, dates_local, message_markdown) values (${b.location_id}, array[${next}]::date[], 'Closed')`,
    );
    await problem(body(next), 422, 'endDateLocal', BOOKING_MESSAGES.extendMinimumOneDay);
  });

  it('reaches at most the client’s maximum extension date', async () => {
    const max = addDays(b.date_local, 90);
    await problem(body(addDays(max, 1)), 422, 'endDateLocal', BOOKING_MESSAGES.extendMaxDate(max));
  });

  it('caps a block at an early-learning location at four weeks', async () => {
    const e = await source({ status: 'filled', locationType: 'early_learning' });
    const cap = addDays(e.date_local, EXTEND_BLOCK_CAP_DAYS - 1);
    const scheduling = await t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${e.id}/extend/scheduling?endDateLocal=${weekdaysAfter(e.date_local, 1)}`,
      headers: admin.headers,
    });
    expect(scheduling.json().maxEndDateLocal).toBe(schoolDayOnOrBefore(cap));
    const res = await extend(e.id, body(addDays(cap, 1)));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.endDateLocal).toContain(BOOKING_MESSAGES.extendBlockCap);
    const detail = async () => (await t.app.inject({ method: 'GET', url: `/v1/bookings/${e.id}`, headers: admin.headers })).json();
    expect((await detail()).booking.actions.extend).toBe(true);
    expect((await extend(e.id, body(cap))).statusCode).toBe(201);
    // At its four weeks the block has no day left to add: the booking offers no Extend.
    const after = await detail();
    expect(
      after.bookings
        .map((x: { dateLocal: string }) => x.dateLocal)
        .sort()
        .at(-1),
    ).toBe(schoolDayOnOrBefore(cap));
    expect(after.booking.actions.extend).toBe(false);
  });

  it('extends only unfilled or filled bookings', async () => {
    const [done] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from bookings where status = 'completed' and client_id = ${b.client_id} order by date_local desc limit 1`,
    );
    const res = await extend(done!.id, body('2026-03-20'));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(BOOKING_MESSAGES.extendNotAllowed);
  });

  it('needs booking create or modify at the location; another client’s booking is not found', async () => {
    const pending = await signIn(t.app, 'pending.booker@demo.test');
    const [harbour] = await queryRows<{ id: number; d: string }>(
      t.database.db,
      sql`select id, date_local::text as d from bookings where location_id = 1 and status = 'unfilled' and date_local > '2026-03-17' limit 1`,
    );
    const refused = await extend(harbour!.id, body(weekdaysAfter(harbour!.d, 1)), {}, pending);
    expect(refused.statusCode).toBe(403);
    const outsider = await signIn(t.app, 'school.admin@demo.test');
    expect((await extend(harbour!.id, body(weekdaysAfter(harbour!.d, 1)), {}, outsider)).statusCode).toBe(404);
    expect((await extend(2_000_000_000, body('2026-04-01'))).statusCode).toBe(404);
  });

  it("follows the contact's own enableExtendBooking flag (spec §3, per contact): off, the detail offers no extend and both calls are refused", async () => {
    const intl = await signIn(t.app, 'intl.admin@demo.test');
    const profile = (await t.app.inject({ method: 'GET', url: '/v1/profile', headers: intl.headers })).json();
    expect(profile.features.enableExtendBooking).toBe(false);
    expect(profile.features.showBookingCardV2).toBe(true);
    const [own] = await queryRows<{ id: number; d: string }>(
      t.database.db,
      sql`select b.id, b.date_local::text as d from bookings b
          join permission_entries pe on pe.client_id = b.client_id
          join contacts c on c.id = pe.contact_id and c.email = 'intl.admin@demo.test'
          where b.status = 'unfilled' and b.date_local > '2026-03-17' order by b.date_local, b.id limit 1`,
    );
    const detail = await t.app.inject({ method: 'GET', url: `/v1/bookings/${own!.id}`, headers: intl.headers });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().booking.actions.extend).toBe(false);
    const scheduling = await t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${own!.id}/extend/scheduling?endDateLocal=${weekdaysAfter(own!.d, 1)}`,
      headers: intl.headers,
    });
    expect(scheduling.statusCode).toBe(403);
    expect(scheduling.json().detail).toBe(BOOKING_MESSAGES.extendDisabled);
    const refused = await extend(own!.id, body(weekdaysAfter(own!.d, 1)), {}, intl);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(BOOKING_MESSAGES.extendDisabled);
    // Another contact keeps the default: group.admin's detail offers extend on its own unfilled booking.
    const mine = await source({ status: 'unfilled' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/bookings/${mine.id}`, headers: admin.headers })).json().booking.actions.extend,
    ).toBe(true);
  });
});

describe('extend: today, and concurrent writers', () => {
  const dup = async (requestId: number) =>
    queryRows<{ d: string }>(
      t.database.db,
      sql`select date_local::text as d from bookings where request_id = ${requestId} group by date_local having count(*) > 1`,
    );

  it('adds today only before the client’s same-day cut-off and before the start time, at the location', async () => {
    // A booking whose next two school days are open; 'today' becomes the first of them.
    let b: Source | undefined;
    for (let i = 0; i < 10 && !b; i++) {
      const candidate = await source({ status: 'unfilled' });
      const closed = await blockedAt(candidate.location_id);
      if (![1, 2].some((n) => closed.has(weekdaysAfter(candidate.date_local, n)))) b = candidate;
    }
    const today = weekdaysAfter(b!.date_local, 1);
    const end = weekdaysAfter(b!.date_local, 2);
    await queryRows(t.database.db, sql`update clients set same_day_cutoff = '08:00' where id = ${b!.client_id}`);
    const [{ zone, start } = { zone: '', start: '' }] = await queryRows<{ zone: string; start: string }>(
      t.database.db,
      sql`select l.time_zone as zone, to_char(r.start_time_local, 'HH24:MI') as start from locations l, booking_requests r
          where l.id = ${b!.location_id} and r.id = ${b!.request_id}`,
    );
    expect(start > '07:00').toBe(true);
    const at = (time: string) => DateTime.fromISO(`${today}T${time}`, { zone }).toJSDate();
    const scheduled = async () =>
      ExtendScheduling.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/v1/bookings/${b!.id}/extend/scheduling?endDateLocal=${end}`,
            headers: admin.headers,
          })
        ).json(),
      ).dates.map((d) => d.dateLocal);
    try {
      clock = at('09:00'); // past the 08:00 cut-off
      expect(await scheduled()).toEqual([end]);
      clock = at('07:00'); // before it, and before the request's start
      expect(await scheduled()).toEqual([today, end]);
      // Before the cut-off but after the start asked for: today cannot be booked any more.
      const res = await extend(b!.id, body(end, { startTime: '06:30', endTime: '15:00', breakMinutes: 30 }));
      expect(res.statusCode, res.body).toBe(201);
      expect(ExtendedBooking.parse(res.json()).bookings.map((x) => x.dateLocal)).toEqual([end]);
    } finally {
      clock = NOW;
    }
  });

  it('extends a series once when the same extension is sent three times at once', async () => {
    for (let round = 0; round < 3; round++) {
      const b = await source({ status: 'unfilled' });
      const end = weekdaysAfter(b.date_local, 3);
      const results = await Promise.all([1, 2, 3].map((i) => extend(b.id, body(end), { 'idempotency-key': `extend-race-${b.id}-${i}` })));
      expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([201, 422, 422]);
      for (const r of results.filter((x) => x.statusCode === 422))
        expect(r.json().errors.endDateLocal).toContain(BOOKING_MESSAGES.extendMinimumOneDay);
      expect(await dup(b.request_id)).toEqual([]);
    }
  });

  it('never books the educator twice on a day when an extension and an assignment race', async () => {
    const provider = new ProviderService(t.database.db, t.app.mailer, t.app.now);
    let rounds = 0;
    for (let i = 0; i < 15 && rounds < 3; i++) {
      const b = await source({ status: 'filled' });
      const day = weekdaysAfter(b.date_local, 1);
      if ((await blockedAt(b.location_id)).has(day)) continue;
      const [busy] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from bookings where candidate_id = ${b.candidate_id} and date_local = ${day}
            and status not in ('cancelled', 'rejected')`,
      );
      const [open] = await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from bookings where date_local = ${day} and status = 'unfilled' and request_id <> ${b.request_id} order by id limit 1`,
      );
      if (busy!.n > 0 || !open) continue;
      rounds += 1;
      const [extended, assigned] = await Promise.allSettled([extend(b.id, body(day)), provider.assign(open.id, b.candidate_id!)]);
      expect(extended.status === 'fulfilled' && extended.value.statusCode).toBe(201);
      if (assigned.status === 'rejected') expect(assigned.reason).toMatchObject({ status: 409 });
      const [after] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from bookings where candidate_id = ${b.candidate_id} and date_local = ${day}
            and status not in ('cancelled', 'rejected')`,
      );
      expect(after!.n).toBe(1);
    }
    expect(rounds).toBeGreaterThan(0);
  });
});
