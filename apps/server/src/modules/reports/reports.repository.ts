import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@portal/db/client';
import type { Scope } from '@portal/contract/permissions';
import type { FillGroupBy } from '@portal/contract/reports';
import { inScope } from '../../read-model/data-scope.repository';

/**
 * The reports' reads: invoice lines with the bookings they bill (spend), and bookings counted by status (fill).
 */

/** One invoice line that bills work on a date in the range, with every one of its dates and the booking of each. */
export interface SpendLineDateRow {
  line_id: number;
  client_id: number;
  currency: string;
  amount_minor: number;
  quantity: number;
  unit: string;
  /** The line's dates, in order (its invoice's period start for a line without dates). */
  date_local: string;
  /** 1-based position of this date among the line's dates, and how many it has. */
  position: number;
  date_count: number;
  classification_id: number | null;
  classification_title: string | null;
  absence_reason: string | null;
  /** The educator the line bills (null for a line that names none), with their names. */
  candidate_id: number | null;
  first_name: string | null;
  last_name: string | null;
  preferred_name: string | null;
}

/**
 * Every (line, date) of the invoice lines of the clients that bill a date in the range, tax excluded. Each date's
 * booking is the client's booking of the line's educator on that date (its classification's title matching the
 * line's description first): its classification and reason for absence. A line with no dates counts on its invoice's
 * period start. The line's educator comes with their names. Every date of such a line is answered, in or out of the range, so the caller spreads the amount over
 * all of them.
 */
export async function spendLineDates(db: DbOrTx, clientIds: readonly number[], from: string, to: string): Promise<SpendLineDateRow[]> {
  const rows = await queryRows<SpendLineDateRow>(
    db,
    sql`with line as (
          select l.id, i.client_id, i.currency::text as currency, l.amount_minor, l.quantity::float8 as quantity, l.unit,
                 l.candidate_id, l.description,
                 case when cardinality(l.service_dates) = 0 then array[i.period_start] else l.service_dates end as dates
            from invoices i join invoice_lines l on l.invoice_id = i.id
           where i.client_id = any(${sql.param([...clientIds])}::int[])
        ), dated as (
          select line.*, d.date_local, d.position::int as position, cardinality(line.dates) as date_count
            from line cross join lateral unnest(line.dates) with ordinality as d(date_local, position)
           where exists (select 1 from unnest(line.dates) x where x between ${from}::date and ${to}::date)
        )
        select dated.id as line_id, dated.client_id, dated.currency, dated.amount_minor::int8 as amount_minor, dated.quantity,
               dated.unit, dated.date_local::text as date_local, dated.position, dated.date_count,
               b.classification_id, b.classification_title, b.absence_reason,
               dated.candidate_id, cand.first_name, cand.last_name, cand.preferred_name
          from dated
          left join candidates cand on cand.id = dated.candidate_id
          left join lateral (
            select r.classification_id, c.online_title as classification_title, r.absence_reason::text as absence_reason
              from bookings bk
              join booking_requests r on r.id = bk.request_id
              join classifications c on c.id = r.classification_id
             where bk.client_id = dated.client_id and bk.candidate_id = dated.candidate_id and bk.date_local = dated.date_local
             order by (c.online_title = dated.description) desc, bk.id
             limit 1
          ) b on true
         order by dated.id, dated.position`,
  );
  // bigint arrives as a string on some drivers.
  return rows.map((r) => ({ ...r, amount_minor: Number(r.amount_minor) }));
}

/** One group of the fill report, or the totals (`key` null). */
export interface FillGroupRow {
  key: string | null;
  bookings: number;
  filled: number;
  unfilled: number;
  cancelled: number;
  median_hours: number | null;
}

const FILL_KEYS: Record<FillGroupBy, SQL> = {
  week: sql`to_char(date_trunc('week', b.date_local::timestamp), 'YYYY-MM-DD')`,
  month: sql`to_char(b.date_local, 'YYYY-MM')`,
  client: sql`b.client_id::text`,
  weekday: sql`extract(isodow from b.date_local)::int::text`,
};

/**
 * Bookings of the scope on local dates in the range, per group and in total (grouping sets: the total's median is
 * its own, not one of the groups'). Pending approval and rejected bookings are not counted. The hours to fill run
 * from the request to the booking's `filled_at`; bookings filled before that was kept have none and are left out.
 */
export async function fillGroups(db: DbOrTx, scope: Scope, from: string, to: string, groupBy: FillGroupBy): Promise<FillGroupRow[]> {
  const key = FILL_KEYS[groupBy];
  const rows = await queryRows<FillGroupRow & { is_total: boolean }>(
    db,
    sql`select ${key} as key, grouping(${key}) = 1 as is_total,
               (count(*) filter (where b.status <> 'cancelled'))::int as bookings,
               (count(*) filter (where b.status in ('filled', 'commenced', 'completed')))::int as filled,
               (count(*) filter (where b.status = 'unfilled'))::int as unfilled,
               (count(*) filter (where b.status = 'cancelled'))::int as cancelled,
               (round((percentile_cont(0.5) within group (order by extract(epoch from (b.filled_at - r.created_at)) / 3600.0)
                 filter (where b.status in ('filled', 'commenced', 'completed') and b.filled_at is not null))::numeric, 1))::float8
                 as median_hours
          from bookings b join booking_requests r on r.id = b.request_id
         where ${inScope(sql`b.client_id`, sql`b.location_id`, scope)}
           and b.date_local between ${from}::date and ${to}::date
           and b.status in ('unfilled', 'filled', 'commenced', 'completed', 'cancelled')
         group by grouping sets ((${key}), ())
         order by is_total, key`,
  );
  return rows.map((r) => ({ ...r, key: r.is_total ? null : r.key }));
}

/**
 * The names of these clients, read with the report's rows: a kept report is named by the versions it was read at, so
 * its names come from the same data (the caller's permission tree has them too, but a few seconds old at most).
 */
export async function clientNamesOf(db: DbOrTx, clientIds: readonly number[]): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from clients where id = any(${sql.param(clientIds)}::int[])`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}
