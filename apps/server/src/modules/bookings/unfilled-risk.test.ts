import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { BookingsResponse, Pagination } from '@portal/contract/bookings';
import { unfilledRisk } from '@portal/contract/unfilled-risk';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { TEST_NOW } from '../../../test/global-setup';
import { signIn, type SignedIn } from '../../../test/auth-client';

/**
 * Unfilled risk first: open bookings without an educator that start by the end of the next
 * school day in their zone lead the bookings list, soonest first, whatever its order, with the minutes left.
 * The clock is Monday 16 March 2026, 01:00 UTC (01:00 in London).
 */

let t: TestApp;
let admin: SignedIn;
const now = new Date(TEST_NOW);

beforeAll(async () => {
  t = await buildTestApp({ now: () => now });
  admin = await signIn(t.app, 'uk.admin@demo.test');
});
afterAll(async () => {
  await t?.close();
});

interface Row {
  id: number;
  status: string;
  candidate_id: number | null;
  start_utc: string;
  time_zone: string;
}

/** Every booking uk.admin sees between Sunday and Thursday, with what the rule needs. */
const visibleRows = () =>
  queryRows<Row>(
    t.database.db,
    sql`select b.id, b.status::text as status, b.candidate_id, b.time_zone,
               to_char(b.start_utc at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as start_utc
        from bookings b
        where b.client_id in (select cl.id from clients cl join permission_entries pe on pe.client_id = cl.id or pe.group_id = cl.group_id
                              join contacts c on c.id = pe.contact_id where c.email = 'uk.admin@demo.test')
          and b.date_local between '2026-03-15' and '2026-03-19'`,
  );

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/v1/bookings?${query}`, headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return { rows: BookingsResponse.parse(res.json()), pagination: Pagination.parse(JSON.parse(String(res.headers['x-pagination']))) };
};

describe('unfilled risk first', () => {
  let expected: { id: number; minutesLeft: number }[];

  beforeAll(async () => {
    // Open up a few bookings of Monday to Wednesday so the three cases exist whatever the seed drew.
    const rows = (await visibleRows()).filter((r) => r.status === 'filled' || r.status === 'unfilled');
    const byDay = (day: string) =>
      rows
        .filter((r) => r.start_utc.startsWith(day))
        .slice(0, 2)
        .map((r) => r.id);
    const open = [...byDay('2026-03-16'), ...byDay('2026-03-17'), ...byDay('2026-03-18')];
    expect(open.length).toBeGreaterThanOrEqual(4);
    await t.database.db.execute(
      sql`update bookings set status = 'unfilled', candidate_id = null where id = any(${`{${open.join(',')}}`}::int[])`,
    );
    expected = (await visibleRows())
      .map((r) => ({
        r,
        risk: unfilledRisk(
          { status: r.status, hasEducator: r.candidate_id !== null, start: new Date(r.start_utc), zone: r.time_zone },
          now,
        ),
      }))
      .filter((x) => x.risk !== null)
      .sort((a, b) => a.r.start_utc.localeCompare(b.r.start_utc) || a.r.id - b.r.id)
      .map((x) => ({ id: x.r.id, minutesLeft: x.risk!.minutesLeft }));
    // Monday's and Tuesday's open bookings are at risk; Wednesday's are not yet.
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect(expected.every((e) => e.minutesLeft <= 47 * 60)).toBe(true);
  });

  it.each(['date', '-date', 'status', 'location', 'candidate'])(
    'leads the list sorted by %s, soonest first, with the minutes left',
    async (sort) => {
      const { rows, pagination } = await list(`sort=${sort}&take=100`);
      const head = rows.slice(0, expected.length);
      expect(head.map((r) => ({ id: r.id, minutesLeft: r.unfilledRisk?.minutesLeft }))).toEqual(expected);
      expect(rows.slice(expected.length).every((r) => r.unfilledRisk === null)).toBe(true);
      // The total still counts every row once.
      const all = await list(`sort=${sort}&take=100&skip=0`);
      expect(all.pagination.total).toBe(pagination.total);
    },
  );

  it('pages across the boundary without losing or repeating a row', async () => {
    const whole = (await list('sort=-date&take=30')).rows.map((r) => r.id);
    const paged: number[] = [];
    for (let skip = 0; skip < 30; skip += 3) paged.push(...(await list(`sort=-date&take=3&skip=${skip}`)).rows.map((r) => r.id));
    expect(paged).toEqual(whole);
    expect(new Set(whole).size).toBe(whole.length);
  });

  it('answers only the rows at risk when asked, with their count', async () => {
    const { rows, pagination } = await list('unfilledRisk=true&take=5');
    expect(pagination.total).toBe(expected.length);
    expect(rows.map((r) => r.id)).toEqual(expected.slice(0, 5).map((e) => e.id));
  });

  it('keeps the filters: a status filter without unfilled flags nothing', async () => {
    const { rows } = await list('status=filled&take=20');
    expect(rows.every((r) => r.unfilledRisk === null && r.status === 'filled')).toBe(true);
  });

  it('flags nothing in a list of days before or after the window, and leads one that reaches into it', async () => {
    for (const range of ['dateFromLocal=2026-02-01&dateToLocal=2026-03-14', 'dateFromLocal=2026-03-20&dateToLocal=2026-04-30']) {
      expect((await list(`${range}&take=100`)).rows.every((r) => r.unfilledRisk === null)).toBe(true);
    }
    // Ends on Monday: Monday's rows at risk still lead, and only rows at risk lead.
    const { rows } = await list('dateFromLocal=2026-03-10&dateToLocal=2026-03-16&sort=-date&take=100');
    const flagged = rows.filter((r) => r.unfilledRisk !== null).map((r) => r.id);
    expect(flagged.length).toBeGreaterThan(0);
    expect(rows.slice(0, flagged.length).map((r) => r.id)).toEqual(flagged);
    expect(flagged).toEqual(expected.filter((e) => flagged.includes(e.id)).map((e) => e.id));
  });

  it('never brings another client’s booking first', async () => {
    const other = await signIn(t.app, 'us.admin@demo.test');
    const res = await t.app.inject({ method: 'GET', url: '/v1/bookings?unfilledRisk=true&take=100', headers: other.headers });
    const ids = new Set(BookingsResponse.parse(res.json()).map((r) => r.id));
    expect(expected.filter((e) => ids.has(e.id))).toEqual([]);
  });
});
