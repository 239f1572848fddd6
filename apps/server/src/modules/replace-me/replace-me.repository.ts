import { and, asc, eq, gte, ne, type SQL } from 'drizzle-orm';
import { bookings, candidates, locations, replaceMeRequests } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';
import type { ReplaceMeRequest } from '@portal/contract/replace-me';

/** The database handles, for the service (which imports no db package: queries live here). */
export type { Db, DbOrTx } from '@portal/db/client';

/** Replace-me requests with their location and, once found, the replacement's name; a withdrawn one is none. */

async function select(db: DbOrTx, where: SQL | undefined): Promise<ReplaceMeRequest[]> {
  const active = ne(replaceMeRequests.status, 'withdrawn');
  const rows = await db
    .select({
      id: replaceMeRequests.id,
      locationId: replaceMeRequests.locationId,
      locationName: locations.name,
      selectedDay: replaceMeRequests.selectedDay,
      isNextMonday: replaceMeRequests.isNextMonday,
      status: replaceMeRequests.status,
      bookingId: replaceMeRequests.bookingId,
      first: candidates.firstName,
      preferred: candidates.preferredName,
      last: candidates.lastName,
      createdAt: replaceMeRequests.createdAt,
    })
    .from(replaceMeRequests)
    .innerJoin(locations, eq(locations.id, replaceMeRequests.locationId))
    .leftJoin(bookings, eq(bookings.id, replaceMeRequests.bookingId))
    .leftJoin(candidates, eq(candidates.id, bookings.candidateId))
    .where(and(active, where))
    .orderBy(asc(replaceMeRequests.selectedDay), asc(replaceMeRequests.id));
  return rows.flatMap(({ first, preferred, last, createdAt, status, ...row }) =>
    status === 'withdrawn'
      ? []
      : [{ ...row, status, candidateName: first ? `${preferred ?? first} ${last}` : null, createdAt: createdAt.toISOString() }],
  );
}

export function requestsOfContact(db: DbOrTx, contactId: number, clientId: number, fromDay: string): Promise<ReplaceMeRequest[]> {
  return select(
    db,
    and(eq(replaceMeRequests.contactId, contactId), eq(replaceMeRequests.clientId, clientId), gte(replaceMeRequests.selectedDay, fromDay)),
  );
}

export async function requestById(db: DbOrTx, id: number): Promise<ReplaceMeRequest | undefined> {
  return (await select(db, eq(replaceMeRequests.id, id)))[0];
}

export async function requestOnDay(db: DbOrTx, contactId: number, selectedDay: string): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: replaceMeRequests.id })
    .from(replaceMeRequests)
    .where(
      and(
        eq(replaceMeRequests.contactId, contactId),
        eq(replaceMeRequests.selectedDay, selectedDay),
        ne(replaceMeRequests.status, 'withdrawn'),
      ),
    )
    .limit(1);
  return row;
}

/** A request as stored (withdrawn ones too), locked for the rest of the transaction. */
export async function requestForUpdate(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({
      id: replaceMeRequests.id,
      contactId: replaceMeRequests.contactId,
      clientId: replaceMeRequests.clientId,
      locationId: replaceMeRequests.locationId,
      selectedDay: replaceMeRequests.selectedDay,
      status: replaceMeRequests.status,
    })
    .from(replaceMeRequests)
    .where(eq(replaceMeRequests.id, id))
    .for('update');
  return row;
}

export async function markWithdrawn(tx: DbOrTx, id: number, now: Date): Promise<void> {
  await tx.update(replaceMeRequests).set({ status: 'withdrawn', updatedAt: now }).where(eq(replaceMeRequests.id, id));
}

export async function insertRequest(
  db: DbOrTx,
  values: { contactId: number; clientId: number; locationId: number; selectedDay: string; isNextMonday: boolean; now: Date },
): Promise<number> {
  const { now, ...row } = values;
  const [inserted] = await db
    .insert(replaceMeRequests)
    .values({ ...row, status: 'scheduled', createdAt: now, updatedAt: now })
    .returning({ id: replaceMeRequests.id });
  return inserted!.id;
}
