import { canAtLocation, type PermissionTree } from '@portal/contract/permissions';
import { normaliseTime, minutesOf } from '@portal/contract/bookings';
import type { TimesheetStatus } from '@portal/contract/domain';
import type {
  CandidateBookingModifications,
  TimesheetBooking,
  TimesheetIssueReason,
  TimesheetSubmitBody,
  TimesheetSubmitResponse,
  TimesheetsResponse,
} from '@portal/contract/timesheets';
import type { CandidateModification } from './timesheets.repository';
import type { Db } from '@portal/db/client';
import { AppError } from '../../lib/app-error';
import type { IdempotencyScope, IdempotentAnswer } from '../../lib/idempotency';
import { forbidden, viewScope, visibleClientIds } from '../data-scope/data-scope';
import type { Versioned, VersionedAnswers, VersionedPage } from '../../lib/versioned-answers';
import type { TimesheetsOverviewResponse } from '@portal/contract/dashboard';
import { timesheetsOverview } from './timesheet-overview.service';
import {
  countByStatus,
  countTimesheets,
  decidePending,
  submitFacts,
  timesheetOfBooking,
  timesheetPage,
  type DecisionItem,
  type TimesheetRow,
} from './timesheets.repository';
import { timesheetFileName, timesheetPdf } from './timesheet-pdf';
import { recordTimesheetEvents } from '../live-events/live-events.repository';

export const TIMESHEET_NOT_FOUND = 'This timesheet was not found.';
export const DECIDE_FORBIDDEN = "You don't have permission to submit timesheets at this school.";

const hhmm = (time: string) => time.slice(0, 5);

/** A stored modification ('HH:mm' times) as the API shows it (local 'YYYY-MM-DDTHH:mm' on the booking's date). */
function modificationOut(dateLocal: string, m: CandidateModification | null): CandidateBookingModifications | null {
  if (!m) return null;
  if ('didNotHappen' in m) return { didNotHappen: true, startTimeLocal: null, endTimeLocal: null, breakMinutes: null, reason: m.reason };
  return {
    didNotHappen: false,
    startTimeLocal: `${dateLocal}T${hhmm(m.startTimeLocal)}`,
    endTimeLocal: `${dateLocal}T${hhmm(m.endTimeLocal)}`,
    breakMinutes: m.breakMinutes,
    reason: null,
  };
}

export function toTimesheetBooking(r: TimesheetRow): TimesheetBooking {
  const start = hhmm(r.startTimeLocal);
  const end = hhmm(r.endTimeLocal);
  return {
    bookingId: r.bookingId,
    locationId: r.locationId,
    locationName: r.locationName,
    locationTimeZone: r.timeZone,
    clientId: r.clientId,
    clientName: r.clientName,
    clientGroupId: r.clientGroupId,
    payOptionType: r.payOptionType,
    payOptionTypes: r.payOptionType ? [r.payOptionType] : [],
    unitType: r.unitType,
    startTimeLocal: `${r.dateLocal}T${start}`,
    endTimeLocal: `${r.dateLocal}T${end}`,
    startTimeUTC: r.startUtc.toISOString(),
    endTimeUTC: r.endUtc.toISOString(),
    candidateId: r.candidateId,
    candidateFirstName: r.candidateFirstName,
    candidateLastName: r.candidateLastName,
    candidatePreferredName: r.candidatePreferredName,
    candidateFullName: `${r.candidatePreferredName ?? r.candidateFirstName} ${r.candidateLastName}`,
    breakMinutes: r.breakMinutes,
    isApprovedByCandidate: r.isApprovedByCandidate,
    breaks: r.breaks,
    timesheetMethod: r.timesheetMethod,
    bookingStatus: r.bookingStatus,
    candidateBookingModifications: modificationOut(r.dateLocal, r.candidateModification),
    status: r.status,
    dateLocal: r.dateLocal,
    workedMinutes: Math.max(0, minutesOf(end) - minutesOf(start) - r.breakMinutes),
    decision: r.decision,
    decidedByName: r.decidedByFirstName === null ? null : `${r.decidedByFirstName} ${r.decidedByLastName ?? ''}`.trim(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    clientModification: modificationOut(r.dateLocal, r.clientModification),
    invoiceNo: r.invoiceNo,
  };
}

/**
 * Why a timesheet the caller can see was not decided (spec §4 'Reasons for issues'). A school's own approval is
 * `already_actioned` (also for the second of two contacts approving at once); approved for invoice by the provider
 * (after review) is `already_approved_for_invoice`.
 */
function issueReason(fact: { bookingStatus: string; status: TimesheetStatus | null; decision: string | null }): TimesheetIssueReason {
  if (fact.bookingStatus === 'cancelled') return 'cancelled';
  switch (fact.status) {
    case 'invoiced':
      return 'already_invoiced';
    case 'approved_for_invoice':
      return fact.decision === 'approved' ? 'already_actioned' : 'already_approved_for_invoice';
    case 'pending_review':
    case 'pending_approval':
      return 'already_actioned';
    default:
      return 'unknown';
  }
}

const NOT_INVOICED: TimesheetStatus[] = ['pending_review', 'approved_for_invoice', 'invoiced'];

export class TimesheetsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly answers: VersionedAnswers,
  ) {}

  /**
   * GET /v1/timesheets and /v1/timesheets/candidate: counts and a page of those pending approval, as a versioned
   * answer (docs/decisions/009). It depends on the data of the visible clients and on the caller's scope and query
   * only (nothing in it follows the clock).
   */
  async listAnswer(
    tree: PermissionTree,
    query: { clientIds?: number[] | undefined; candidateId?: number | undefined; skip: number; take: number },
  ): Promise<VersionedPage<TimesheetsResponse>> {
    const scope = viewScope(tree, 'timesheets', query.clientIds);
    const { candidateId, skip, take } = query;
    const load = async () => {
      const [counts, rows] = await Promise.all([
        countByStatus(this.db, scope, candidateId),
        timesheetPage(this.db, { scope, statuses: ['pending_approval'], candidateId }, { skip, take, oldestFirst: true }),
      ]);
      return {
        answer: {
          approvedCount: counts.approved,
          pendingReviewCount: counts.pendingReview,
          pendingApprovalList: rows.map(toTimesheetBooking),
        },
        pagination: { total: counts.pendingApproval, skip, take },
      };
    };
    return this.answers.versioned(['timesheets', scope, candidateId ?? null, skip, take], visibleClientIds(tree, query.clientIds), load);
  }

  /** GET /v1/timesheets/list: browse by status; versioned as `listAnswer`. */
  async browseAnswer(
    tree: PermissionTree,
    query: {
      clientIds?: number[] | undefined;
      status?: TimesheetStatus[] | undefined;
      candidateId?: number | undefined;
      skip: number;
      take: number;
      sort: 'date' | '-date';
    },
  ): Promise<VersionedPage<TimesheetBooking[]>> {
    const scope = viewScope(tree, 'timesheets', query.clientIds);
    const filter = { scope, statuses: query.status ?? NOT_INVOICED, candidateId: query.candidateId };
    const { skip, take, sort } = query;
    const load = async () => {
      const [total, rows] = await Promise.all([
        countTimesheets(this.db, filter),
        timesheetPage(this.db, filter, { skip, take, oldestFirst: sort === 'date' }),
      ]);
      return { answer: rows.map(toTimesheetBooking), pagination: { total, skip, take } };
    };
    return this.answers.versioned(['timesheets-list', filter, skip, take, sort], visibleClientIds(tree, query.clientIds), load);
  }

  /**
   * GET /v1/timesheets/overview (spec §3 'Timesheet summary') as a versioned answer: it reads the timesheets of the
   * visible clients and the names of their clients and educators, and no clock.
   */
  async overviewAnswer(tree: PermissionTree, clientIds: number[] | undefined): Promise<Versioned<TimesheetsOverviewResponse>> {
    const scope = viewScope(tree, 'timesheets', clientIds);
    return this.answers.versioned(['timesheets-overview', scope], visibleClientIds(tree, clientIds), () =>
      timesheetsOverview(this.db, scope),
    );
  }

  /**
   * POST /v1/timesheets/submit. Each named booking is judged: not visible (no timesheets view at its location, or no
   * such booking) → `unknown`; visible without timesheets modify → 403 for the whole submit, nothing written. The
   * rest are decided in one statement inside the transaction that stores the Idempotency-Key's answer.
   */
  async submit(
    tree: PermissionTree,
    contactId: number,
    body: TimesheetSubmitBody,
    idempotency: IdempotencyScope,
  ): Promise<IdempotentAnswer<TimesheetSubmitResponse>> {
    const ids = body.timesheets.map((t) => t.bookingId);
    const facts = new Map((await submitFacts(this.db, ids)).map((f) => [f.bookingId, f]));
    const issues: TimesheetSubmitResponse['issues'] = [];
    const candidates: DecisionItem[] = [];
    for (const item of body.timesheets) {
      const fact = facts.get(item.bookingId);
      if (!fact || !canAtLocation(tree, 'timesheets', 'view', fact.locationId)) {
        issues.push({ bookingId: item.bookingId, reason: 'unknown' });
        continue;
      }
      if (!canAtLocation(tree, 'timesheets', 'modify', fact.locationId)) throw forbidden(DECIDE_FORBIDDEN);
      if (fact.status !== 'pending_approval' || fact.bookingStatus === 'cancelled') {
        issues.push({ bookingId: item.bookingId, reason: issueReason(fact) });
        continue;
      }
      candidates.push({ bookingId: item.bookingId, clientModification: clientModificationOf(body, item) });
    }
    const status: TimesheetStatus = body.decision === 'approved' ? 'approved_for_invoice' : 'pending_review';
    const at = this.now();
    return this.db.transaction(async (tx) => {
      const decided = await decidePending(tx, { decision: body.decision, status, contactId, at }, candidates);
      const done = new Set(decided);
      await recordTimesheetEvents(tx, decided, 'timesheet.decided');
      const lost = candidates.filter((c) => !done.has(c.bookingId)).map((c) => c.bookingId);
      if (lost.length > 0) {
        // Decided by someone else between our read and our write: read again (inside the transaction, after their commit).
        const fresh = new Map((await submitFacts(tx, lost)).map((f) => [f.bookingId, f]));
        for (const id of lost) {
          const f = fresh.get(id);
          issues.push({ bookingId: id, reason: f ? issueReason(f) : 'unknown' });
        }
      }
      const order = new Map(ids.map((id, i) => [id, i]));
      issues.sort((a, b) => order.get(a.bookingId)! - order.get(b.bookingId)!);
      const answer = { status: issues.length === 0 ? 200 : 207, body: { submitted: ids.filter((id) => done.has(id)), issues } };
      await idempotency.answerIn(tx, answer);
      return answer;
    });
  }

  /** GET /v1/timesheets/download/{bookingId}: 404 unless the caller may view timesheets at its location. */
  async download(tree: PermissionTree, bookingId: number): Promise<{ pdf: Buffer; fileName: string }> {
    const row = await timesheetOfBooking(this.db, bookingId);
    if (!row || !canAtLocation(tree, 'timesheets', 'view', row.locationId))
      throw new AppError('not-found', { detail: TIMESHEET_NOT_FOUND });
    const timesheet = toTimesheetBooking(row);
    return { pdf: await timesheetPdf(timesheet, row.clientLocale), fileName: timesheetFileName(timesheet) };
  }
}

function clientModificationOf(body: TimesheetSubmitBody, item: TimesheetSubmitBody['timesheets'][number]): CandidateModification | null {
  if (body.decision === 'modified') {
    return {
      startTimeLocal: normaliseTime(item.startTimeLocal!),
      endTimeLocal: normaliseTime(item.endTimeLocal!),
      breakMinutes: item.breakMinutes ?? 0,
    };
  }
  if (body.decision === 'did_not_happen') return { didNotHappen: true, reason: item.reason!.trim() };
  return null;
}
