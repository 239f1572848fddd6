import type { Scope } from '@portal/contract/permissions';
import type { TimesheetCounts, TimesheetsOverviewResponse } from '@portal/contract/dashboard';
import type { DbOrTx } from '@portal/db/client';
import { timesheetCountsByClientAndCandidate } from './timesheet-overview.repository';

/** The order of names (the same as `localeCompare(b, 'en')`, without building a collator per comparison). */
const BY_NAME = new Intl.Collator('en');

/**
 * Spec §3 'Timesheet summary': the (client, educator) counts of one query over the caller's resolved scope, summed
 * three ways (TimesheetsService.overviewAnswer).
 */
export async function timesheetsOverview(db: DbOrTx, scope: Scope): Promise<TimesheetsOverviewResponse> {
  const rows = await timesheetCountsByClientAndCandidate(db, scope);
  const zero = (): TimesheetCounts => ({ approved: 0, pendingReview: 0, pendingApproval: 0 });
  const add = (to: TimesheetCounts, row: TimesheetCounts) => {
    to.approved += row.approved;
    to.pendingReview += row.pendingReview;
    to.pendingApproval += row.pendingApproval;
  };
  const totals = zero();
  const perClient = new Map<number, { clientId: number; clientName: string } & TimesheetCounts>();
  const perCandidate = new Map<number, { candidateId: number; candidateName: string } & TimesheetCounts>();
  for (const row of rows) {
    add(totals, row);
    let client = perClient.get(row.clientId);
    if (!client) perClient.set(row.clientId, (client = { clientId: row.clientId, clientName: row.clientName, ...zero() }));
    add(client, row);
    let candidate = perCandidate.get(row.candidateId);
    if (!candidate) {
      candidate = { candidateId: row.candidateId, candidateName: row.candidateName, ...zero() };
      perCandidate.set(row.candidateId, candidate);
    }
    add(candidate, row);
  }
  const byName = BY_NAME.compare;
  return {
    totals,
    clients: [...perClient.values()].sort((a, b) => byName(a.clientName, b.clientName) || a.clientId - b.clientId),
    candidates: [...perCandidate.values()].sort((a, b) => byName(a.candidateName, b.candidateName) || a.candidateId - b.candidateId),
  };
}
