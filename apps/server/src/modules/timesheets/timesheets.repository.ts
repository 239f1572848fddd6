import { prepared } from '../../lib/prepared-statement';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bookings, candidates, clients, contacts, invoices, locations, timesheets, type ClientModification } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';
import type { Scope } from '@portal/contract/permissions';
import type { TimesheetDecision, TimesheetStatus } from '@portal/contract/domain';
import { inScope } from '../../read-model/data-scope.repository';

/**
 * Timesheets. Lists filter timesheets on (client_id | location_id, status) from their own indexes and
 * order by their own start_utc, then join the page's few rows to their booking, location, client, educator,
 * decider and invoice by primary key.
 */

export interface TimesheetFilter {
  scope: Scope;
  statuses: readonly TimesheetStatus[];
  candidateId?: number | undefined;
  /** Only bookings of the week starting on this Monday ('YYYY-MM-DD', the booking's local date). */
  weekOf?: string | undefined;
}

function where(filter: TimesheetFilter): SQL {
  return and(
    inScope(timesheets.clientId, timesheets.locationId, filter.scope),
    filter.statuses.length === 1 ? eq(timesheets.status, filter.statuses[0]!) : inArray(timesheets.status, [...filter.statuses]),
    filter.candidateId === undefined ? undefined : eq(timesheets.candidateId, filter.candidateId),
    filter.weekOf === undefined
      ? undefined
      : sql`exists (select 1 from ${bookings} b where b.id = ${timesheets.bookingId}
                      and b.date_local between ${filter.weekOf}::date and ${filter.weekOf}::date + 6)`,
  )!;
}

/** Timesheets by status (invoiced not counted) in one statement. */
export async function countByStatus(db: DbOrTx, scope: Scope, candidateId?: number, weekOf?: string) {
  const n = (status: TimesheetStatus) => sql<number>`(count(*) filter (where ${timesheets.status} = ${status}))::int`;
  const [row] = await db
    .select({
      approved: n('approved_for_invoice'),
      pendingReview: n('pending_review'),
      pendingApproval: n('pending_approval'),
    })
    .from(timesheets)
    .where(where({ scope, statuses: ['pending_review', 'pending_approval', 'approved_for_invoice'], candidateId, weekOf }));
  return row ?? { approved: 0, pendingReview: 0, pendingApproval: 0 };
}

export async function countTimesheets(db: DbOrTx, filter: TimesheetFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(timesheets).where(where(filter));
  return row?.n ?? 0;
}

const decider = alias(contacts, 'decider');

/** Every column a TimesheetBooking is made of. */
function selectRows(db: DbOrTx) {
  return db
    .select({
      timesheetId: timesheets.id,
      bookingId: timesheets.bookingId,
      status: timesheets.status,
      locationId: timesheets.locationId,
      locationName: locations.name,
      timeZone: locations.timeZone,
      clientId: timesheets.clientId,
      clientName: clients.name,
      clientGroupId: clients.groupId,
      clientLocale: clients.locale,
      payOptionType: timesheets.payOptionType,
      unitType: timesheets.unitType,
      dateLocal: bookings.dateLocal,
      startTimeLocal: timesheets.startTimeLocal,
      endTimeLocal: timesheets.endTimeLocal,
      startUtc: timesheets.startUtc,
      endUtc: timesheets.endUtc,
      candidateId: timesheets.candidateId,
      candidateFirstName: candidates.firstName,
      candidateLastName: candidates.lastName,
      candidatePreferredName: candidates.preferredName,
      breakMinutes: timesheets.breakMinutes,
      isApprovedByCandidate: timesheets.isApprovedByCandidate,
      breaks: timesheets.breaks,
      timesheetMethod: timesheets.timesheetMethod,
      bookingStatus: bookings.status,
      candidateModification: timesheets.candidateModification,
      clientModification: timesheets.clientModification,
      decision: timesheets.decision,
      decidedAt: timesheets.decidedAt,
      decidedByFirstName: decider.firstName,
      decidedByLastName: decider.lastName,
      invoiceNo: invoices.invoiceNo,
      updatedAt: timesheets.updatedAt,
    })
    .from(timesheets)
    .innerJoin(bookings, eq(bookings.id, timesheets.bookingId))
    .innerJoin(locations, eq(locations.id, timesheets.locationId))
    .innerJoin(clients, eq(clients.id, timesheets.clientId))
    .innerJoin(candidates, eq(candidates.id, timesheets.candidateId))
    .leftJoin(decider, eq(decider.id, timesheets.decidedByContactId))
    .leftJoin(invoices, eq(invoices.id, timesheets.invoiceId));
}

export type TimesheetRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

/**
 * A page of timesheets: the ids are chosen on timesheets alone (scope, status, start_utc order), then joined.
 * `oldestFirst` orders by the booking's start, else newest first.
 */
export async function timesheetPage(
  db: DbOrTx,
  filter: TimesheetFilter,
  page: { skip: number; take: number; oldestFirst: boolean },
): Promise<TimesheetRow[]> {
  const order = page.oldestFirst ? [asc(timesheets.startUtc), asc(timesheets.id)] : [desc(timesheets.startUtc), desc(timesheets.id)];
  const ids = await db
    .select({ id: timesheets.id })
    .from(timesheets)
    .where(where(filter))
    .orderBy(...order)
    .limit(page.take)
    .offset(page.skip);
  if (ids.length === 0) return [];
  // One prepared statement per direction: planning the join cost more than running it.
  const name = page.oldestFirst ? 'timesheet_rows_oldest_first' : 'timesheet_rows_newest_first';
  const statement = prepared(db, name, () =>
    selectRows(db)
      .where(sql`${timesheets.id} = any(${sql.placeholder('ids')}::int[])`)
      .orderBy(...order)
      .prepare(name),
  );
  return statement.execute({ ids: ids.map((r) => r.id) });
}

/** One timesheet by its booking id, with everything the PDF shows. */
export async function timesheetOfBooking(db: DbOrTx, bookingId: number): Promise<TimesheetRow | undefined> {
  const [row] = await selectRows(db).where(eq(timesheets.bookingId, bookingId));
  return row;
}

/** What a submit needs to judge each booking named: its timesheet (if any), status, location, hours and changes. */
export async function submitFacts(db: DbOrTx, bookingIds: readonly number[]) {
  return db
    .select({
      bookingId: bookings.id,
      bookingStatus: bookings.status,
      locationId: bookings.locationId,
      timesheetId: timesheets.id,
      status: timesheets.status,
      decision: timesheets.decision,
      startTimeLocal: timesheets.startTimeLocal,
      endTimeLocal: timesheets.endTimeLocal,
      breakMinutes: timesheets.breakMinutes,
      candidateModification: timesheets.candidateModification,
      clientModification: timesheets.clientModification,
    })
    .from(bookings)
    .leftJoin(timesheets, eq(timesheets.bookingId, bookings.id))
    .where(inArray(bookings.id, [...bookingIds]));
}

export interface Decider {
  decision: TimesheetDecision;
  contactId: number;
  at: Date;
}

const bookingIdsOf = (rows: unknown) => (rows as { rows: { booking_id: number }[] }).rows.map((r) => Number(r.booking_id));

/**
 * Approves timesheets still pending approval with the hours given for each (computed by the contract's decide
 * rules), in one statement. A row another contact decided meanwhile is left alone (PostgreSQL re-checks the status
 * after waiting for that row's lock), so of two concurrent approvals exactly one changes it. Answers the booking ids
 * approved now.
 */
export async function approvePending(
  tx: DbOrTx,
  decider: Decider,
  items: readonly { bookingId: number; startTime: string; endTime: string; breakMinutes: number }[],
): Promise<number[]> {
  if (items.length === 0) return [];
  const values = sql.join(
    items.map((i) => sql`(${i.bookingId}::int, ${i.startTime}::time, ${i.endTime}::time, ${i.breakMinutes}::int)`),
    sql`, `,
  );
  const rows = await tx.execute(sql`
    update ${timesheets} t
       set status = 'approved_for_invoice',
           decision = ${decider.decision}::timesheet_decision,
           decided_by_contact_id = ${decider.contactId}::int,
           decided_at = ${decider.at.toISOString()}::timestamptz,
           client_modification = null,
           start_time_local = v.start_time,
           end_time_local = v.end_time,
           break_minutes = v.break_minutes,
           start_utc = (b.date_local + v.start_time) at time zone b.time_zone,
           end_utc = (b.date_local + v.end_time) at time zone b.time_zone,
           updated_at = ${decider.at.toISOString()}::timestamptz
      from (values ${values}) as v(booking_id, start_time, end_time, break_minutes), ${bookings} b
     where t.booking_id = v.booking_id and b.id = t.booking_id and t.status = 'pending_approval'
    returning t.booking_id`);
  return bookingIdsOf(rows);
}

/**
 * Sends timesheets still pending approval to the provider's review with what the school submitted (one statement;
 * concurrent decisions as in approvePending). Answers the booking ids decided now.
 */
export async function sendPendingToReview(
  tx: DbOrTx,
  decider: Decider,
  items: readonly { bookingId: number; clientModification: ClientModification }[],
): Promise<number[]> {
  if (items.length === 0) return [];
  const values = sql.join(
    items.map((i) => sql`(${i.bookingId}::int, ${JSON.stringify(i.clientModification)}::jsonb)`),
    sql`, `,
  );
  const rows = await tx.execute(sql`
    update ${timesheets} t
       set status = 'pending_review',
           decision = ${decider.decision}::timesheet_decision,
           decided_by_contact_id = ${decider.contactId}::int,
           decided_at = ${decider.at.toISOString()}::timestamptz,
           client_modification = v.modification,
           updated_at = ${decider.at.toISOString()}::timestamptz
      from (values ${values}) as v(booking_id, modification)
     where t.booking_id = v.booking_id and t.status = 'pending_approval'
    returning t.booking_id`);
  return bookingIdsOf(rows);
}

/**
 * Cancels with no charge the bookings whose timesheet is still pending approval (the educator said it did not happen
 * and the school approved that): the timesheet goes, the booking is cancelled by the contact who approved, in two
 * statements of the caller's transaction. Answers the booking ids cancelled now.
 */
export async function cancelPendingWithoutCharge(
  tx: DbOrTx,
  decider: Decider,
  bookingIds: readonly number[],
  reason: string,
): Promise<number[]> {
  if (bookingIds.length === 0) return [];
  const deleted = bookingIdsOf(
    await tx.execute(sql`
      delete from ${timesheets} where booking_id = any(${sql.param([...bookingIds])}::int[]) and status = 'pending_approval'
      returning booking_id`),
  );
  if (deleted.length === 0) return [];
  await tx.execute(sql`
    update ${bookings}
       set status = 'cancelled', cancel_reason = ${reason}, cancelled_at = ${decider.at.toISOString()}::timestamptz,
           cancelled_by_contact_id = ${decider.contactId}::int, updated_at = ${decider.at.toISOString()}::timestamptz
     where id = any(${sql.param(deleted)}::int[])`);
  return deleted;
}

/** The shape of a timesheet change, for the services (the schema stays behind the repository). */
export type { CandidateModification } from '@portal/db/schema';

/**
 * The filtered timesheets after `after` (the start and id of the last one read; undefined: from the first), in the
 * list's order (by the booking's start, then id), at most `limit`: the CSV export reads the whole list this way, one
 * bounded page at a time. Starts are whole minutes, so the last start as an ISO instant compares exactly.
 */
export async function timesheetsAfter(
  db: DbOrTx,
  filter: TimesheetFilter,
  page: { oldestFirst: boolean; after: { startUtc: Date; timesheetId: number } | undefined; limit: number },
): Promise<TimesheetRow[]> {
  const order = page.oldestFirst ? [asc(timesheets.startUtc), asc(timesheets.id)] : [desc(timesheets.startUtc), desc(timesheets.id)];
  const { after } = page;
  const start = after && sql`(${after.startUtc.toISOString()}::timestamptz, ${after.timesheetId}::int)`;
  const keyset =
    start &&
    (page.oldestFirst
      ? sql`(${timesheets.startUtc}, ${timesheets.id}) > ${start}`
      : sql`(${timesheets.startUtc}, ${timesheets.id}) < ${start}`);
  return selectRows(db)
    .where(and(where(filter), keyset))
    .orderBy(...order)
    .limit(page.limit);
}
