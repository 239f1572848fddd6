import { prepared } from '../../lib/prepared-statement';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bookings, candidates, clients, contacts, invoices, locations, timesheets, type ClientModification } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';
import type { Scope } from '@portal/contract/permissions';
import type { TimesheetDecision, TimesheetStatus } from '@portal/contract/domain';
import { inScope } from '../data-scope/data-scope.repository';

/**
 * Timesheets (issue 9). Lists filter timesheets on (client_id | location_id, status) from their own indexes and
 * order by their own start_utc, then join the page's few rows to their booking, location, client, educator,
 * decider and invoice by primary key.
 */

export interface TimesheetFilter {
  scope: Scope;
  statuses: readonly TimesheetStatus[];
  candidateId?: number | undefined;
}

function where(filter: TimesheetFilter): SQL {
  return and(
    inScope(timesheets.clientId, timesheets.locationId, filter.scope),
    filter.statuses.length === 1 ? eq(timesheets.status, filter.statuses[0]!) : inArray(timesheets.status, [...filter.statuses]),
    filter.candidateId === undefined ? undefined : eq(timesheets.candidateId, filter.candidateId),
  )!;
}

/** Timesheets by status (invoiced not counted) in one statement. */
export async function countByStatus(db: DbOrTx, scope: Scope, candidateId?: number) {
  const n = (status: TimesheetStatus) => sql<number>`(count(*) filter (where ${timesheets.status} = ${status}))::int`;
  const [row] = await db
    .select({
      approved: n('approved_for_invoice'),
      pendingReview: n('pending_review'),
      pendingApproval: n('pending_approval'),
    })
    .from(timesheets)
    .where(where({ scope, statuses: ['pending_review', 'pending_approval', 'approved_for_invoice'], candidateId }));
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
  // One prepared statement per direction: planning the join cost more than running it (issue 11).
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

/** What a submit needs to judge each booking named: its timesheet (if any), status, location and zone. */
export async function submitFacts(db: DbOrTx, bookingIds: readonly number[]) {
  return db
    .select({
      bookingId: bookings.id,
      bookingStatus: bookings.status,
      locationId: bookings.locationId,
      timeZone: bookings.timeZone,
      dateLocal: bookings.dateLocal,
      timesheetId: timesheets.id,
      status: timesheets.status,
      decision: timesheets.decision,
    })
    .from(bookings)
    .leftJoin(timesheets, eq(timesheets.bookingId, bookings.id))
    .where(inArray(bookings.id, [...bookingIds]));
}

export interface DecisionItem {
  bookingId: number;
  clientModification: ClientModification | null;
}

/**
 * Decides the timesheets still pending approval among `items`, in one statement (approving takes the educator's
 * changed times, when there are any, as the timesheet's hours): a row another contact decided
 * meanwhile is left alone (PostgreSQL re-checks the status after waiting for that row's lock), so of two
 * concurrent approvals exactly one changes it. Answers the booking ids decided now.
 */
export async function decidePending(
  tx: DbOrTx,
  decision: { decision: TimesheetDecision; status: TimesheetStatus; contactId: number; at: Date },
  items: readonly DecisionItem[],
): Promise<number[]> {
  if (items.length === 0) return [];
  const values = sql.join(
    items.map((i) => sql`(${i.bookingId}::int, ${i.clientModification === null ? null : JSON.stringify(i.clientModification)}::jsonb)`),
    sql`, `,
  );
  // Approving a timesheet the educator changed approves the educator's hours.
  const approve = decision.decision === 'approved' ? sql`t.candidate_modification->>'startTimeLocal' is not null` : sql`false`;
  const rows = await tx.execute(sql`
    update ${timesheets} t
       set status = ${decision.status}::timesheet_status,
           decision = ${decision.decision}::timesheet_decision,
           decided_by_contact_id = ${decision.contactId}::int,
           decided_at = ${decision.at.toISOString()}::timestamptz,
           client_modification = v.modification,
           start_time_local = case when ${approve} then (t.candidate_modification->>'startTimeLocal')::time else t.start_time_local end,
           end_time_local = case when ${approve} then (t.candidate_modification->>'endTimeLocal')::time else t.end_time_local end,
           break_minutes = case when ${approve} then (t.candidate_modification->>'breakMinutes')::int else t.break_minutes end,
           start_utc = case when ${approve}
             then (b.date_local + (t.candidate_modification->>'startTimeLocal')::time) at time zone b.time_zone else t.start_utc end,
           end_utc = case when ${approve}
             then (b.date_local + (t.candidate_modification->>'endTimeLocal')::time) at time zone b.time_zone else t.end_utc end,
           updated_at = ${decision.at.toISOString()}::timestamptz
      from (values ${values}) as v(booking_id, modification), ${bookings} b
     where t.booking_id = v.booking_id and b.id = t.booking_id and t.status = 'pending_approval'
    returning t.booking_id`);
  return (rows as unknown as { rows: { booking_id: number }[] }).rows.map((r) => Number(r.booking_id));
}

/** The shape of a timesheet change, for the services (the schema stays behind the repository). */
export type { CandidateModification } from '@portal/db/schema';
