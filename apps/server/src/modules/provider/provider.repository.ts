import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  bookingConfirmations,
  bookingContacts,
  bookingRequests,
  bookings,
  candidates,
  classifications,
  clientCandidates,
  clients,
  contactDaysAway,
  contacts,
  locations,
  replaceMeRequests,
} from '@portal/db/schema';
import { queryRows, type DbOrTx } from '@portal/db/client';
import type { AbsenceReason } from '@portal/contract/domain';
import { RELEASED_STATUSES } from '@portal/contract/bookings/holds-day';

/** Queries of the provider's side: open bookings, who is free, filling and progressing bookings. */

/** Is the educator free on that local date (no other booking holding it: the contract's RELEASED_STATUSES aside)? */
export async function isCandidateFree(db: DbOrTx, candidateId: number, dateLocal: string, exceptBookingId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.candidateId, candidateId),
        eq(bookings.dateLocal, dateLocal),
        notInArray(bookings.status, [...RELEASED_STATUSES]),
        exceptBookingId === undefined ? undefined : sql`${bookings.id} <> ${exceptBookingId}`,
      ),
    )
    .limit(1);
  return rows.length === 0;
}

/** The local dates among `dates` on which the educator already works. */
export async function busyDates(db: DbOrTx, candidateId: number, dates: readonly string[]): Promise<Set<string>> {
  if (dates.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ dateLocal: bookings.dateLocal })
    .from(bookings)
    .where(
      and(
        eq(bookings.candidateId, candidateId),
        inArray(bookings.dateLocal, [...dates]),
        notInArray(bookings.status, [...RELEASED_STATUSES]),
      ),
    );
  return new Set(rows.map((r) => r.dateLocal));
}

export interface OpenBookingRow {
  id: number;
  requestId: number;
  clientId: number;
  clientName: string;
  country: string;
  locationId: number;
  locationName: string;
  dateLocal: string;
  startTimeLocal: string;
  endTimeLocal: string;
  timeZone: string;
  requestCreatedAt: string;
  sentAt: string;
  /** The educator the school asked for, if any. */
  requestedCandidateId: number | null;
}

/**
 * Unfilled bookings of approved requests from today on (today in each booking's own zone), oldest request first
 * (by when it reached the provider: made, or approved when it waited for approval). With `recentSince`, requests
 * that reached the provider since then come first, newest first.
 */
export async function openBookings(db: DbOrTx, now: Date, take: number, recentSince?: Date): Promise<OpenBookingRow[]> {
  const nowIso = now.toISOString();
  const recent = recentSince ? recentSince.toISOString() : null;
  return queryRows<OpenBookingRow>(
    db,
    sql`select b.id, b.request_id as "requestId", b.client_id as "clientId", c.name as "clientName", c.country,
               b.location_id as "locationId", l.name as "locationName", b.date_local::text as "dateLocal",
               to_char(b.start_time_local, 'HH24:MI') as "startTimeLocal", to_char(b.end_time_local, 'HH24:MI') as "endTimeLocal",
               b.time_zone as "timeZone", to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "requestCreatedAt",
               to_char(coalesce(r.decided_at, r.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "sentAt",
               r.requested_candidate_id as "requestedCandidateId"
        from bookings b
        join booking_requests r on r.id = b.request_id
        join clients c on c.id = b.client_id
        join locations l on l.id = b.location_id
        where b.status = 'unfilled' and r.status = 'approved'
          and b.date_local >= (${nowIso}::timestamptz at time zone b.time_zone)::date
        order by ${
          recent === null
            ? sql``
            : sql`coalesce(r.decided_at, r.created_at) >= ${recent}::timestamptz desc,
                  case when coalesce(r.decided_at, r.created_at) >= ${recent}::timestamptz then coalesce(r.decided_at, r.created_at) end desc nulls last,`
        }
                 coalesce(r.decided_at, r.created_at), r.id, b.date_local, b.id
        limit ${take}`,
  );
}

/**
 * One free educator for a client on a date: the one the school asked for when free, else one the client knows
 * (favourites first), else one of its country; never one the client excluded.
 */
export async function findFreeCandidate(
  db: DbOrTx,
  target: { clientId: number; country: string; dateLocal: string; salt: number; requestedCandidateId?: number | null },
): Promise<number | null> {
  const free = sql`not exists (select 1 from bookings o where o.candidate_id = c.id and o.date_local = ${target.dateLocal}
                     and o.status <> all(${sql.param([...RELEASED_STATUSES])}::booking_status[]))`;
  if (target.requestedCandidateId) {
    const requested = await queryRows<{ id: number }>(
      db,
      sql`select c.id from client_candidates cc join candidates c on c.id = cc.candidate_id
          where cc.client_id = ${target.clientId} and c.id = ${target.requestedCandidateId} and not cc.is_excluded and ${free}`,
    );
    if (requested[0]) return requested[0].id;
  }
  const known = await queryRows<{ id: number }>(
    db,
    sql`select c.id from client_candidates cc join candidates c on c.id = cc.candidate_id
        where cc.client_id = ${target.clientId} and not cc.is_excluded and ${free}
        order by cc.is_favourite desc, (c.id::bigint * 7919 + ${target.salt}) % 1009, c.id
        limit 1`,
  );
  if (known[0]) return known[0].id;
  const ofCountry = await queryRows<{ id: number }>(
    db,
    sql`select c.id from candidates c where c.country = ${target.country} and ${free}
          and not exists (select 1 from client_candidates x where x.client_id = ${target.clientId} and x.candidate_id = c.id and x.is_excluded)
        order by (c.id::bigint * 7919 + ${target.salt}) % 1009, c.id limit 1`,
  );
  return ofCountry[0]?.id ?? null;
}

export async function bookingForProvider(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: bookings.id,
      requestId: bookings.requestId,
      clientId: bookings.clientId,
      dateLocal: bookings.dateLocal,
      status: bookings.status,
      candidateId: bookings.candidateId,
      startUtc: bookings.startUtc,
      endUtc: bookings.endUtc,
    })
    .from(bookings)
    .where(eq(bookings.id, id));
  return row;
}

/** Has the client excluded the educator (never to be assigned to its bookings)? */
export async function isExcludedAt(db: DbOrTx, clientId: number, candidateId: number): Promise<boolean> {
  const rows = await queryRows<{ excluded: boolean }>(
    db,
    sql`select true as excluded from client_candidates where client_id = ${clientId} and candidate_id = ${candidateId} and is_excluded`,
  );
  return rows.length > 0;
}

export async function candidateExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: candidates.id }).from(candidates).where(eq(candidates.id, id));
  return rows.length > 0;
}

export async function rememberCandidate(db: DbOrTx, clientId: number, candidateId: number): Promise<void> {
  await db.insert(clientCandidates).values({ clientId, candidateId }).onConflictDoNothing();
}

/**
 * Bookings in `status` whose start (or end) instant is at or after `since`, earliest first, at most `limit`: what the
 * progress rule reads to move them on.
 */
export async function bookingsFrom(
  db: DbOrTx,
  query: { status: 'filled' | 'commenced'; by: 'start' | 'end'; since: Date; limit: number },
): Promise<{ id: number; status: 'filled' | 'commenced'; startUtc: Date; endUtc: Date }[]> {
  const instant = query.by === 'start' ? bookings.startUtc : bookings.endUtc;
  const rows = await db
    .select({ id: bookings.id, status: bookings.status, startUtc: bookings.startUtc, endUtc: bookings.endUtc })
    .from(bookings)
    .where(and(eq(bookings.status, query.status), sql`${instant} >= ${query.since.toISOString()}::timestamptz`))
    .orderBy(instant, bookings.id)
    .limit(query.limit);
  return rows.map((r) => ({ ...r, status: query.status }));
}

/** Moves the given bookings from `from` to `to` (one another change moved meanwhile is left alone). Answers those moved. */
export async function moveBookingsStatus(
  db: DbOrTx,
  ids: readonly number[],
  from: 'filled' | 'commenced',
  to: 'commenced' | 'completed',
  at: Date,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(bookings)
    .set({ status: to, updatedAt: at })
    .where(and(inArray(bookings.id, [...ids]), eq(bookings.status, from)))
    .returning({ id: bookings.id });
  return rows.map((r) => r.id);
}

/** What a replace-me booking is made of: the location, the client's first classification, the teacher. */
export async function replaceMeBookingFacts(
  db: DbOrTx,
  request: { clientId: number; locationId: number; contactId: number; selectedDay: string },
) {
  const [location] = await db
    .select({
      id: locations.id,
      timeZone: locations.timeZone,
      startTime: locations.startTime,
      endTime: locations.endTime,
      lunchBreakMinutes: locations.lunchBreakMinutes,
      country: clients.country,
    })
    .from(locations)
    .innerJoin(clients, eq(clients.id, locations.clientId))
    .where(eq(locations.id, request.locationId));
  const [classification] = await db
    .select({ id: classifications.id, defaultBreakInMins: classifications.defaultBreakInMins })
    .from(classifications)
    .where(and(eq(classifications.clientId, request.clientId), eq(classifications.active, true)))
    .orderBy(classifications.id)
    .limit(1);
  const [teacher] = await db
    .select({ firstName: contacts.firstName, lastName: contacts.lastName })
    .from(contacts)
    .where(eq(contacts.id, request.contactId));
  const [dayAway] = await db
    .select({ reason: contactDaysAway.reason })
    .from(contactDaysAway)
    .where(and(eq(contactDaysAway.contactId, request.contactId), eq(contactDaysAway.dateLocal, request.selectedDay)));
  // Confirm with the teacher's own booking contact at the location, else the location's first active one.
  const recipients = await db
    .select({ id: bookingContacts.id, contactId: bookingContacts.contactId })
    .from(bookingContacts)
    .where(and(eq(bookingContacts.locationId, request.locationId), eq(bookingContacts.active, true)))
    .orderBy(bookingContacts.id);
  const recipient = recipients.find((r) => r.contactId === request.contactId) ?? recipients[0];
  return {
    location,
    classification,
    teacherName: teacher ? `${teacher.firstName} ${teacher.lastName}` : null,
    reason: (dayAway?.reason ?? 'not provided') as AbsenceReason,
    bookingContactId: recipient?.id ?? null,
  };
}

/** Inserts an approved request and one filled booking (a replace-me replacement); returns the booking id. */
export async function insertReplacementBooking(
  tx: DbOrTx,
  input: {
    clientId: number;
    locationId: number;
    contactId: number;
    staffUserId: number | null;
    classificationId: number;
    dateLocal: string;
    timeZone: string;
    startTime: string;
    endTime: string;
    breakMinutes: number;
    coveringName: string | null;
    reason: AbsenceReason;
    bookingContactId: number | null;
    candidateId: number;
    now: Date;
  },
): Promise<{ requestId: number; bookingId: number }> {
  const [request] = await tx
    .insert(bookingRequests)
    .values({
      clientId: input.clientId,
      locationId: input.locationId,
      createdByContactId: input.contactId,
      createdByStaffUserId: input.staffUserId,
      status: 'approved',
      classificationId: input.classificationId,
      startTimeLocal: input.startTime,
      endTimeLocal: input.endTime,
      breakMinutes: input.breakMinutes,
      isFullDay: true,
      coveringContactId: input.contactId,
      coveringName: input.coveringName,
      absenceReason: input.reason,
      notes: 'Replace-me request',
      policiesAgreedAt: input.now,
      decidedAt: input.now,
    })
    .returning({ id: bookingRequests.id });
  if (input.bookingContactId !== null) {
    await tx.insert(bookingConfirmations).values({ requestId: request!.id, bookingContactId: input.bookingContactId, email: true });
  }
  const at = (time: string) => DateTime.fromISO(`${input.dateLocal}T${time.slice(0, 5)}`, { zone: input.timeZone }).toJSDate();
  const [booking] = await tx
    .insert(bookings)
    .values({
      requestId: request!.id,
      clientId: input.clientId,
      locationId: input.locationId,
      dateLocal: input.dateLocal,
      startTimeLocal: input.startTime,
      endTimeLocal: input.endTime,
      timeZone: input.timeZone,
      startUtc: at(input.startTime),
      endUtc: at(input.endTime),
      breakMinutes: input.breakMinutes,
      status: 'filled',
      candidateId: input.candidateId,
      filledAt: input.now,
    })
    .returning({ id: bookings.id });
  await rememberCandidate(tx, input.clientId, input.candidateId);
  return { requestId: request!.id, bookingId: booking!.id };
}

/** Unfilled → filled with the educator; null when the booking is no longer unfilled. */
export async function fillUnfilledBooking(db: DbOrTx, bookingId: number, candidateId: number, now: Date) {
  const [updated] = await db
    .update(bookings)
    .set({ status: 'filled', candidateId, filledAt: now, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'unfilled')))
    .returning({ id: bookings.id, requestId: bookings.requestId, status: bookings.status, dateLocal: bookings.dateLocal });
  return updated ?? null;
}

/** Moves a booking from one status to the next; null when it is no longer in `from`. */
export async function moveBookingStatus(
  db: DbOrTx,
  bookingId: number,
  from: 'filled' | 'commenced',
  to: 'commenced' | 'completed',
  now: Date,
) {
  const [updated] = await db
    .update(bookings)
    .set({ status: to, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, from)))
    .returning({
      id: bookings.id,
      requestId: bookings.requestId,
      status: bookings.status,
      dateLocal: bookings.dateLocal,
      candidateId: bookings.candidateId,
    });
  return updated ?? null;
}

/** A replace-me request, locked to the end of the transaction. */
export async function replaceMeRequestForUpdate(tx: DbOrTx, id: number) {
  const [request] = await tx.select().from(replaceMeRequests).where(eq(replaceMeRequests.id, id)).for('update');
  return request;
}

export async function setReplaceMeStatus(
  tx: DbOrTx,
  id: number,
  values: Pick<typeof replaceMeRequests.$inferInsert, 'status' | 'bookingId' | 'updatedAt'>,
): Promise<void> {
  await tx.update(replaceMeRequests).set(values).where(eq(replaceMeRequests.id, id));
}
