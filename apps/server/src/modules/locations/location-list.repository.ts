import { asc, eq, inArray } from 'drizzle-orm';
import { clients, locations } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';

/** The locations with these ids, with their client's name, by client and location name. */
export async function findLocations(db: DbOrTx, locationIds: number[]) {
  if (locationIds.length === 0) return [];
  return db
    .select({
      locationId: locations.id,
      locationName: locations.name,
      clientId: clients.id,
      clientName: clients.name,
      timeZone: locations.timeZone,
      line1: locations.addressLine1,
      line2: locations.addressLine2,
      suburb: locations.suburb,
      state: locations.state,
      postcode: locations.postcode,
      country: locations.country,
      latitude: locations.latitude,
      longitude: locations.longitude,
    })
    .from(locations)
    .innerJoin(clients, eq(clients.id, locations.clientId))
    .where(inArray(locations.id, locationIds))
    .orderBy(asc(clients.name), asc(locations.name), asc(locations.id));
}
