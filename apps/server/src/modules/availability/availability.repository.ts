import { and, asc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import { contactDaysAway, locations, replaceMeRequests } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';

/** The contact's days away between two local dates (inclusive), with the location's name, earliest first. */
export function listDaysAway(db: DbOrTx, contactId: number, from: string, to: string) {
  return db
    .select({
      id: contactDaysAway.id,
      dateLocal: contactDaysAway.dateLocal,
      reason: contactDaysAway.reason,
      note: contactDaysAway.note,
      locationId: contactDaysAway.locationId,
      locationName: locations.name,
    })
    .from(contactDaysAway)
    .leftJoin(locations, eq(locations.id, contactDaysAway.locationId))
    .where(and(eq(contactDaysAway.contactId, contactId), gte(contactDaysAway.dateLocal, from), lte(contactDaysAway.dateLocal, to)))
    .orderBy(asc(contactDaysAway.dateLocal));
}

/** The contact's replace-me requests for any of the given days (a withdrawn one is none). */
export async function replaceMeRequestsOn(db: DbOrTx, contactId: number, days: string[]) {
  if (days.length === 0) return [];
  return db
    .select({ id: replaceMeRequests.id, status: replaceMeRequests.status, selectedDay: replaceMeRequests.selectedDay })
    .from(replaceMeRequests)
    .where(
      and(
        eq(replaceMeRequests.contactId, contactId),
        inArray(replaceMeRequests.selectedDay, days),
        ne(replaceMeRequests.status, 'withdrawn'),
      ),
    );
}

/** Adds a day away; null when the contact is already away that day. */
export async function insertDayAway(db: DbOrTx, values: typeof contactDaysAway.$inferInsert): Promise<{ id: number } | null> {
  const [row] = await db.insert(contactDaysAway).values(values).onConflictDoNothing().returning({ id: contactDaysAway.id });
  return row ?? null;
}

/** Deletes one of the contact's days away; false when there is no such day (or it is someone else's). */
export async function deleteDayAway(db: DbOrTx, contactId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(contactDaysAway)
    .where(and(eq(contactDaysAway.id, id), eq(contactDaysAway.contactId, contactId)))
    .returning({ id: contactDaysAway.id });
  return deleted.length > 0;
}
