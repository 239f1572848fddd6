import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bookingRequests,
  bookings,
  candidates,
  classifications,
  clientGroups,
  clients,
  contacts,
  locations,
  staffUsers,
} from '@portal/db/schema';
import { queryRows, type DbOrTx } from '@portal/db/client';
import { prepared } from '../lib/prepared-statement';
import { toItem, toRequestDetail, type BookingItemColumns, type BookingItemRow, type RequestDetail } from './booking-answers';

export type { BookingItemRow, ExtensionLimits, RequestDetail } from './booking-answers';

/**
 * The booking read model's loaders, shared by the bookings list and detail, pending approval, the e-mailed approval
 * links and extend: list items of any set of bookings in one statement, the summaries of requests, and a booking
 * request with everything spec §3 'Booking detail' names. Rows become answers in ./booking-answers. Nothing here
 * checks permissions; the services do, before or after loading.
 */

const coveringContact = alias(contacts, 'covering_contact');
const creatorContact = alias(contacts, 'creator_contact');

const coveringName = sql<
  string | null
>`coalesce(${bookingRequests.coveringName}, ${coveringContact.firstName} || ' ' || ${coveringContact.lastName})`;

/**
 * A list item's columns by the names of `BookingItemColumns`, in SQL: the read model's join of a booking
 * (booking-join.repository: bookings ⋈ booking_requests ⋈ clients ⋈ locations ⋈ classifications ⟕ candidates) and
 * its covering contact. The rows are read as they come, not through Drizzle's select: its decoders walked the 28
 * fields of every row of a page (bench/RESULTS.md, 2026-11-29). Instants come as epoch milliseconds, dates and times
 * as text, alike on both engines.
 */
const ITEM_SELECT = sql`select b.id, b.request_id as "requestId", b.status, b.date_local::text as "dateLocal",
    b.start_time_local::text as "startTimeLocal", b.end_time_local::text as "endTimeLocal", b.break_minutes as "breakMinutes",
    b.time_zone as "timeZone", c.id as "clientId", c.name as "clientName", l.id as "locationId", l.name as "locationName",
    k.id as "classificationId", k.online_title as "classificationTitle", ca.id as "candidateId",
    ca.first_name as "candidateFirstName", ca.last_name as "candidateLastName", ca.preferred_name as "candidatePreferredName",
    r.series_reference as "seriesReference", b.series_position as "seriesPosition", b.series_total as "seriesTotal",
    r.covering_contact_id as "coveringId", coalesce(r.covering_name, cc.first_name || ' ' || cc.last_name) as "coveringName",
    r.absence_reason as "absenceReason", b.feedback_completed as "feedbackCompleted", b.cancel_reason as "cancelReason",
    (extract(epoch from b.cancelled_at) * 1000)::float8 as "cancelledAt", (extract(epoch from b.start_utc) * 1000)::float8 as "startUtc"
  from ${bookings} b
  join ${bookingRequests} r on r.id = b.request_id
  join ${clients} c on c.id = b.client_id
  join ${locations} l on l.id = b.location_id
  join ${classifications} k on k.id = r.classification_id
  left join ${candidates} ca on ca.id = b.candidate_id
  left join ${contacts} cc on cc.id = r.covering_contact_id`;

type ItemRow = Omit<BookingItemColumns, 'startUtc' | 'cancelledAt'> & { startUtc: number; cancelledAt: number | null };

const itemOf = (r: ItemRow): BookingItemRow =>
  toItem({ ...r, startUtc: new Date(r.startUtc), cancelledAt: r.cancelledAt === null ? null : new Date(r.cancelledAt) });

/** List items of these bookings, in the order of `ids` (one statement, the same text whatever the ids). */
export async function bookingItems(db: DbOrTx, ids: readonly number[]): Promise<BookingItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<ItemRow>(db, sql`${ITEM_SELECT} where b.id = any(${sql.param([...ids])}::int[])`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items: BookingItemRow[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row) items.push(itemOf(row));
  }
  return items;
}

/**
 * List items of the bookings a query names (its `id` column), each with that query's row beside it, in one statement:
 * both are read from the same state of the data.
 */
export async function bookingItemsNamedBy<N extends { id: number }>(
  db: DbOrTx,
  named: SQL,
): Promise<Array<{ item: BookingItemRow; named: N }>> {
  const rows = await queryRows<ItemRow & { named: N }>(
    db,
    sql`with named as (${named}) select i.*, to_json(n) as named from (${ITEM_SELECT} where b.id in (select id from named)) i
      join named n on n.id = i.id`,
  );
  return rows.map(({ named, ...row }) => ({ item: itemOf(row), named }));
}

/** Every booking of a request, by date, start time and id (one statement). */
export async function requestBookingItems(db: DbOrTx, requestId: number): Promise<BookingItemRow[]> {
  const rows = await queryRows<ItemRow>(
    db,
    sql`${ITEM_SELECT} where b.request_id = ${requestId} order by b.date_local, b.start_time_local, b.id`,
  );
  return rows.map(itemOf);
}

/** The few columns a rule needs of a booking (status, place, time), or undefined. */
export async function bookingHead(db: DbOrTx, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select({
      id: bookings.id,
      requestId: bookings.requestId,
      clientId: bookings.clientId,
      locationId: bookings.locationId,
      status: bookings.status,
      candidateId: bookings.candidateId,
      dateLocal: bookings.dateLocal,
      startTimeLocal: bookings.startTimeLocal,
      timeZone: bookings.timeZone,
      feedbackCompleted: bookings.feedbackCompleted,
    })
    .from(bookings)
    .where(eq(bookings.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}
export type BookingHead = NonNullable<Awaited<ReturnType<typeof bookingHead>>>;

/** The request's place and status, or undefined. */
export async function requestHead(db: DbOrTx, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select({
      id: bookingRequests.id,
      clientId: bookingRequests.clientId,
      locationId: bookingRequests.locationId,
      status: bookingRequests.status,
    })
    .from(bookingRequests)
    .where(eq(bookingRequests.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Columns of a request's summary (spec §3 'Pending booking summary') without its dates. */
export const summaryColumns = {
  id: bookingRequests.id,
  status: bookingRequests.status,
  createdAt: bookingRequests.createdAt,
  createdByContactId: bookingRequests.createdByContactId,
  creatorName: sql<string | null>`coalesce(${creatorContact.firstName} || ' ' || ${creatorContact.lastName}, ${staffUsers.name})`,
  clientId: clients.id,
  clientName: clients.name,
  groupId: clientGroups.id,
  groupName: clientGroups.name,
  locationId: locations.id,
  locationName: locations.name,
  timeZone: locations.timeZone,
  startTimeLocal: bookingRequests.startTimeLocal,
  endTimeLocal: bookingRequests.endTimeLocal,
  coveringId: bookingRequests.coveringContactId,
  coveringName,
  absenceReason: bookingRequests.absenceReason,
};

/** booking_requests joined with everything a summary names; add .where/.orderBy. */
export function selectSummaries<T extends Record<string, AnyPgColumn | SQL>>(db: DbOrTx, extra: T) {
  return db
    .select({ ...summaryColumns, ...extra })
    .from(bookingRequests)
    .innerJoin(clients, eq(clients.id, bookingRequests.clientId))
    .leftJoin(clientGroups, eq(clientGroups.id, clients.groupId))
    .innerJoin(locations, eq(locations.id, bookingRequests.locationId))
    .leftJoin(creatorContact, eq(creatorContact.id, bookingRequests.createdByContactId))
    .leftJoin(staffUsers, eq(staffUsers.id, bookingRequests.createdByStaffUserId))
    .leftJoin(coveringContact, eq(coveringContact.id, bookingRequests.coveringContactId));
}

/** The local dates of each of these requests' bookings (one statement). */
export async function datesOfRequests(db: DbOrTx, requestIds: readonly number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (requestIds.length === 0) return result;
  const rows = await db
    .selectDistinct({ requestId: bookings.requestId, dateLocal: bookings.dateLocal })
    .from(bookings)
    .where(inArray(bookings.requestId, [...requestIds]));
  for (const r of rows) {
    const list = result.get(r.requestId) ?? [];
    list.push(r.dateLocal);
    result.set(r.requestId, list);
  }
  return result;
}

/** A booking request with every field of spec §3 'Booking detail' and all its bookings; undefined when unknown. */
export async function requestDetail(db: DbOrTx, requestId: number): Promise<RequestDetail | undefined> {
  // Prepared once per connection: PostgreSQL spent ~3 ms planning this join of eight tables with three subqueries
  // and 0.2 ms running it (measured on the bench world).
  const statement = prepared(db, 'request_detail', () =>
    selectSummaries(db, {
      notes: bookingRequests.notes,
      room: bookingRequests.room,
      breakMinutes: bookingRequests.breakMinutes,
      isFullDay: bookingRequests.isFullDay,
      bookingsPerDay: bookingRequests.bookingsPerDay,
      policiesAgreedAt: bookingRequests.policiesAgreedAt,
      rejectReason: bookingRequests.rejectReason,
      seriesReference: bookingRequests.seriesReference,
      certifications: sql<Array<{ id: number; name: string }>>`coalesce((
      select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name, c.id)
      from booking_request_certifications rc join certifications c on c.id = rc.certification_id
      where rc.request_id = ${bookingRequests.id}), '[]'::json)`,
      confirmations: sql<Array<{ id: number; name: string; email: boolean; sms: boolean; voice: boolean; push: boolean }>>`coalesce((
      select json_agg(json_build_object('id', bc.id, 'name', bc.name, 'email', f.email, 'sms', f.sms, 'voice', f.voice, 'push', f.push) order by f.id)
      from booking_confirmations f join booking_contacts bc on bc.id = f.booking_contact_id
      where f.request_id = ${bookingRequests.id}), '[]'::json)`,
      grades: sql<Array<{ id: number; title: string }>>`coalesce((
      select json_agg(json_build_object('id', g.id, 'title', g.title) order by g.sort_order, g.id)
      from grades g where g.id = any(${bookingRequests.gradeIds})), '[]'::json)`,
      classificationId: classifications.id,
      classificationTitle: classifications.onlineTitle,
      region: clients.locale,
      locationType: locations.locationType,
      maxExtensionDays: clients.maxExtensionDays,
      sameDayCutoff: clients.sameDayCutoff,
      requestedCandidate: sql<{ id: number; fullName: string } | null>`(
      select json_build_object('id', ca.id, 'fullName', coalesce(ca.preferred_name, ca.first_name) || ' ' || ca.last_name)
      from candidates ca where ca.id = ${bookingRequests.requestedCandidateId})`,
    })
      .innerJoin(classifications, eq(classifications.id, bookingRequests.classificationId))
      .where(eq(bookingRequests.id, sql.placeholder('requestId')))
      .prepare('request_detail'),
  );
  const rowsQuery = statement.execute({ requestId });
  // Two statements, side by side: the request with its lists, and its bookings.
  const [[row], items] = await Promise.all([rowsQuery, requestBookingItems(db, requestId)]);
  return row && toRequestDetail(row, items);
}
