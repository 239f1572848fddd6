import { and, asc, between, eq, notInArray, sql } from 'drizzle-orm';
import { bookings } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';
import type { Scope } from '@portal/contract/permissions';
import type { BookingStatus } from '@portal/contract/domain';
import { inScope } from '../../read-model/data-scope.repository';

/**
 * Aggregates over bookings for the dashboard, one statement each. Every one filters by scope (client_id or
 * location_id) and a local date range, which the (client_id, date_local) and (location_id, date_local) indexes serve.
 */

const NOT_COUNTED: BookingStatus[] = ['cancelled', 'rejected'];

export async function bookingsPerDay(db: DbOrTx, scope: Scope, from: string, to: string) {
  return db
    .select({ dateLocal: bookings.dateLocal, totalBookingsCount: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        inScope(bookings.clientId, bookings.locationId, scope),
        between(bookings.dateLocal, from, to),
        notInArray(bookings.status, NOT_COUNTED),
      ),
    )
    .groupBy(bookings.dateLocal)
    .orderBy(asc(bookings.dateLocal));
}

/** Per status: bookings on `firstDay` and over the whole range. */
export async function bookingsByStatus(db: DbOrTx, scope: Scope, from: string, to: string, firstDay: string) {
  return db
    .select({
      status: bookings.status,
      onFirstDay: sql<number>`(count(*) filter (where ${bookings.dateLocal} = ${firstDay}))::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(bookings)
    .where(and(inScope(bookings.clientId, bookings.locationId, scope), between(bookings.dateLocal, from, to)))
    .groupBy(bookings.status);
}

/** Per month ('YYYY-MM') and status, for one client's scope. */
export async function bookingsByMonthAndStatus(db: DbOrTx, clientId: number, scope: Scope, from: string, to: string) {
  const month = sql<string>`to_char(${bookings.dateLocal}, 'YYYY-MM')`;
  return db
    .select({ month, status: bookings.status, count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(eq(bookings.clientId, clientId), inScope(bookings.clientId, bookings.locationId, scope), between(bookings.dateLocal, from, to)),
    )
    .groupBy(month, bookings.status);
}
