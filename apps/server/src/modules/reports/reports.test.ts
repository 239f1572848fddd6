import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { fillRatePercentage } from '@portal/contract/dashboard';
import { ProblemDetails } from '@portal/contract/problems';
import {
  FILL_GROUP_BYS,
  FillReportResponse,
  REPORT_UNKNOWN_KEY,
  SPEND_GROUP_BYS,
  SpendReportResponse,
  lastReportDate,
  runReportRangePipeline,
} from '@portal/contract/reports';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { CSV_ACCEPT, readCsvAnswer } from '../../../test/csv-client';
import { shareOf } from './reports.service';

/**
 * The spend and fill reports over the seeded world (today Monday 16 March 2026), on PGlite and, in the PostgreSQL
 * pass, on PostgreSQL: totals the same for every grouping and equal to an independent sum of the invoice lines, spec
 * §9's fill rate, the permissions of the lists, CSV that reads back as the JSON rows, and hostile input.
 */
const TEST_NOW = inject('testNow');
const TODAY = TEST_NOW.slice(0, 10);
let t: TestApp;
const who: Record<string, SignedIn> = {};
const ACCOUNTS = ['group.admin', 'finance', 'bookings.viewer', 'school.admin', 'uk.admin', 'no.access'];
const FROM = '2025-06-01';
const TO = '2026-03-15';

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(TEST_NOW) });
  for (const email of ACCOUNTS) who[email] = await signIn(t.app, `${email}@demo.test`);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, email?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(email ? who[email]!.headers : {}), ...headers } });

/** Clients where the contact holds `scope` view at the client or its group. */
async function clientsWith(email: string, scope: 'accounts' | 'booking'): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`select distinct c.id from clients c join permission_entries pe on (pe.group_id = c.group_id or pe.client_id = c.id)
        join contacts ct on ct.id = pe.contact_id
        where ct.email = ${`${email}@demo.test`} and pe.scope = ${scope} and pe.modifier in ('view', 'all') order by c.id`,
  );
  return rows.map((r) => r.id);
}

/**
 * Spend per currency computed apart from the service: each line's amount spread over its dates in SQL (equal
 * shares, the leftover cents one each to the first dates), the dates in the range summed.
 */
async function independentSpend(clientIds: number[], from: string, to: string): Promise<Record<string, number>> {
  const rows = await queryRows<{ currency: string; minor: string | number }>(
    t.database.db,
    sql`with line as (
          select i.currency::text as currency, l.amount_minor::int8 as amount,
                 case when cardinality(l.service_dates) = 0 then array[i.period_start] else l.service_dates end as dates
            from invoice_lines l join invoices i on i.id = l.invoice_id
           where i.client_id = any(${sql.param(clientIds)}::int[])
        )
        select currency,
               sum(sign(amount) * (abs(amount) / cardinality(dates) + case when k <= abs(amount) % cardinality(dates) then 1 else 0 end))::int8 as minor
          from line, generate_subscripts(dates, 1) as k
         where dates[k] between ${from}::date and ${to}::date
         group by currency`,
  );
  return Object.fromEntries(rows.map((r) => [r.currency, Number(r.minor)]));
}

/**
 * Days and hours per educator (candidate id, or 'unknown' for a line naming none) and currency, computed apart from
 * the service: each line's quantity spread evenly over its dates, a day 1, a half day 0.5, the dates in the range
 * summed; with the educator's name as the educators list writes it.
 */
async function independentEducatorDays(
  clientIds: number[],
  from: string,
  to: string,
): Promise<Map<string, { name: string; days: number; hours: number }>> {
  const rows = await queryRows<{ key: string; currency: string; name: string | null; days: number; hours: number }>(
    t.database.db,
    sql`with line as (
          select coalesce(l.candidate_id::text, 'unknown') as key, i.currency::text as currency, l.quantity::numeric as quantity,
                 l.unit, c.first_name, c.last_name, c.preferred_name,
                 case when cardinality(l.service_dates) = 0 then array[i.period_start] else l.service_dates end as dates
            from invoice_lines l join invoices i on i.id = l.invoice_id left join candidates c on c.id = l.candidate_id
           where i.client_id = any(${sql.param(clientIds)}::int[])
        )
        select key, currency,
               max(coalesce(nullif(trim(preferred_name), ''), first_name) || ' ' || last_name) as name,
               sum(quantity / cardinality(dates) * case unit when 'day' then 1 when 'half_day' then 0.5 else 0 end)::float8 as days,
               sum(quantity / cardinality(dates) * case unit when 'hour' then 1 else 0 end)::float8 as hours
          from line, generate_subscripts(dates, 1) as k
         where dates[k] between ${from}::date and ${to}::date
         group by key, currency`,
  );
  return new Map(
    rows.map((r) => [`${r.key} ${r.currency}`, { name: r.key === 'unknown' ? '' : (r.name ?? ''), days: r.days, hours: r.hours }]),
  );
}

const spendUrl = (q: string) => `/v1/reports/spend?${q}`;
const fillUrl = (q: string) => `/v1/reports/fill?${q}`;

describe('the range rules (contract pipeline)', () => {
  it('refuses from after to on from, and more than three years on to', () => {
    expect(runReportRangePipeline({ from: '2026-03-02', to: '2026-03-01' })).toEqual([
      { code: 'fromAfterTo', field: 'from', params: { to: '2026-03-01' } },
    ]);
    expect(lastReportDate('2023-03-16')).toBe('2026-03-15');
    expect(runReportRangePipeline({ from: '2023-03-16', to: '2026-03-15' })).toEqual([]);
    expect(runReportRangePipeline({ from: '2023-03-16', to: '2026-03-16' })).toEqual([
      { code: 'rangeTooLong', field: 'to', params: { years: 3, last: '2026-03-15' } },
    ]);
    // A leap day: three years on is 28 February.
    expect(lastReportDate('2024-02-29')).toBe('2027-02-27');
  });

  it('spreads an amount over dates to the cent', () => {
    expect([1, 2, 3].map((k) => shareOf(100, 3, k))).toEqual([34, 33, 33]);
    expect([1, 2, 3].map((k) => shareOf(-100, 3, k))).toEqual([-34, -33, -33]);
    expect(shareOf(5, 1, 1)).toBe(5);
  });
});

describe('GET /v1/reports/spend', () => {
  it('has the same totals for every groupBy, equal to the invoice lines summed apart, and rows that add up to them', async () => {
    const clients = await clientsWith('group.admin', 'accounts');
    const expected = await independentSpend(clients, FROM, TO);
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    for (const groupBy of SPEND_GROUP_BYS) {
      const res = await get(spendUrl(`from=${FROM}&to=${TO}&groupBy=${groupBy}`), 'group.admin');
      expect(res.statusCode, res.body).toBe(200);
      const body = SpendReportResponse.parse(res.json());
      expect(body.groupBy).toBe(groupBy);
      expect(Object.fromEntries(body.totals.map((x) => [x.currency, x.amountMinor])), groupBy).toEqual(expected);
      for (const total of body.totals) {
        const rows = body.rows.filter((r) => r.currency === total.currency);
        expect(rows.reduce((s, r) => s + r.amountMinor, 0)).toBe(total.amountMinor);
        expect(total.amount).toBe(total.amountMinor / 100);
        expect(total.days + total.hours).toBeGreaterThan(0);
      }
      expect(new Set(body.rows.map((r) => `${r.key} ${r.currency}`)).size).toBe(body.rows.length);
      if (groupBy === 'month') {
        expect(body.rows.map((r) => r.key)).toEqual([...body.rows.map((r) => r.key)].sort());
        expect(body.rows.every((r) => /^\d{4}-\d{2}$/.test(r.key) && r.label === r.key)).toBe(true);
      }
      if (groupBy === 'client') {
        for (const r of body.rows) expect(clients).toContain(Number(r.key));
        expect(body.rows.every((r) => r.label.length > 0)).toBe(true);
      }
      if (groupBy === 'educator') {
        expect(body.rows.length).toBeGreaterThan(1);
        expect(body.rows.every((r) => (r.key === REPORT_UNKNOWN_KEY ? r.label === '' : /^\d+$/.test(r.key) && r.label.length > 0))).toBe(
          true,
        );
      }
    }
  });

  it("by educator: each educator's days and hours as the invoice lines give them apart, under their name", async () => {
    const clients = await clientsWith('group.admin', 'accounts');
    const expected = await independentEducatorDays(clients, FROM, TO);
    const body = SpendReportResponse.parse((await get(spendUrl(`from=${FROM}&to=${TO}&groupBy=educator`), 'group.admin')).json());
    expect(body.rows.length).toBeGreaterThan(1);
    expect(body.rows.map((r) => `${r.key} ${r.currency}`).sort()).toEqual([...expected.keys()].sort());
    for (const row of body.rows) {
      const apart = expected.get(`${row.key} ${row.currency}`)!;
      expect(row.label, row.key).toBe(apart.name);
      expect(row.days, row.label).toBeCloseTo(apart.days, 2);
      expect(row.hours, row.label).toBeCloseTo(apart.hours, 2);
      if (row.key !== REPORT_UNKNOWN_KEY) expect(row.key).toMatch(/^\d+$/);
    }
    expect(body.rows.some((r) => r.days > 0)).toBe(true);
    // By name, the unknown (if any) last.
    const named = body.rows.filter((r) => r.key !== REPORT_UNKNOWN_KEY).map((r) => r.label);
    expect(named).toEqual([...named].sort((a, b) => a.localeCompare(b, 'en')));
    const unknownAt = body.rows.findIndex((r) => r.key === REPORT_UNKNOWN_KEY);
    if (unknownAt >= 0) expect(body.rows.slice(unknownAt).every((r) => r.key === REPORT_UNKNOWN_KEY)).toBe(true);
  });

  it("by educator: an educator who billed only another client's schools never appears", async () => {
    const own = await clientsWith('school.admin', 'accounts');
    const foreign = await queryRows<{ id: number }>(
      t.database.db,
      sql`select distinct l.candidate_id as id from invoice_lines l join invoices i on i.id = l.invoice_id
           where l.candidate_id is not null and i.client_id <> all(${sql.param(own)}::int[])
             and l.candidate_id not in (select l2.candidate_id from invoice_lines l2 join invoices i2 on i2.id = l2.invoice_id
                                         where l2.candidate_id is not null and i2.client_id = any(${sql.param(own)}::int[]))`,
    );
    expect(foreign.length, 'the seed has educators billed elsewhere only').toBeGreaterThan(0);
    const body = SpendReportResponse.parse((await get(spendUrl(`from=2023-03-16&to=2026-03-15&groupBy=educator`), 'school.admin')).json());
    expect(body.rows.length).toBeGreaterThan(0);
    const keys = new Set(body.rows.map((r) => r.key));
    for (const { id } of foreign) expect(keys.has(String(id)), String(id)).toBe(false);
    // Another client's id asked for directly is refused as for every grouping.
    const [other] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from clients where id <> all(${sql.param(own)}::int[]) order by id limit 1`,
    );
    expect((await get(spendUrl(`clientIds=${other!.id}&from=${FROM}&to=${TO}&groupBy=educator`), 'school.admin')).statusCode).toBe(403);
  });

  it('asked for one client, counts that client alone; the same total over clientIds of all', async () => {
    const clients = await clientsWith('group.admin', 'accounts');
    const one = clients[0]!;
    const body = SpendReportResponse.parse(
      (await get(spendUrl(`clientIds=${one}&from=${FROM}&to=${TO}&groupBy=client`), 'group.admin')).json(),
    );
    expect(body.rows.every((r) => r.key === String(one))).toBe(true);
    expect(Object.fromEntries(body.totals.map((x) => [x.currency, x.amountMinor]))).toEqual(await independentSpend([one], FROM, TO));
    const all = SpendReportResponse.parse(
      (await get(spendUrl(`${clients.map((c) => `clientIds=${c}`).join('&')}&from=${FROM}&to=${TO}`), 'group.admin')).json(),
    );
    expect(Object.fromEntries(all.totals.map((x) => [x.currency, x.amountMinor]))).toEqual(await independentSpend(clients, FROM, TO));
  });

  it('answers empty rows for a range with nothing billed', async () => {
    const res = await get(spendUrl('from=1999-01-01&to=1999-12-31&groupBy=reason'), 'group.admin');
    expect(res.statusCode).toBe(200);
    expect(SpendReportResponse.parse(res.json())).toMatchObject({ rows: [], totals: [] });
  });

  it('needs accounts view at every client asked for: 403 for a contact without it, as the invoice list', async () => {
    for (const email of ['bookings.viewer', 'no.access']) {
      const res = await get(spendUrl(`from=${FROM}&to=${TO}`), email);
      expect(res.statusCode, email).toBe(403);
      expect((await get(`/v1/invoices`, email)).statusCode).toBe(403);
    }
    const booking = (await clientsWith('bookings.viewer', 'booking'))[0]!;
    expect((await get(spendUrl(`clientIds=${booking}&from=${FROM}&to=${TO}`), 'bookings.viewer')).statusCode).toBe(403);
    // Finance (accounts view only) reads it.
    expect((await get(spendUrl(`from=${FROM}&to=${TO}`), 'finance')).statusCode).toBe(200);
  });

  it('reads back from CSV as the JSON rows', async () => {
    for (const groupBy of SPEND_GROUP_BYS) {
      const q = `from=${FROM}&to=${TO}&groupBy=${groupBy}`;
      const body = SpendReportResponse.parse((await get(spendUrl(q), 'group.admin')).json());
      const csv = readCsvAnswer(await get(spendUrl(q), 'group.admin', CSV_ACCEPT), 'spend', TODAY);
      expect(csv.header).toEqual(['Key', 'Label', 'Currency', 'Amount', 'Days', 'Hours']);
      expect(
        csv.rows.map((r) => ({
          key: r.Key,
          label: r.Label,
          currency: r.Currency,
          amountMinor: Math.round(Number(r.Amount) * 100),
          days: Number(r.Days),
          hours: Number(r.Hours),
        })),
      ).toEqual(
        body.rows.map(({ key, label, currency, amountMinor, days, hours }) => ({ key, label, currency, amountMinor, days, hours })),
      );
    }
  });
});

describe('GET /v1/reports/fill', () => {
  it('counts as spec §9 says (fill rate rounded, -1 when none), totals the same for every groupBy and equal to the bookings counted apart', async () => {
    const clients = await clientsWith('group.admin', 'booking');
    const [apart] = await queryRows<{ filled: number; unfilled: number; cancelled: number }>(
      t.database.db,
      sql`select count(*) filter (where status in ('filled', 'commenced', 'completed'))::int as filled,
                 count(*) filter (where status = 'unfilled')::int as unfilled,
                 count(*) filter (where status = 'cancelled')::int as cancelled
            from bookings where client_id = any(${sql.param(clients)}::int[]) and date_local between ${FROM}::date and '2026-04-30'::date`,
    );
    const medians = new Set<number | null>();
    for (const groupBy of FILL_GROUP_BYS) {
      const res = await get(fillUrl(`from=${FROM}&to=2026-04-30&groupBy=${groupBy}`), 'group.admin');
      expect(res.statusCode, res.body).toBe(200);
      const body = FillReportResponse.parse(res.json());
      const { totals } = body;
      expect(totals).toMatchObject({ filled: apart!.filled, unfilled: apart!.unfilled, cancelled: apart!.cancelled });
      expect(totals.bookings).toBe(apart!.filled + apart!.unfilled);
      expect(totals.fillRatePercentage).toBe(fillRatePercentage(totals.bookings, totals.unfilled));
      medians.add(totals.medianHoursToFill);
      for (const key of ['bookings', 'filled', 'unfilled', 'cancelled'] as const) {
        expect(
          body.rows.reduce((s, r) => s + r[key], 0),
          `${groupBy} ${key}`,
        ).toBe(totals[key]);
      }
      for (const row of body.rows) expect(row.fillRatePercentage).toBe(fillRatePercentage(row.bookings, row.unfilled));
      if (groupBy === 'weekday') expect(body.rows.every((r) => /^[1-7]$/.test(r.key))).toBe(true);
      if (groupBy === 'week') {
        for (const r of body.rows) expect(new Date(`${r.key}T00:00:00Z`).getUTCDay()).toBe(1);
      }
    }
    // The median over the whole range does not depend on the grouping.
    expect(medians.size).toBe(1);
    expect([...medians][0]).toBeGreaterThan(0);
  });

  it('takes the median hours from the request to the fill', async () => {
    const clients = await clientsWith('school.admin', 'booking');
    const rows = await queryRows<{ hours: number }>(
      t.database.db,
      sql`select extract(epoch from (b.filled_at - r.created_at))::float8 / 3600 as hours
            from bookings b join booking_requests r on r.id = b.request_id
           where b.client_id = any(${sql.param(clients)}::int[]) and b.date_local between ${FROM}::date and ${TO}::date
             and b.status in ('filled', 'commenced', 'completed') and b.filled_at is not null
           order by 1`,
    );
    expect(rows.length).toBeGreaterThan(2);
    const h = rows.map((r) => Number(r.hours));
    const mid = Math.floor(h.length / 2);
    const median = h.length % 2 ? h[mid]! : (h[mid - 1]! + h[mid]!) / 2;
    const body = FillReportResponse.parse((await get(fillUrl(`from=${FROM}&to=${TO}&groupBy=month`), 'school.admin')).json());
    expect(body.totals.medianHoursToFill).toBe(Math.round(median * 10) / 10);
  });

  it("records the fill time when the provider assigns an educator (bookings.filled_at, the app's clock)", async () => {
    const [booking] = await queryRows<{ id: number; client_id: number; date_local: string; country: string }>(
      t.database.db,
      sql`select b.id, b.client_id, b.date_local::text as date_local, c.country
            from bookings b join clients c on c.id = b.client_id
           where b.status = 'unfilled' and b.date_local > '2026-03-20' order by b.date_local, b.id limit 1`,
    );
    const provider = t.app.services.provider;
    const candidate = await provider.findFreeCandidate({
      clientId: booking!.client_id,
      country: booking!.country,
      dateLocal: booking!.date_local,
      salt: 1,
    });
    expect(candidate).not.toBeNull();
    await provider.assign(booking!.id, candidate!);
    const [row] = await queryRows<{ filled_at: string | Date }>(
      t.database.db,
      sql`select filled_at from bookings where id = ${booking!.id}`,
    );
    expect(new Date(row!.filled_at).toISOString()).toBe(TEST_NOW);
  });

  it('answers empty rows and a fill rate of -1 for a range without bookings', async () => {
    const body = FillReportResponse.parse((await get(fillUrl('from=1999-01-01&to=1999-12-31'), 'group.admin')).json());
    expect(body.rows).toEqual([]);
    expect(body.totals).toEqual({ bookings: 0, filled: 0, unfilled: 0, cancelled: 0, fillRatePercentage: -1, medianHoursToFill: null });
  });

  it('needs booking view: 403 for a contact without it', async () => {
    for (const email of ['finance', 'no.access'])
      expect(await get(fillUrl(`from=${FROM}&to=${TO}`), email).then((r) => r.statusCode), email).toBe(403);
    expect((await get(fillUrl(`from=${FROM}&to=${TO}`), 'bookings.viewer')).statusCode).toBe(200);
  });

  it('reads back from CSV as the JSON rows', async () => {
    for (const groupBy of FILL_GROUP_BYS) {
      const q = `from=${FROM}&to=${TO}&groupBy=${groupBy}`;
      const body = FillReportResponse.parse((await get(fillUrl(q), 'group.admin')).json());
      const csv = readCsvAnswer(await get(fillUrl(q), 'group.admin', CSV_ACCEPT), 'fill', TODAY);
      const num = (v: string) => (v === '' ? null : Number(v));
      expect(
        csv.rows.map((r) => ({
          key: r.Key,
          label: r.Label,
          bookings: num(r.Bookings!),
          filled: num(r.Filled!),
          unfilled: num(r.Unfilled!),
          cancelled: num(r.Cancelled!),
          fillRatePercentage: num(r['Fill rate (%)']!),
          medianHoursToFill: num(r['Median hours to fill']!),
        })),
      ).toEqual(body.rows);
    }
  });
});

describe('a client renamed', () => {
  it('is named anew in both reports at once, though the caller’s permission tree (kept a few seconds) still has the old name', async () => {
    const [one] = await clientsWith('group.admin', 'accounts');
    const urls = [spendUrl(`from=${FROM}&to=${TO}&groupBy=client`), fillUrl(`from=${FROM}&to=2026-04-30&groupBy=client`)];
    const labelOf = async (url: string) => {
      const res = await get(url, 'group.admin');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { rows: Array<{ key: string; label: string }> }).rows.find((r) => r.key === String(one))?.label;
    };
    const [row] = await queryRows<{ name: string }>(t.database.db, sql`select name from clients where id = ${one!}`);
    const name = row!.name;
    for (const url of urls) expect(await labelOf(url), url).toBe(name);
    await t.database.db.execute(sql`update clients set name = 'Renamed Grammar' where id = ${one!}`);
    try {
      for (const url of urls) expect(await labelOf(url), url).toBe('Renamed Grammar');
    } finally {
      await t.database.db.execute(sql`update clients set name = ${name} where id = ${one!}`);
    }
  });
});

describe('hostile input', () => {
  const problem = (res: { statusCode: number; json: () => unknown }) => ProblemDetails.parse(res.json());

  it("refuses another client's id, and an unknown one, with the same 403 (nothing tells them apart)", async () => {
    const own = await clientsWith('school.admin', 'accounts');
    const [foreign] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from clients where id <> all(${sql.param(own)}::int[]) order by id limit 1`,
    );
    for (const path of ['/v1/reports/spend', '/v1/reports/fill']) {
      const a = await get(`${path}?clientIds=${foreign!.id}&from=${FROM}&to=${TO}`, 'school.admin');
      const b = await get(`${path}?clientIds=987654&from=${FROM}&to=${TO}`, 'school.admin');
      const mixed = await get(`${path}?clientIds=${own[0]}&clientIds=${foreign!.id}&from=${FROM}&to=${TO}`, 'school.admin');
      const seen = [a, b, mixed].map((res) => {
        expect(res.statusCode, path).toBe(403);
        const { traceId, ...rest } = problem(res);
        expect(traceId).toBeTruthy();
        return rest;
      });
      expect(seen[1]).toEqual(seen[0]);
      expect(seen[2]).toEqual(seen[0]);
      expect(JSON.stringify(seen[0])).not.toContain(String(foreign!.id));
    }
  });

  it('answers 400 naming the field for an unknown groupBy, dates that do not parse, from after to and a range over three years', async () => {
    const cases: Array<[string, string]> = [
      ['from=2026-01-01&to=2026-02-01&groupBy=week', '/v1/reports/spend:groupBy'],
      ['from=2026-01-01&to=2026-02-01&groupBy=reason', '/v1/reports/fill:groupBy'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=2026-01-01&to=01/03/2026', 'to'],
      ['from=yesterday&to=2026-03-01', 'from'],
      ['from=2026-03-02&to=2026-03-01', 'from'],
      ['from=2023-03-16&to=2026-03-16', 'to'],
      ['to=2026-03-01', 'from'],
    ];
    for (const [query, expected] of cases) {
      const [only, field] = expected.includes(':') ? expected.split(':') : [undefined, expected];
      for (const path of ['/v1/reports/spend', '/v1/reports/fill']) {
        if (only && only !== path) continue;
        const res = await get(`${path}?${query}`, 'group.admin');
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(Object.keys(problem(res).errors ?? {}), `${path}?${query}`).toContain(field);
      }
    }
    // Exactly three years is accepted.
    expect((await get(fillUrl('from=2023-03-16&to=2026-03-15'), 'group.admin')).statusCode).toBe(200);
  });

  it('refuses a huge clientIds list and a call without a token', async () => {
    const many = Array.from({ length: 501 }, (_, i) => `clientIds=${i + 1}`).join('&');
    for (const path of ['/v1/reports/spend', '/v1/reports/fill']) {
      const res = await get(`${path}?${many}&from=${FROM}&to=${TO}`, 'group.admin');
      expect(res.statusCode).toBe(400);
      expect(Object.keys(problem(res).errors ?? {})).toContain('clientIds');
      expect((await get(`${path}?from=${FROM}&to=${TO}`)).statusCode).toBe(401);
      expect((await get(`${path}?from=${FROM}&to=${TO}`, undefined, { authorization: 'Bearer forged.token.value' })).statusCode).toBe(401);
    }
  });
});
