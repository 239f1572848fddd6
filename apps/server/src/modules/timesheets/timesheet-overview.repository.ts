import { and, inArray, sql } from 'drizzle-orm';
import { candidates, clients, timesheets } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';
import type { Scope } from '@portal/contract/permissions';
import type { TimesheetStatus } from '@portal/contract/domain';
import { inScope } from '../data-scope/data-scope.repository';

const COUNTED: TimesheetStatus[] = ['pending_review', 'pending_approval', 'approved_for_invoice'];

/**
 * Timesheets not yet invoiced, counted by status per (client, educator), with both names: one statement. The
 * counts come from the (client_id, status) and location_id indexes; the names are looked up by primary key for
 * the few groups only (a join would have PostgreSQL hash the whole candidates table).
 */
export async function timesheetCountsByClientAndCandidate(db: DbOrTx, scope: Scope) {
  const count = (status: TimesheetStatus, name: string) =>
    sql<number>`(count(*) filter (where ${timesheets.status} = ${status}))::int`.as(name);
  const groups = db
    .select({
      clientId: timesheets.clientId,
      candidateId: timesheets.candidateId,
      approved: count('approved_for_invoice', 'approved'),
      pendingReview: count('pending_review', 'pending_review'),
      pendingApproval: count('pending_approval', 'pending_approval'),
    })
    .from(timesheets)
    .where(and(inScope(timesheets.clientId, timesheets.locationId, scope), inArray(timesheets.status, COUNTED)))
    .groupBy(timesheets.clientId, timesheets.candidateId)
    .as('groups');
  return db
    .select({
      clientId: groups.clientId,
      clientName: sql<string>`(select ${clients.name} from ${clients} where ${clients.id} = ${groups.clientId})`,
      candidateId: groups.candidateId,
      candidateName: sql<string>`(select ${candidates.firstName} || ' ' || ${candidates.lastName} from ${candidates} where ${candidates.id} = ${groups.candidateId})`,
      approved: groups.approved,
      pendingReview: groups.pendingReview,
      pendingApproval: groups.pendingApproval,
    })
    .from(groups);
}
