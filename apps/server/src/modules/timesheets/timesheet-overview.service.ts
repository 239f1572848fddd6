import type { Scope } from '@portal/contract/permissions';
import type { TimesheetCounts, TimesheetsOverviewResponse } from '@portal/contract/dashboard';
import type { Db } from '@portal/db/client';
import { pendingApprovalWeeks, timesheetCountsByClientAndCandidate } from './timesheet-overview.repository';

/** The order of names (the same as `localeCompare(b, 'en')`, without building a collator per comparison). */
const BY_NAME = new Intl.Collator('en');

/**
 * Spec §3 'Timesheet summary': the (client, educator) counts of one query over the caller's resolved scope, summed
 * three ways, and per client the weeks with timesheets pending approval (TimesheetsService.overviewAnswer).
 */
export class TimesheetOverviewService {
  constructor(private readonly db: Db) {}

  async overview(scope: Scope): Promise<TimesheetsOverviewResponse> {
    const [rows, weeks] = await Promise.all([timesheetCountsByClientAndCandidate(this.db, scope), pendingApprovalWeeks(this.db, scope)]);
    return summed(rows, weeks);
  }
}

/** The rows summed three ways, and the pending weeks per client, each list in name order. */
function summed(
  rows: Awaited<ReturnType<typeof timesheetCountsByClientAndCandidate>>,
  weeks: Awaited<ReturnType<typeof pendingApprovalWeeks>>,
): TimesheetsOverviewResponse {
  const zero = (): TimesheetCounts => ({ approved: 0, pendingReview: 0, pendingApproval: 0 });
  const add = (to: TimesheetCounts, row: TimesheetCounts) => {
    to.approved += row.approved;
    to.pendingReview += row.pendingReview;
    to.pendingApproval += row.pendingApproval;
  };
  const totals = zero();
  type ClientRow = TimesheetsOverviewResponse['clients'][number];
  const perClient = new Map<number, ClientRow>();
  const perCandidate = new Map<number, { candidateId: number; candidateName: string } & TimesheetCounts>();
  for (const row of rows) {
    add(totals, row);
    let client = perClient.get(row.clientId);
    if (!client)
      perClient.set(row.clientId, (client = { clientId: row.clientId, clientName: row.clientName, ...zero(), pendingApprovalWeeks: [] }));
    add(client, row);
    let candidate = perCandidate.get(row.candidateId);
    if (!candidate) {
      candidate = { candidateId: row.candidateId, candidateName: row.candidateName, ...zero() };
      perCandidate.set(row.candidateId, candidate);
    }
    add(candidate, row);
  }
  for (const week of weeks)
    perClient.get(week.clientId)?.pendingApprovalWeeks.push({ weekOf: week.weekOf, pendingApproval: week.pendingApproval });
  const byName = BY_NAME.compare;
  return {
    totals,
    clients: [...perClient.values()].sort((a, b) => byName(a.clientName, b.clientName) || a.clientId - b.clientId),
    candidates: [...perCandidate.values()].sort((a, b) => byName(a.candidateName, b.candidateName) || a.candidateId - b.candidateId),
  };
}
