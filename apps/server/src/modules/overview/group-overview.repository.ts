import { and, asc, eq, sql } from 'drizzle-orm';
import { bookings, clientGroups, clients, locations } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';
import { prepared } from '../../lib/prepared-statement';

export async function groupExists(db: DbOrTx, groupId: number): Promise<boolean> {
  const rows = await db.select({ id: clientGroups.id }).from(clientGroups).where(eq(clientGroups.id, groupId)).limit(1);
  return rows.length > 0;
}

/**
 * Every location of the group's clients with its bookings on one local date: open (unfilled) and total (without
 * cancelled and rejected). One prepared statement (built and planned once per connection: building the select
 * with Drizzle on every request cost more of the server's time than the statement's own run); the join to bookings
 * uses the (location_id, date_local) index.
 */
export async function groupLocationsWithBookings(db: DbOrTx, groupId: number, dateLocal: string) {
  const statement = prepared(db, 'group_locations_with_bookings', () =>
    db
      .select({
        clientId: clients.id,
        clientName: clients.name,
        locationId: locations.id,
        locationName: locations.name,
        line1: locations.addressLine1,
        line2: locations.addressLine2,
        suburb: locations.suburb,
        state: locations.state,
        postcode: locations.postcode,
        country: locations.country,
        latitude: locations.latitude,
        longitude: locations.longitude,
        totalBookings: sql<number>`(count(${bookings.id}) filter (where ${bookings.status} not in ('cancelled', 'rejected')))::int`,
        openBookings: sql<number>`(count(${bookings.id}) filter (where ${bookings.status} = 'unfilled'))::int`,
      })
      .from(locations)
      .innerJoin(clients, eq(clients.id, locations.clientId))
      .leftJoin(bookings, and(eq(bookings.locationId, locations.id), eq(bookings.dateLocal, sql`${sql.placeholder('dateLocal')}::date`)))
      .where(eq(clients.groupId, sql.placeholder('groupId')))
      .groupBy(clients.id, locations.id)
      .orderBy(asc(clients.name), asc(locations.name), asc(locations.id))
      .prepare('group_locations_with_bookings'),
  );
  return statement.execute({ groupId, dateLocal });
}
