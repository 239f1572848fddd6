import { and, asc, eq, gte, notInArray } from 'drizzle-orm';
import { clients, locations, replaceMeRequests } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';

/**
 * Replace-me requests the simulator may move along: not finished nor withdrawn, for `fromDay` (a UTC date a day back covers
 * every zone's today) or later, oldest first, with the client's country and the location's zone.
 */
export function openReplaceMeRequests(db: DbOrTx, fromDay: string, limit: number) {
  return db
    .select({
      id: replaceMeRequests.id,
      status: replaceMeRequests.status,
      selectedDay: replaceMeRequests.selectedDay,
      clientId: replaceMeRequests.clientId,
      country: clients.country,
      timeZone: locations.timeZone,
    })
    .from(replaceMeRequests)
    .innerJoin(clients, eq(clients.id, replaceMeRequests.clientId))
    .innerJoin(locations, eq(locations.id, replaceMeRequests.locationId))
    .where(and(notInArray(replaceMeRequests.status, ['booking_created', 'withdrawn']), gte(replaceMeRequests.selectedDay, fromDay)))
    .orderBy(asc(replaceMeRequests.createdAt), asc(replaceMeRequests.id))
    .limit(limit);
}
