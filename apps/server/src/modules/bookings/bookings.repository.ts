import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { bookings, candidates, locations } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';
import type { Scope } from '@portal/contract/permissions';
import type { BookingStatus } from '@portal/contract/domain';
import type { BOOKING_SORTS } from '@portal/contract/bookings';
import { inScope } from '../data-scope/data-scope.repository';
import { bookingItems, type BookingItemRow } from './booking-detail.repository';

/**
 * The bookings list: the page's ids (sorted, skipped, taken) and the total with the same filter side by side, then
 * the page's items by id (a prepared statement: booking-detail.repository). Every filter starts from client_id or
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
}

function hasAny(scope: Scope | undefined): scope is Scope {
  return !!scope && (scope.clientIds.length > 0 || scope.locationIds.length > 0);
}

export function bookingFilter(f: BookingFilter): SQL {
  const visible = hasAny(f.pendingScope)
    ? or(
        inScope(bookings.clientId, bookings.locationId, f.scope),
        and(eq(bookings.status, 'pending_approval'), inScope(bookings.clientId, bookings.locationId, f.pendingScope)),
      )!
    : inScope(bookings.clientId, bookings.locationId, f.scope);
  return and(
    visible,
    f.clientId !== undefined ? eq(bookings.clientId, f.clientId) : undefined,
    f.dateFromLocal !== undefined ? gte(bookings.dateLocal, f.dateFromLocal) : undefined,
    f.dateToLocal !== undefined ? lte(bookings.dateLocal, f.dateToLocal) : undefined,
    f.statuses && f.statuses.length > 0 ? inArray(bookings.status, [...f.statuses]) : undefined,
    f.locationId !== undefined ? eq(bookings.locationId, f.locationId) : undefined,
    f.candidateId !== undefined ? eq(bookings.candidateId, f.candidateId) : undefined,
  )!;
}

/** Every sort ends on date, start time and id, so pages never overlap or skip a row. */
function orderOf(sort: BookingSort): SQL[] {
  const byDate = [asc(bookings.dateLocal), asc(bookings.startTimeLocal), asc(bookings.id)];
  switch (sort) {
    case 'date':
      return byDate;
    case '-date':
      return [desc(bookings.dateLocal), desc(bookings.startTimeLocal), desc(bookings.id)];
    case 'status':
      // The enum's order: pending approval, rejected, unfilled, filled, commenced, completed, cancelled.
      return [asc(bookings.status), ...byDate];
    case 'location':
      return [asc(locations.name), asc(bookings.locationId), ...byDate];
    case 'candidate':
      return [
        sql`${candidates.lastName} asc nulls last`,
        sql`${candidates.firstName} asc nulls last`,
        asc(bookings.candidateId),
        ...byDate,
      ];
  }
}

/** The ids of a page: sorted, skipped and taken. */
export async function pageOfBookingIds(db: DbOrTx, where: SQL, sort: BookingSort, skip: number, take: number): Promise<number[]> {
  let query = db.select({ id: bookings.id }).from(bookings).$dynamic();
  if (sort === 'location') query = query.innerJoin(locations, eq(locations.id, bookings.locationId));
  if (sort === 'candidate') query = query.leftJoin(candidates, eq(candidates.id, bookings.candidateId));
  const rows = await query
    .where(where)
    .orderBy(...orderOf(sort))
    .limit(take)
    .offset(skip);
  return rows.map((r) => r.id);
}

/** A page of list items: its ids (with the filter), then their items (a prepared statement). */
export async function pageOfBookings(db: DbOrTx, where: SQL, sort: BookingSort, skip: number, take: number): Promise<BookingItemRow[]> {
  return bookingItems(db, await pageOfBookingIds(db, where, sort, skip, take));
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
