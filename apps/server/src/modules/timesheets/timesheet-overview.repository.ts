import { sql } from 'drizzle-orm';
import { bookings, candidates, clients, timesheets } from '@portal/db/schema';
import { queryRows, type DbOrTx } from '@portal/db/client';
import type { Scope } from '@portal/contract/permissions';
import type { TimesheetStatus } from '@portal/contract/domain';
import { inScope } from '../../read-model/data-scope.repository';

const COUNTED: TimesheetStatus[] = ['pending_review', 'pending_approval', 'approved_for_invoice'];

export interface TimesheetCountRow {
  clientId: number;
  clientName: string;
  candidateId: number;
  candidateName: string;
  approved: number;
  pendingReview: number;
  pendingApproval: number;
}

/**
 * Timesheets not yet invoiced, counted by status per (client, educator), with both names: one statement. The
 * counts come from the (client_id, status) and location_id indexes; the names are looked up by primary key for
 * the few groups only (a join would have PostgreSQL hash the whole candidates table). Plain rows (queryRows):
 * a group's answer has hundreds of (client, educator) rows, and Drizzle's row mapping of the subquery's aliased
 * columns cost more CPU than the query (--cpu-prof).
 */
export async function timesheetCountsByClientAndCandidate(db: DbOrTx, scope: Scope): Promise<TimesheetCountRow[]> {
  return queryRows<TimesheetCountRow>(
    db,
    sql`select g.client_id as "clientId",
               (select ${clients.name} from ${clients} where ${clients.id} = g.client_id) as "clientName",
               g.candidate_id as "candidateId",
               (select ${candidates.firstName} || ' ' || ${candidates.lastName} from ${candidates} where ${candidates.id} = g.candidate_id) as "candidateName",
               g.approved, g.pending_review as "pendingReview", g.pending_approval as "pendingApproval"
        from (
          select ${timesheets.clientId} as client_id, ${timesheets.candidateId} as candidate_id,
                 (count(*) filter (where ${timesheets.status} = 'approved_for_invoice'))::int as approved,
                 (count(*) filter (where ${timesheets.status} = 'pending_review'))::int as pending_review,
                 (count(*) filter (where ${timesheets.status} = 'pending_approval'))::int as pending_approval
          from ${timesheets}
          where ${inScope(timesheets.clientId, timesheets.locationId, scope)} and ${timesheets.status} = any(${sql.param(COUNTED)}::text[]::timesheet_status[])
          group by ${timesheets.clientId}, ${timesheets.candidateId}
        ) g`,
  );
}

export interface PendingWeekRow {
  clientId: number;
  weekOf: string;
  pendingApproval: number;
}

/**
 * Timesheets pending approval per (client, week of the booking's local date, named by its Monday), newest week first:
 * one statement over the few pending rows (the (client_id, status) index), each joined to its booking by primary key.
 */
export async function pendingApprovalWeeks(db: DbOrTx, scope: Scope): Promise<PendingWeekRow[]> {
  return queryRows<PendingWeekRow>(
    db,
    sql`select ${timesheets.clientId} as "clientId",
               to_char(date_trunc('week', ${bookings.dateLocal}::timestamp), 'YYYY-MM-DD') as "weekOf",
               count(*)::int as "pendingApproval"
        from ${timesheets} join ${bookings} on ${bookings.id} = ${timesheets.bookingId}
        where ${inScope(timesheets.clientId, timesheets.locationId, scope)} and ${timesheets.status} = 'pending_approval'
        group by 1, 2
        order by 1, 2 desc`,
  );
}
