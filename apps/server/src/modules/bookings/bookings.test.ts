import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { BookingDetail, BookingsResponse, Pagination } from '@portal/contract/bookings';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { TEST_NOW } from '../../../test/global-setup';
import { signIn, type SignedIn } from '../../../test/auth-client';

/**
 * The bookings list, detail and cancel, checked against SQL of their own on the seeded world (today 2026-03-16,
 * a Monday; TEST_NOW is 01:00 UTC, i.e. midday in Sydney and 14:00 in Auckland).
 */

let t: TestApp;
let admin: SignedIn;
let viewer: SignedIn;
let nz: SignedIn;
let teacher: SignedIn;
let groupClientIds: number[];
let viewerClientId: number;
let teacherLocationId: number;

const ids = (values: number[]) => values.map((id) => `clientIds=${id}`).join('&');
const list = (values: readonly (number | string)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const one = async <T>(query: SQL) => (await queryRows<T>(t.database.db, query))[0]!;
const idsOf = async (query: SQL) => (await queryRows<{ id: number }>(t.database.db, query)).map((r) => r.id);
const get = (url: string, who: SignedIn) => t.app.inject({ method: 'GET', url, headers: who.headers });
const cancel = (id: number, who: SignedIn, cancelReason: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/bookings/${id}/cancel`,
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { cancelReason },
  });
const pagination = (res: { headers: Record<string, unknown> }) => Pagination.parse(JSON.parse(String(res.headers['x-pagination'])));

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(TEST_NOW) });
  const db = t.database.db;
  groupClientIds = (
    await queryRows<{ id: number }>(
      db,
      sql`select c.id from clients c join permission_entries pe on pe.group_id = c.group_id join contacts ct on ct.id = pe.contact_id
          where ct.email = 'group.admin@demo.test' group by c.id order by c.id`,
    )
  ).map((r) => r.id);
  viewerClientId = (
    await one<{ id: number }>(sql`select pe.client_id as id from permission_entries pe join contacts ct on ct.id = pe.contact_id
      where ct.email = 'bookings.viewer@demo.test' and pe.client_id is not null limit 1`)
  ).id;
  // The teacher gets booking view at its one location, and only there.
  const row = await one<{ contact_id: number; location_id: number }>(
    sql`select ct.id as contact_id, pe.location_id from contacts ct join permission_entries pe on pe.contact_id = ct.id
        where ct.email = 'teacher@demo.test' and pe.location_id is not null limit 1`,
  );
  teacherLocationId = row.location_id;
  await db.execute(
    sql`insert into permission_entries (contact_id, location_id, scope, modifier) values (${row.contact_id}, ${row.location_id}, 'booking', 'view')`,
  );
  [admin, viewer, nz, teacher] = await Promise.all([
    signIn(t.app, 'group.admin@demo.test'),
    signIn(t.app, 'bookings.viewer@demo.test'),
    signIn(t.app, 'school.admin@demo.test'),
    signIn(t.app, 'teacher@demo.test'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

/** The ids the list puts first (at unfilled risk, soonest first) for a query. */
async function riskIds(query: string): Promise<number[]> {
  return BookingsResponse.parse((await get(`/v1/bookings?${query}&unfilledRisk=true&take=200`, admin)).json()).map((b) => b.id);
}
const riskFirst = (sorted: number[], risk: number[]) => [...risk, ...sorted.filter((id) => !risk.includes(id))];

describe('GET /v1/bookings', () => {
  it('pages the clients’ bookings in a date range by date, start time and id, with the total in x-pagination', async () => {
    const chosen = groupClientIds.slice(0, 3);
    const where = sql`client_id in (${list(chosen)}) and date_local between '2026-02-01' and '2026-04-30'`;
    const res = await get(`/v1/bookings?${ids(chosen)}&dateFromLocal=2026-02-01&dateToLocal=2026-04-30&skip=50&take=50`, admin);
    expect(res.statusCode).toBe(200);
    const body = BookingsResponse.parse(res.json());
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from bookings where ${where}`);
    expect(n).toBeGreaterThan(100);
    expect(pagination(res)).toEqual({ total: n, skip: 50, take: 50 });
    // Bookings at unfilled risk lead the list (unfilled-risk.test.ts); the rest keep the order asked for.
    const risk = await riskIds(`${ids(chosen)}&dateFromLocal=2026-02-01&dateToLocal=2026-04-30`);
    const sorted = await idsOf(sql`select id from bookings where ${where} order by date_local, start_time_local, id`);
    expect(body.map((b) => b.id)).toEqual(riskFirst(sorted, risk).slice(50, 100));
  });

  it('pages one school or one location by date either way as sorting its whole range would, page after page', async () => {
    // One range is read in date order from its own index and cut at skip + take; the reference sorts every row.
    const client = groupClientIds[0]!;
    const range = 'dateFromLocal=2026-01-01&dateToLocal=2026-06-30';
    const where = sql`client_id = ${client} and date_local between '2026-01-01' and '2026-06-30'`;
    const risk = await riskIds(`clientIds=${client}&${range}`);
    for (const [sort, dir] of [
      ['date', sql`asc`],
      ['-date', sql`desc`],
    ] as const) {
      const sorted = riskFirst(
        await idsOf(sql`select id from bookings where ${where} order by date_local ${dir}, start_time_local ${dir}, id ${dir}`),
        risk,
      );
      expect(sorted.length).toBeGreaterThan(120);
      for (const skip of [0, 50, 100]) {
        const res = await get(`/v1/bookings?clientIds=${client}&${range}&sort=${sort}&skip=${skip}&take=50`, admin);
        expect(res.statusCode).toBe(200);
        expect(pagination(res)).toEqual({ total: sorted.length, skip, take: 50 });
        expect(BookingsResponse.parse(res.json()).map((b) => b.id)).toEqual(sorted.slice(skip, skip + 50));
      }
    }
    // The teacher sees one location: its range is the location's.
    const own = await idsOf(
      sql`select id from bookings where location_id = ${teacherLocationId} order by date_local desc, start_time_local desc, id desc`,
    );
    expect(own.length).toBeGreaterThan(20);
    const teacherRisk = BookingsResponse.parse((await get(`/v1/bookings?unfilledRisk=true&take=200`, teacher)).json()).map((b) => b.id);
    const expected = riskFirst(own, teacherRisk);
    const pages: number[] = [];
    for (let skip = 0; skip < 30; skip += 10) {
      const res = await get(`/v1/bookings?sort=-date&skip=${skip}&take=10`, teacher);
      expect(res.statusCode).toBe(200);
      expect(pagination(res).total).toBe(own.length);
      pages.push(...BookingsResponse.parse(res.json()).map((b) => b.id));
    }
    expect(pages).toEqual(expected.slice(0, 30));

    // Pending bookings only (pendingBooking view at one school, no booking view): the range is that school's pending ones.
    const finance = await one<{ contact_id: number; client_id: number }>(
      sql`select ct.id as contact_id, pe.client_id from contacts ct join permission_entries pe on pe.contact_id = ct.id
          where ct.email = 'finance@demo.test' and pe.client_id is not null limit 1`,
    );
    await t.database.db.execute(
      sql`insert into permission_entries (contact_id, client_id, scope, modifier) values (${finance.contact_id}, ${finance.client_id}, 'pendingBooking', 'view')`,
    );
    const changed = await queryRows<{ id: number; status: string }>(
      t.database.db,
      sql`select id, status::text from bookings where client_id = ${finance.client_id} order by id limit 12`,
    );
    await t.database.db.execute(sql`update bookings set status = 'pending_approval' where id in (${list(changed.map((b) => b.id))})`);
    const pendingOnly = await signIn(t.app, 'finance@demo.test');
    const pending = await idsOf(
      sql`select id from bookings where client_id = ${finance.client_id} and status = 'pending_approval'
          order by date_local desc, start_time_local desc, id desc`,
    );
    expect(pending.length).toBeGreaterThanOrEqual(12);
    const pendingPages: number[] = [];
    for (let skip = 0; skip < pending.length; skip += 5) {
      const res = await get(`/v1/bookings?sort=-date&skip=${skip}&take=5`, pendingOnly);
      expect(res.statusCode).toBe(200);
      expect(pagination(res).total).toBe(pending.length);
      pendingPages.push(...BookingsResponse.parse(res.json()).map((b) => b.id));
    }
    expect(pendingPages).toEqual(pending);
    // The other tests see the world as seeded.
    for (const b of changed) await t.database.db.execute(sql`update bookings set status = ${b.status}::booking_status where id = ${b.id}`);
    await t.database.db.execute(
      sql`delete from permission_entries where contact_id = ${finance.contact_id} and scope = 'pendingBooking' and modifier = 'view'`,
    );
  });

  it('filters by repeated status, location and educator, counting with the same filter', async () => {
    const chosen = groupClientIds.slice(0, 3);
    const statuses = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from bookings where client_id in (${list(chosen)}) and status in ('filled', 'completed')`,
    );
    const res = await get(`/v1/bookings?${ids(chosen)}&status=filled&status=completed&take=10`, admin);
    expect(res.statusCode).toBe(200);
    expect(pagination(res).total).toBe(statuses[0]!.n);
    expect(new Set(BookingsResponse.parse(res.json()).map((b) => b.status))).toEqual(new Set(['completed']));

    const single = await get(`/v1/bookings?${ids(chosen)}&status=unfilled&take=200`, admin);
    expect(BookingsResponse.parse(single.json()).every((b) => b.status === 'unfilled')).toBe(true);

    const loc = await one<{ location_id: number; candidate_id: number }>(
      sql`select location_id, candidate_id from bookings where client_id = ${chosen[0]!} and candidate_id is not null
          group by location_id, candidate_id order by count(*) desc limit 1`,
    );
    const byLocation = await get(`/v1/bookings?locationId=${loc.location_id}&dateFromLocal=2026-03-01&dateToLocal=2026-03-31`, admin);
    const locationCount = await one<{ n: number }>(
      sql`select count(*)::int as n from bookings where location_id = ${loc.location_id} and date_local between '2026-03-01' and '2026-03-31'`,
    );
    expect(pagination(byLocation).total).toBe(locationCount.n);
    expect(BookingsResponse.parse(byLocation.json()).every((b) => b.location.id === loc.location_id)).toBe(true);

    const byCandidate = await get(`/v1/bookings?candidateId=${loc.candidate_id}&sort=-date`, admin);
    const body = BookingsResponse.parse(byCandidate.json());
    expect(body.map((b) => b.id)).toEqual(
      await idsOf(sql`select id from bookings where candidate_id = ${loc.candidate_id} and client_id in (${list(groupClientIds)})
        order by date_local desc, start_time_local desc, id desc limit 50`),
    );
    expect(body[0]!.candidate).toMatchObject({ id: loc.candidate_id });
  });

  it('sorts by status, location and educator, each ending on date, start time and id', async () => {
    const client = groupClientIds[0]!;
    const base = `/v1/bookings?clientIds=${client}&dateFromLocal=2026-03-09&dateToLocal=2026-03-27&take=200`;
    const where = sql`b.client_id = ${client} and b.date_local between '2026-03-09' and '2026-03-27'`;
    const cases: Array<[string, SQL]> = [
      ['status', sql`select b.id from bookings b where ${where} order by b.status, b.date_local, b.start_time_local, b.id`],
      [
        'location',
        sql`select b.id from bookings b join locations l on l.id = b.location_id where ${where}
            order by l.name, b.location_id, b.date_local, b.start_time_local, b.id`,
      ],
      [
        'candidate',
        sql`select b.id from bookings b left join candidates c on c.id = b.candidate_id where ${where}
            order by c.last_name nulls last, c.first_name nulls last, b.candidate_id, b.date_local, b.start_time_local, b.id`,
      ],
    ];
    const risk = await riskIds(`clientIds=${client}&dateFromLocal=2026-03-09&dateToLocal=2026-03-27`);
    for (const [sort, query] of cases) {
      const res = await get(`${base}&sort=${sort}`, admin);
      expect(res.statusCode).toBe(200);
      expect(BookingsResponse.parse(res.json()).map((b) => b.id)).toEqual(riskFirst(await idsOf(query), risk));
    }
    // Pages joined end to end are the list, once each.
    const whole = BookingsResponse.parse((await get(`${base}&sort=candidate`, admin)).json()).map((b) => b.id);
    const pages: number[] = [];
    for (let skip = 0; skip < 40; skip += 10) {
      const page = await get(`${base.replace('take=200', 'take=10')}&sort=candidate&skip=${skip}`, admin);
      pages.push(...BookingsResponse.parse(page.json()).map((b) => b.id));
    }
    expect(pages).toEqual(whole.slice(0, 40));
  });

  it('pages every client of the group, and one location, by status, location and educator as sorting every row would', async () => {
    // Each sort has its own plan (per-range pages merged, per-location pages, the educators looked up by id); the
    // reference sorts every visible row.
    const range = `${ids(groupClientIds)}&dateFromLocal=2026-02-02&dateToLocal=2026-03-13`;
    const dates = sql`b.date_local between '2026-02-02' and '2026-03-13'`;
    const orders: Array<[string, SQL, SQL]> = [
      ['status', sql``, sql`b.status, b.date_local, b.start_time_local, b.id`],
      ['location', sql`join locations l on l.id = b.location_id`, sql`l.name, b.location_id, b.date_local, b.start_time_local, b.id`],
      [
        'candidate',
        sql`left join candidates c on c.id = b.candidate_id`,
        sql`c.last_name nulls last, c.first_name nulls last, b.candidate_id, b.date_local, b.start_time_local, b.id`,
      ],
    ];
    const risk = await riskIds(range);
    for (const [sort, join, order] of orders) {
      const where = sql`b.client_id in (${list(groupClientIds)}) and ${dates}`;
      const sorted = riskFirst(await idsOf(sql`select b.id from bookings b ${join} where ${where} order by ${order}`), risk);
      expect(sorted.length).toBeGreaterThan(150);
      for (const skip of [0, 50, 100]) {
        const res = await get(`/v1/bookings?${range}&sort=${sort}&skip=${skip}&take=50`, admin);
        expect(res.statusCode).toBe(200);
        expect(pagination(res)).toEqual({ total: sorted.length, skip, take: 50 });
        expect(BookingsResponse.parse(res.json()).map((b) => b.id)).toEqual(sorted.slice(skip, skip + 50));
      }
      // The teacher sees one location.
      const own = await idsOf(sql`select b.id from bookings b ${join} where b.location_id = ${teacherLocationId} order by ${order}`);
      const teacherRisk = BookingsResponse.parse((await get(`/v1/bookings?unfilledRisk=true&take=200`, teacher)).json()).map((b) => b.id);
      const res = await get(`/v1/bookings?sort=${sort}&skip=10&take=10`, teacher);
      expect(BookingsResponse.parse(res.json()).map((b) => b.id)).toEqual(riskFirst(own, teacherRisk).slice(10, 20));
    }
  });

  it('shows a list item’s fields from the booking, its request, educator and covering', async () => {
    const row = await one<{ id: number }>(
      sql`select b.id from bookings b join booking_requests r on r.id = b.request_id
          where b.client_id = ${groupClientIds[0]!} and b.candidate_id is not null and r.series_reference is not null and r.covering_name is not null
          order by b.id limit 1`,
    );
    const detail = await one<Record<string, unknown>>(
      sql`select to_char(b.date_local, 'YYYY-MM-DD') as date, to_char(b.start_time_local, 'HH24:MI') as start, r.series_reference, b.series_position,
          b.series_total, c.first_name, c.last_name, cl.online_title, r.covering_name, r.absence_reason::text as reason, l.name as location
          from bookings b join booking_requests r on r.id = b.request_id join candidates c on c.id = b.candidate_id
          join classifications cl on cl.id = r.classification_id join locations l on l.id = b.location_id where b.id = ${row.id}`,
    );
    const res = await get(
      `/v1/bookings?clientIds=${groupClientIds[0]}&dateFromLocal=${detail.date}&dateToLocal=${detail.date}&take=200`,
      admin,
    );
    const item = BookingsResponse.parse(res.json()).find((b) => b.id === row.id)!;
    expect(item).toMatchObject({
      dateLocal: detail.date,
      startTimeLocal: detail.start,
      seriesReference: detail.series_reference,
      seriesPosition: detail.series_position,
      seriesTotal: detail.series_total,
      location: { name: detail.location },
      classification: { onlineTitle: detail.online_title },
      candidate: { firstName: detail.first_name, lastName: detail.last_name, fullName: `${detail.first_name} ${detail.last_name}` },
      covering: { name: detail.covering_name, reason: detail.reason },
    });
  });

  it('shows a booking viewer its own school only, and refuses another client', async () => {
    const res = await get('/v1/bookings?take=200&dateFromLocal=2026-03-01&dateToLocal=2026-03-31', viewer);
    expect(res.statusCode).toBe(200);
    const body = BookingsResponse.parse(res.json());
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((b) => b.client.id === viewerClientId)).toBe(true);
    const { n } = await one<{ n: number }>(
      sql`select count(*)::int as n from bookings where client_id = ${viewerClientId} and date_local between '2026-03-01' and '2026-03-31'`,
    );
    expect(pagination(res).total).toBe(n);
    const other = groupClientIds.find((id) => id !== viewerClientId)!;
    expect((await get(`/v1/bookings?clientIds=${other}`, viewer)).statusCode).toBe(403);
  });

  it('shows a location-level holder that location only', async () => {
    const res = await get('/v1/bookings?take=200&dateFromLocal=2026-01-01&dateToLocal=2026-06-30', teacher);
    expect(res.statusCode).toBe(200);
    const { n } = await one<{ n: number }>(
      sql`select count(*)::int as n from bookings where location_id = ${teacherLocationId} and date_local between '2026-01-01' and '2026-06-30'`,
    );
    expect(n).toBeGreaterThan(0);
    expect(pagination(res).total).toBe(n);
    expect(BookingsResponse.parse(res.json()).every((b) => b.location.id === teacherLocationId)).toBe(true);
  });

  it('rejects a bad filter with a 400', async () => {
    expect((await get('/v1/bookings?status=nonsense', admin)).statusCode).toBe(400);
    expect((await get('/v1/bookings?take=500', admin)).statusCode).toBe(400);
    expect((await get('/v1/bookings?dateFromLocal=2026-04-01&dateToLocal=2026-03-01', admin)).statusCode).toBe(400);
  });
});

describe('GET /v1/clients/:clientId/bookings', () => {
  it('lists a client’s bookings from today at the client by default, and refuses a client outside the tree', async () => {
    const client = groupClientIds[1]!;
    const res = await get(`/v1/clients/${client}/bookings?take=20`, admin);
    expect(res.statusCode).toBe(200);
    const where = sql`client_id = ${client} and date_local >= '2026-03-16'`;
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from bookings where ${where}`);
    expect(pagination(res)).toEqual({ total: n, skip: 0, take: 20 });
    expect(BookingsResponse.parse(res.json()).map((b) => b.id)).toEqual(
      await idsOf(sql`select id from bookings where ${where} order by date_local, start_time_local, id limit 20`),
    );
    const from = await get(`/v1/clients/${client}/bookings?dateFromLocal=2026-03-20&take=5`, admin);
    expect(BookingsResponse.parse(from.json()).every((b) => b.dateLocal >= '2026-03-20')).toBe(true);
    expect((await get(`/v1/clients/${client}/bookings`, nz)).statusCode).toBe(403);
  });
});

describe('GET /v1/bookings/:id', () => {
  it('answers the booking, its request with every detail field, and all bookings of the request', async () => {
    const { id, request_id } = await one<{ id: number; request_id: number }>(
      sql`select b.id, b.request_id from bookings b join booking_requests r on r.id = b.request_id
          where b.client_id = ${groupClientIds[0]!} and r.series_reference is not null
          and exists (select 1 from booking_confirmations bc where bc.request_id = r.id)
          and cardinality(r.grade_ids) > 0 order by b.series_total desc, b.id limit 1`,
    );
    const res = await get(`/v1/bookings/${id}`, admin);
    expect(res.statusCode).toBe(200);
    const body = BookingDetail.parse(res.json());
    const bookingsOfRequest = await queryRows<{ id: number; date: string }>(
      t.database.db,
      sql`select id, to_char(date_local, 'YYYY-MM-DD') as date from bookings where request_id = ${request_id} order by date_local, start_time_local, id`,
    );
    expect(body.id).toBe(request_id);
    expect(body.booking.id).toBe(id);
    expect(body.bookings.map((b) => b.id)).toEqual(bookingsOfRequest.map((b) => b.id));
    expect(body.dates).toEqual(bookingsOfRequest);
    expect(body.days).toBe(new Set(bookingsOfRequest.map((b) => b.date)).size);
    expect(body.details.earliestDate).toBe(bookingsOfRequest[0]!.date);
    expect(body.details.latestDate).toBe(bookingsOfRequest.at(-1)!.date);
    const request = await one<Record<string, unknown>>(
      sql`select r.series_reference, r.notes, r.room, r.break_minutes, r.bookings_per_day, r.is_full_day, cl.online_title,
          (select count(*)::int from booking_confirmations bc where bc.request_id = r.id) as confirmations,
          cardinality(r.grade_ids)::int as grades, c.name as client, g.name as group_name
          from booking_requests r join classifications cl on cl.id = r.classification_id join clients c on c.id = r.client_id
          left join client_groups g on g.id = c.group_id where r.id = ${request_id}`,
    );
    expect(body).toMatchObject({
      seriesReference: request.series_reference,
      classification: { onlineTitle: request.online_title },
      client: { name: request.client },
      clientGroup: { name: request.group_name },
      details: {
        notes: request.notes,
        room: request.room,
        breakMinutes: request.break_minutes,
        bookingsPerDay: request.bookings_per_day,
        isFullDay: request.is_full_day,
        policiesAgreed: true,
      },
    });
    expect(body.confirmations).toHaveLength(request.confirmations as number);
    expect(body.grades).toHaveLength(request.grades as number);
    expect(body.createdBy.name.length).toBeGreaterThan(0);
  });

  it('computes the caller’s actions from its permissions and the booking’s state', async () => {
    const pick = (clientId: number, status: string, extra: SQL = sql`true`) =>
      one<{ id: number }>(
        sql`select b.id from bookings b where b.client_id = ${clientId} and b.status = ${status} and b.date_local > '2026-03-17' and ${extra}
            order by b.date_local, b.id limit 1`,
      );
    const done = (clientId: number) =>
      one<{ id: number }>(
        sql`select id from bookings where client_id = ${clientId} and status = 'completed' and not feedback_completed and candidate_id is not null
            order by id limit 1`,
      );
    const actions = async (id: number, who: SignedIn) => BookingDetail.parse((await get(`/v1/bookings/${id}`, who)).json()).booking.actions;
    const client = groupClientIds[0]!;
    expect(await actions((await pick(client, 'unfilled')).id, admin)).toEqual({
      cancel: true,
      cancelBlockedReason: null,
      extend: true,
      quickFeedback: false,
      viewOnly: false,
    });
    expect(await actions((await pick(client, 'filled')).id, admin)).toEqual({
      cancel: false,
      cancelBlockedReason: BOOKING_MESSAGES.cancelAssigned,
      extend: true,
      quickFeedback: false,
      viewOnly: false,
    });
    expect(await actions((await done(client)).id, admin)).toEqual({
      cancel: false,
      cancelBlockedReason: null,
      extend: false,
      quickFeedback: true,
      viewOnly: false,
    });
    // booking view alone: nothing but feedback; an open booking says it is view-only, a closed one has nothing to say.
    expect(await actions((await pick(viewerClientId, 'unfilled')).id, viewer)).toEqual({
      cancel: false,
      cancelBlockedReason: null,
      extend: false,
      quickFeedback: false,
      viewOnly: true,
    });
    expect(await actions((await done(viewerClientId)).id, viewer)).toMatchObject({ quickFeedback: true, viewOnly: false });
  });

  it('is 404 for a booking of another client, and for one that does not exist', async () => {
    const foreign = await one<{ id: number }>(sql`select id from bookings where client_id = ${groupClientIds[0]!} limit 1`);
    expect((await get(`/v1/bookings/${foreign.id}`, nz)).statusCode).toBe(404);
    expect((await get(`/v1/bookings/${foreign.id}`, viewer)).statusCode).toBe(viewerClientId === groupClientIds[0] ? 200 : 404);
    expect((await get('/v1/bookings/999999999', admin)).statusCode).toBe(404);
  });
});

describe('POST /v1/bookings/:id/cancel', () => {
  const outboxCount = async (text: string) =>
    (await one<{ n: number }>(sql`select count(*)::int as n from outbox_messages where text_body like ${`%${text}%`}`)).n;

  it('cancels an unfilled booking once per Idempotency-Key, records who and why, and tells its confirmations', async () => {
    const { id } = await one<{ id: number }>(
      sql`select b.id from bookings b where b.client_id = ${groupClientIds[0]!} and b.status = 'unfilled' and b.date_local > '2026-03-17'
          and exists (select 1 from booking_confirmations bc where bc.request_id = b.request_id and bc.email)
          order by b.date_local, b.id limit 1`,
    );
    const reason = `Class merged for the excursion ${id}`;
    const first = await cancel(id, admin, reason, `cancel-${id}-0001`);
    expect(first.statusCode).toBe(200);
    const body = BookingDetail.parse(first.json());
    expect(body.booking).toMatchObject({ id, status: 'cancelled', cancelReason: reason });
    expect(body.booking.cancelledAt).toBe(TEST_NOW);
    expect(body.booking.actions.cancel).toBe(false);
    const row = await one<{ status: string; cancel_reason: string; by: string | null }>(
      sql`select b.status::text, b.cancel_reason, ct.email as by from bookings b left join contacts ct on ct.id = b.cancelled_by_contact_id where b.id = ${id}`,
    );
    expect(row).toEqual({ status: 'cancelled', cancel_reason: reason, by: 'group.admin@demo.test' });
    const sent = await outboxCount(reason);
    expect(sent).toBeGreaterThan(0);

    const again = await cancel(id, admin, reason, `cancel-${id}-0001`);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await outboxCount(reason)).toBe(sent);
    // A new key on a cancelled booking: closed.
    const closed = await cancel(id, admin, reason, `cancel-${id}-0002`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().detail).toBe(BOOKING_MESSAGES.cancelClosed);
  });

  it('refuses a booking with an educator assigned, and one that has commenced, with the spec’s explanation', async () => {
    const filled = await one<{ id: number }>(
      sql`select id from bookings where client_id = ${groupClientIds[0]!} and status = 'filled' and date_local > '2026-03-17' limit 1`,
    );
    const res = await cancel(filled.id, admin, 'No longer needed');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(BOOKING_MESSAGES.cancelAssigned);

    // An unfilled booking today whose start (in the school's zone) has passed: it is midday in Sydney.
    const today = await one<{ id: number }>(
      sql`select b.id from bookings b where b.time_zone = 'Australia/Sydney' and b.date_local = '2026-03-16'
          and b.client_id in (${list(groupClientIds)}) and b.start_time_local < '12:00' order by b.id limit 1`,
    );
    await t.database.db.execute(sql`update bookings set status = 'unfilled', candidate_id = null where id = ${today.id}`);
    const detail = BookingDetail.parse((await get(`/v1/bookings/${today.id}`, admin)).json());
    expect(detail.booking.actions).toMatchObject({ cancel: false, cancelBlockedReason: BOOKING_MESSAGES.cancelCommenced });
    const commenced = await cancel(today.id, admin, 'Too late');
    expect(commenced.statusCode).toBe(422);
    expect(commenced.json().detail).toBe(BOOKING_MESSAGES.cancelCommenced);
    expect((await one<{ status: string }>(sql`select status::text from bookings where id = ${today.id}`)).status).toBe('unfilled');
  });

  it('needs a reason, booking delete at the location (403), and a booking in reach (404)', async () => {
    const { id } = await one<{ id: number }>(
      sql`select id from bookings where client_id = ${viewerClientId} and status = 'unfilled' and date_local > '2026-03-17' order by id limit 1`,
    );
    for (const reason of ['', '   ', undefined]) {
      const res = await cancel(id, admin, reason);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.cancelReason).toEqual(['This field is required']);
    }
    expect((await cancel(id, viewer, 'Not needed')).statusCode).toBe(403);
    expect((await cancel(id, nz, 'Not needed')).statusCode).toBe(404);
    expect((await one<{ status: string }>(sql`select status::text from bookings where id = ${id}`)).status).toBe('unfilled');
  });
});
