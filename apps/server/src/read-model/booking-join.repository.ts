import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bookingRequests, bookings, candidates, classifications, clients, locations } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';

/**
 * A booking as the answers about one read it, written once: bookings ⋈ booking_requests ⋈ clients ⋈ locations ⋈
 * classifications ⟕ candidates (a booking without an educator keeps its row, its candidate columns null). Every
 * join but the educator's follows a foreign key that is never null, so the join neither adds nor drops a booking:
 * callers pick their columns (every row carries the booking's id) and add their own where, order and limit. The list
 * item (booking-detail.repository `ITEM_SELECT`) states the same join in SQL, to read its rows without Drizzle's mapping.
 */
type Column = AnyPgColumn | SQL | SQL.Aliased;

export function selectBookings<T extends Record<string, Column | Record<string, Column>>>(db: DbOrTx, columns: T) {
  return db
    .select({ id: bookings.id, ...columns })
    .from(bookings)
    .innerJoin(bookingRequests, eq(bookingRequests.id, bookings.requestId))
    .innerJoin(clients, eq(clients.id, bookings.clientId))
    .innerJoin(locations, eq(locations.id, bookings.locationId))
    .innerJoin(classifications, eq(classifications.id, bookingRequests.classificationId))
    .leftJoin(candidates, eq(candidates.id, bookings.candidateId));
}
