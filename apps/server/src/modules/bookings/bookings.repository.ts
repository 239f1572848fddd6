import { and, asc, count, eq, gt, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { bookings, candidates, locations } from '@portal/db/schema';
import { queryRows, type DbOrTx } from '@portal/db/client';
import type { Scope } from '@portal/contract/permissions';
import type { BookingStatus } from '@portal/contract/domain';
import { BOOKING_SORTS } from '@portal/contract/bookings';
import { inScope } from '../../read-model/data-scope.repository';
import { keysetAfter, keysetOrderBy, keysetText, type KeysetKey, type KeysetOrder } from '../../lib/keyset.repository';
import { bookingItems, bookingItemsNamedBy, type BookingItemRow } from '../../read-model/booking-detail.repository';

/** The database handles, for services that take them without importing the db package (queries live here). */
export type { Db, DbOrTx } from '@portal/db/client';

/**
 * The bookings list: the page's ids (sorted, skipped, taken) and the total with the same filter in one statement,
 * then the page's items by id (a prepared statement: read-model/booking-detail.repository). Every filter starts from client_id or
 * location_id and date_local, which the (client_id, date_local) and (location_id, date_local) indexes serve; a
 * candidate filter uses (candidate_id, date_local).
 */

export type BookingSort = (typeof BOOKING_SORTS)[number];

export interface BookingFilter {
  /** Where the caller holds booking view. */
  scope: Scope;
  /** Where the caller holds pendingBooking view (only pending_approval bookings are added from there). */
  pendingScope?: Scope;
  clientId?: number;
  dateFromLocal?: string;
  dateToLocal?: string;
  statuses?: readonly BookingStatus[];
  locationId?: number;
  candidateId?: number;
  /** Rows left out of the page query (the unfilled-risk rows already placed first); the total still counts them. */
  excludeIds?: readonly number[];
}

function hasAny(scope: Scope | undefined): scope is Scope {
  return !!scope && (scope.clientIds.length > 0 || scope.locationIds.length > 0);
}

function visibleOf(f: BookingFilter): SQL {
  return hasAny(f.pendingScope)
    ? or(
        inScope(bookings.clientId, bookings.locationId, f.scope),
        and(eq(bookings.status, 'pending_approval'), inScope(bookings.clientId, bookings.locationId, f.pendingScope)),
      )!
    : inScope(bookings.clientId, bookings.locationId, f.scope);
}

/** The filters besides visibility (undefined when there are none). */
function narrowingOf(f: BookingFilter): SQL | undefined {
  return and(
    f.clientId !== undefined ? eq(bookings.clientId, f.clientId) : undefined,
    f.dateFromLocal !== undefined ? gte(bookings.dateLocal, f.dateFromLocal) : undefined,
    f.dateToLocal !== undefined ? lte(bookings.dateLocal, f.dateToLocal) : undefined,
    f.statuses && f.statuses.length > 0 ? inArray(bookings.status, [...f.statuses]) : undefined,
    f.locationId !== undefined ? eq(bookings.locationId, f.locationId) : undefined,
    f.candidateId !== undefined ? eq(bookings.candidateId, f.candidateId) : undefined,
    f.excludeIds && f.excludeIds.length > 0 ? sql`${bookings.id} <> all(${sql.param([...f.excludeIds])}::int[])` : undefined,
  );
}

export function bookingFilter(f: BookingFilter): SQL {
  return and(visibleOf(f), narrowingOf(f))!;
}

/**
 * The visible rows as separate index ranges: one per whole client (client_id, date_local) and one per single
 * location (location_id, date_local), pending-only ranges with their status. Their union is `visibleOf(f)`.
 */
function unitsOf(f: BookingFilter): SQL[] {
  const units = [
    ...f.scope.clientIds.map((id) => eq(bookings.clientId, id)),
    ...f.scope.locationIds.map((id) => eq(bookings.locationId, id)),
  ];
  if (hasAny(f.pendingScope)) {
    const pending = eq(bookings.status, 'pending_approval');
    units.push(
      ...f.pendingScope.clientIds.map((id) => and(pending, eq(bookings.clientId, id))!),
      ...f.pendingScope.locationIds.map((id) => and(pending, eq(bookings.locationId, id))!),
    );
  }
  return units;
}

/** Up to this many ranges, a page by date or status is taken per range and merged (see `pageByRangeIds`). */
const MAX_MERGED_RANGES = 40;

const dateKeys: KeysetKey[] = [
  { expr: bookings.dateLocal, type: 'date' },
  { expr: bookings.startTimeLocal, type: 'time' },
  { expr: bookings.id, type: 'int' },
];

/**
 * Each sort as keyset keys (lib/keyset.repository.ts): the pages' order and the export's keyset. Every sort ends on
 * date, start time and id, so pages never overlap or skip a row. An educator's name is null for a booking without one:
 * such bookings sort after the rest (as `nulls last`), through a key that says so.
 */
const ORDERS: Record<BookingSort, KeysetOrder> = {
  date: { keys: dateKeys, descending: false },
  '-date': { keys: dateKeys, descending: true },
  // The enum's order: pending approval, rejected, unfilled, filled, commenced, completed, cancelled.
  status: { keys: [{ expr: bookings.status, type: 'booking_status' }, ...dateKeys], descending: false },
  location: {
    keys: [{ expr: locations.name, type: 'text' }, { expr: bookings.locationId, type: 'int' }, ...dateKeys],
    descending: false,
  },
  candidate: {
    keys: [
      { expr: sql`(${candidates.lastName} is null)`, type: 'boolean' },
      { expr: sql`coalesce(${candidates.lastName}, '')`, type: 'text' },
      { expr: sql`coalesce(${candidates.firstName}, '')`, type: 'text' },
      { expr: sql`coalesce(${bookings.candidateId}, 0)`, type: 'int' },
      ...dateKeys,
    ],
    descending: false,
  },
};

function orderOf(sort: BookingSort): SQL[] {
  return keysetOrderBy(ORDERS[sort]);
}

/**
 * A select from bookings joined with what `sort` orders by (the location, the educator). The join adds no selected
 * field (the select names its own), so the query answers the same rows' type.
 */
function joinedForSort<Q extends PgSelect>(query: Q, sort: BookingSort): Q {
  if (sort === 'location') return query.innerJoin(locations, eq(locations.id, bookings.locationId)) as unknown as Q;
  if (sort === 'candidate') return query.leftJoin(candidates, eq(candidates.id, bookings.candidateId)) as unknown as Q;
  return query;
}

/** The page's ids: sorted, skipped and taken. */
function pageQuery(db: DbOrTx, where: SQL, sort: BookingSort, skip: number, take: number) {
  return joinedForSort(db.select({ id: bookings.id }).from(bookings).$dynamic(), sort)
    .where(where)
    .orderBy(...orderOf(sort))
    .limit(take)
    .offset(skip);
}

/** The sorts whose keys are all columns of bookings: a page of them can be merged from per-range pages. */
type RangeSort = 'date' | '-date' | 'status';

/**
 * The ids of a page sorted by date or status over one or more clients or locations: the (client_id, date_local),
 * (location_id, date_local) and (client_id, status, date_local) indexes give each client's or location's rows in
 * order, so the first skip + take of each are read (a short index scan each) and merged, instead of reading and
 * sorting every visible row to keep 50 of them. The same rows as `pageQuery` in the same order: every row of the page
 * is among the first skip + take of its own range. UNION drops a row two ranges share. One range is worth it too: the
 * scope filter (`client_id = any($1)`) reads and sorts a school's whole date range, its own range (`client_id = $1`)
 * only the rows up to the page. A school with 7,025 bookings in three months: 3.3 → 0.13 ms for the second page. By
 * status the scope filter walked the (status, date_local) index across every client's bookings (8.7 ms on average
 * on the scale-100 bench world, 65 ms for one small school); per range it reads the school's own rows.
 */
function pageByRangeIds(db: DbOrTx, f: BookingFilter, units: SQL[], sort: RangeSort, skip: number, take: number): SQL {
  const order = orderOf(sort);
  const narrowing = narrowingOf(f);
  const branches = units.map(
    (unit) =>
      sql`(${db
        .select({ id: bookings.id, status: bookings.status, dateLocal: bookings.dateLocal, startTimeLocal: bookings.startTimeLocal })
        .from(bookings)
        .where(and(unit, narrowing))
        .orderBy(...order)
        .limit(skip + take)})`,
  );
  const dir = sort === '-date' ? sql`desc` : sql`asc`;
  const byStatus = sort === 'status' ? sql`t.status asc, ` : sql``;
  return sql`select t.id from (${sql.join(branches, sql` union `)}) t
    order by ${byStatus}t.date_local ${dir}, t.start_time_local ${dir}, t.id ${dir} limit ${take} offset ${skip}`;
}

/**
 * The ids of a page sorted by location: the list runs location by location (name, then id), each location's rows by
 * date, so the page's rows of a location are among that location's first skip + take by date, which the
 * (location_id, date_local) index gives (one short index scan per location of the scope) instead of joining and
 * sorting every visible row (5.8 ms on average on the scale-100 bench world). The locations are those of the scope's
 * clients and single locations: a booking's client is its location's client (docs/decisions/009 relies on it too),
 * and every filter still applies inside each location's scan.
 */
function pageByLocationIds(db: DbOrTx, f: BookingFilter, skip: number, take: number): SQL {
  const clientIds = [...f.scope.clientIds, ...(f.pendingScope?.clientIds ?? [])];
  const locationIds = [...f.scope.locationIds, ...(f.pendingScope?.locationIds ?? [])];
  const perLocation = db
    .select({ id: bookings.id, dateLocal: bookings.dateLocal, startTimeLocal: bookings.startTimeLocal })
    .from(bookings)
    .where(and(sql`${bookings.locationId} = l.id`, bookingFilter(f)))
    .orderBy(...orderOf('date'))
    .limit(skip + take);
  return sql`select t.id
    from (select id, name from ${locations}
          where client_id = any(${sql.param(clientIds)}::int[]) or id = any(${sql.param(locationIds)}::int[])) l
    cross join lateral (${perLocation}) t
    order by l.name asc, l.id asc, t.date_local asc, t.start_time_local asc, t.id asc limit ${take} offset ${skip}`;
}

/**
 * The ids of a page sorted by educator. Joined with the whole candidates table, PostgreSQL hashed all of it (19,642
 * educators at scale 100: 14 of the 20 ms of a page); here the filtered rows are read once, only the educators they
 * name are looked up (by primary key), and the same keys as `ORDERS.candidate` sort them.
 */
function pageByCandidateIds(db: DbOrTx, f: BookingFilter, skip: number, take: number): SQL {
  const rows = db
    .select({ id: bookings.id, candidateId: bookings.candidateId, dateLocal: bookings.dateLocal, startTimeLocal: bookings.startTimeLocal })
    .from(bookings)
    .where(bookingFilter(f));
  return sql`with b as materialized (${rows}),
      n as (select id, last_name, first_name from ${candidates} where id in (select candidate_id from b))
    select b.id from b left join n on n.id = b.candidate_id
    order by (n.last_name is null) asc, coalesce(n.last_name, '') asc, coalesce(n.first_name, '') asc,
      coalesce(b.candidate_id, 0) asc, b.date_local asc, b.start_time_local asc, b.id asc
    limit ${take} offset ${skip}`;
}

/** The statement of a page's ids, by the cheapest plan for its sort (each answers the rows and order of `pageQuery`). */
function pageIds(db: DbOrTx, f: BookingFilter, sort: BookingSort, skip: number, take: number): SQL {
  const units = unitsOf(f);
  const ranged = (sort === 'date' || sort === '-date' || sort === 'status') && f.candidateId === undefined;
  if (ranged && units.length > 0 && units.length <= MAX_MERGED_RANGES) return pageByRangeIds(db, f, units, sort, skip, take);
  if (sort === 'location' && units.length > 0) return pageByLocationIds(db, f, skip, take);
  if (sort === 'candidate') return pageByCandidateIds(db, f, skip, take);
  return sql`select p.id from (${pageQuery(db, bookingFilter(f), sort, skip, take)}) p`;
}

/**
 * The ids of a page and the total with the same filter, in one statement (one round trip, one pooled connection),
 * then the page's items by id (a prepared statement). `first`: ids (matching the filter) that lead the whole list
 * in this order whatever the sort (the bookings at unfilled risk); the sorted rest follows them.
 */
export async function pageOfBookings(
  db: DbOrTx,
  filter: BookingFilter,
  sort: BookingSort,
  skip: number,
  take: number,
  first: readonly number[] = [],
): Promise<{ rows: BookingItemRow[]; total: number }> {
  const where = bookingFilter(filter);
  const firstOnPage = first.slice(skip, skip + take);
  const rest: BookingFilter = first.length > 0 ? { ...filter, excludeIds: first } : filter;
  const restSkip = Math.max(0, skip - first.length);
  const restTake = take - firstOnPage.length;
  const ids = pageIds(db, rest, sort, restSkip, restTake);
  // array(select …) keeps the order of its subquery.
  const [head] = await queryRows<{ total: number; ids: number[] }>(
    db,
    sql`select (select count(*)::int from ${bookings} where ${where}) as total, to_json(array(${ids})) as ids`,
  );
  return { rows: await bookingItems(db, [...firstOnPage, ...(head?.ids ?? [])]), total: head?.total ?? 0 };
}

/** How many bookings the filter sees, counted up to `max + 1` at most (a bound on the work, exact up to `max`). */
export async function countVisibleUpTo(db: DbOrTx, filter: BookingFilter, max: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${bookings} where ${bookingFilter(filter)} limit ${max + 1}) t`,
  );
  return row?.n ?? 0;
}

/**
 * Every booking the filter sees, as list items, each with its place (from 1) in every sort of the list: the pages'
 * own ORDER BY keys (`ORDERS`), so names are ordered by the database's collation and ties as the pages break them.
 * One statement.
 */
export async function rankedBookings(
  db: DbOrTx,
  filter: BookingFilter,
): Promise<Array<{ item: BookingItemRow; ranks: Record<BookingSort, number> }>> {
  const ranks = BOOKING_SORTS.map(
    (sort) => sql`row_number() over (order by ${sql.join(orderOf(sort), sql`, `)})::int as ${sql.identifier(sort)}`,
  );
  const named = sql`select ${bookings.id} as id, ${sql.join(ranks, sql`, `)} from ${bookings}
    join ${locations} on ${locations.id} = ${bookings.locationId}
    left join ${candidates} on ${candidates.id} = ${bookings.candidateId}
    where ${bookingFilter(filter)}`;
  const rows = await bookingItemsNamedBy<{ id: number } & Record<BookingSort, number>>(db, named);
  return rows.map(({ item, named: { id: _id, ...ranks } }) => ({ item, ranks }));
}

/** A booking id of the list with where the next keyset page starts after it. */
export interface BookingKeysetRow {
  id: number;
  keyset: string[];
}

/**
 * The ids of the filtered list after `after` (a row's `keyset`; undefined: from the first) in the order of `sort`, at
 * most `limit`: the CSV export reads the whole list this way, one bounded page at a time.
 */
export async function bookingIdsAfter(
  db: DbOrTx,
  filter: BookingFilter,
  sort: BookingSort,
  after: readonly string[] | undefined,
  limit: number,
): Promise<BookingKeysetRow[]> {
  const order = ORDERS[sort];
  const ids = db.select({ id: bookings.id, keyset: keysetText(order) }).from(bookings);
  return joinedForSort(ids.$dynamic(), sort)
    .where(and(bookingFilter(filter), after ? keysetAfter(order, after) : undefined))
    .orderBy(...orderOf(sort))
    .limit(limit);
}

export interface OpenSoonRow {
  id: number;
  startUtc: Date;
  timeZone: string;
  status: BookingStatus;
  candidateId: number | null;
}

/**
 * The visible, filtered bookings that are still open (unfilled, no educator) and start in (now, until): the
 * candidates for unfilled risk, which the contract's rule then decides. The local-date bounds (a day either side
 * of the UTC dates) let the (client_id, status, date_local) index serve it. A list whose own dates or statuses
 * leave those out (last term's bookings, the cancelled ones) has none, and no statement is run for it.
 */
export async function openSoonBookings(db: DbOrTx, filter: BookingFilter, now: Date, until: Date): Promise<OpenSoonRow[]> {
  const day = 86_400_000;
  const fromDate = new Date(now.getTime() - day).toISOString().slice(0, 10);
  const toDate = new Date(until.getTime() + day).toISOString().slice(0, 10);
  const { dateFromLocal, dateToLocal, statuses } = filter;
  const outsideDates = (dateToLocal !== undefined && dateToLocal < fromDate) || (dateFromLocal !== undefined && dateFromLocal > toDate);
  if (outsideDates || (statuses && statuses.length > 0 && !statuses.includes('unfilled'))) return [];
  return db
    .select({
      id: bookings.id,
      startUtc: bookings.startUtc,
      timeZone: bookings.timeZone,
      status: bookings.status,
      candidateId: bookings.candidateId,
    })
    .from(bookings)
    .where(
      and(
        bookingFilter(filter),
        eq(bookings.status, 'unfilled'),
        isNull(bookings.candidateId),
        gte(bookings.dateLocal, fromDate),
        lte(bookings.dateLocal, toDate),
        gt(bookings.startUtc, now),
        lt(bookings.startUtc, until),
      ),
    )
    .orderBy(asc(bookings.startUtc), asc(bookings.id));
}

/** The ids of a page: sorted, skipped and taken. */
export async function pageOfBookingIds(db: DbOrTx, where: SQL, sort: BookingSort, skip: number, take: number): Promise<number[]> {
  const rows = await pageQuery(db, where, sort, skip, take);
  return rows.map((r) => r.id);
}

export async function countBookings(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bookings).where(where);
  return row?.n ?? 0;
}

/** The time zone of a client's first location (by id), for 'today at the client'. */
export async function clientTimeZone(db: DbOrTx, clientId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ timeZone: locations.timeZone })
    .from(locations)
    .where(eq(locations.clientId, clientId))
    .orderBy(asc(locations.id))
    .limit(1);
  return row?.timeZone;
}

/** Cancels a booking while its status is one of `from` (the caller holds its row lock: the read model's bookingHead). */
export async function cancelBooking(
  db: DbOrTx,
  id: number,
  cancel: { from: readonly BookingStatus[]; reason: string; at: Date; byContactId: number },
): Promise<void> {
  await db
    .update(bookings)
    .set({
      status: 'cancelled',
      cancelReason: cancel.reason,
      cancelledAt: cancel.at,
      cancelledByContactId: cancel.byContactId,
      updatedAt: cancel.at,
    })
    .where(and(eq(bookings.id, id), inArray(bookings.status, [...cancel.from])));
}
