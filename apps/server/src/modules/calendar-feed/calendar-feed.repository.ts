import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { bookings, calendarFeeds, candidates, classifications, clients, locations } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';
import type { Scope } from '@portal/contract/permissions';
import type { BookingStatus } from '@portal/contract/domain';
import { inScope } from '../../read-model/data-scope.repository';
import { selectBookings } from '../../read-model/booking-join.repository';

export type { Db, DbOrTx } from '@portal/db/client';

/** Queries of the calendar feed. Only hashes of the feed secrets are stored. */

export interface ActiveFeed {
  id: string;
  contactId: number;
  createdAt: Date;
}

/** The contact's working feed, if any. */
export async function activeFeedOfContact(db: DbOrTx, contactId: number): Promise<ActiveFeed | undefined> {
  const [row] = await db
    .select({ id: calendarFeeds.id, contactId: calendarFeeds.contactId, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.contactId, contactId), isNull(calendarFeeds.revokedAt)))
    .orderBy(desc(calendarFeeds.createdAt))
    .limit(1);
  return row;
}

/** The working feed whose secret hashes to `tokenHash`. */
export async function activeFeedByHash(db: DbOrTx, tokenHash: string): Promise<ActiveFeed | undefined> {
  const [row] = await db
    .select({ id: calendarFeeds.id, contactId: calendarFeeds.contactId, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(calendarFeeds.revokedAt)))
    .limit(1);
  return row;
}

/** Revokes every working feed of the contact; returns how many. */
export async function revokeFeeds(db: DbOrTx, contactId: number, at: Date): Promise<number> {
  const rows = await db
    .update(calendarFeeds)
    .set({ revokedAt: at })
    .where(and(eq(calendarFeeds.contactId, contactId), isNull(calendarFeeds.revokedAt)))
    .returning({ id: calendarFeeds.id });
  return rows.length;
}

export async function insertFeed(db: DbOrTx, contactId: number, tokenHash: string, at: Date): Promise<ActiveFeed> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ contactId, tokenHash, createdAt: at })
    .returning({ id: calendarFeeds.id, contactId: calendarFeeds.contactId, createdAt: calendarFeeds.createdAt });
  return row!;
}

export interface FeedBookingRow {
  id: number;
  status: BookingStatus;
  dateLocal: string;
  startUtc: Date;
  endUtc: Date;
  timeZone: string;
  updatedAt: Date;
  createdAt: Date;
  clientName: string;
  locationName: string;
  addressLine1: string;
  addressLine2: string | null;
  suburb: string;
  state: string | null;
  postcode: string | null;
  classification: string;
  candidateFirstName: string | null;
  candidateLastName: string | null;
  candidatePreferredName: string | null;
}

/**
 * The bookings in `scope` with a local date in [from, to], at most `limit`: from `today` on first (the earliest
 * first), then the past ones, so a cut keeps what is still to come. `offset` reads a later page of the same order.
 */
export async function feedBookings(
  db: DbOrTx,
  scope: Scope,
  from: string,
  to: string,
  today: string,
  limit: number,
  offset = 0,
): Promise<FeedBookingRow[]> {
  return selectBookings(db, {
    status: bookings.status,
    dateLocal: bookings.dateLocal,
    startUtc: bookings.startUtc,
    endUtc: bookings.endUtc,
    timeZone: bookings.timeZone,
    updatedAt: bookings.updatedAt,
    createdAt: bookings.createdAt,
    clientName: clients.name,
    locationName: locations.name,
    addressLine1: locations.addressLine1,
    addressLine2: locations.addressLine2,
    suburb: locations.suburb,
    state: locations.state,
    postcode: locations.postcode,
    classification: classifications.onlineTitle,
    candidateFirstName: candidates.firstName,
    candidateLastName: candidates.lastName,
    candidatePreferredName: candidates.preferredName,
  })
    .where(and(inScope(bookings.clientId, bookings.locationId, scope), gte(bookings.dateLocal, from), lte(bookings.dateLocal, to)))
    .orderBy(sql`${bookings.dateLocal} < ${today}`, asc(bookings.dateLocal), asc(bookings.startTimeLocal), asc(bookings.id))
    .limit(limit)
    .offset(offset);
}
