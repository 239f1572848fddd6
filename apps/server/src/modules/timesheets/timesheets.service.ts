import { canAtLocation, type PermissionTree } from '@portal/contract/permissions';
import {
  billingOf,
  decisionEffect,
  judgeDecision,
  minutesWorked,
  type DecideFacts,
  type DecisionEffect,
  type TimesheetChange,
  type TimesheetFacts,
} from '@portal/contract/timesheets/decide';
import type { TimesheetStatus } from '@portal/contract/domain';
import type {
  CandidateBookingModifications,
  TimesheetBooking,
  TimesheetSubmitBody,
  TimesheetSubmitResponse,
  TimesheetsResponse,
} from '@portal/contract/timesheets';
import type { CandidateModification } from './timesheets.repository';
import type { Db } from '@portal/db/client';
import { AppError } from '../../lib/app-error';
import type { Tx, Written } from '../../lib/idempotency';
import { forbidden, viewScope, visibleClientIds } from '../data-scope/data-scope';
import type { Versioned, VersionedAnswers, VersionedPage } from '../../lib/versioned-answers';
import type { TimesheetsOverviewResponse } from '@portal/contract/dashboard';
import { TimesheetOverviewService } from './timesheet-overview.service';
import {
  approvePending,
  cancelPendingWithoutCharge,
  countByStatus,
  countTimesheets,
  sendPendingToReview,
  submitFacts,
  timesheetOfBooking,
  timesheetPage,
  type TimesheetRow,
} from './timesheets.repository';
import { timesheetFileName, timesheetPdf } from './timesheet-pdf';
import * as liveEvents from '../live-events/live-events.port';

export const TIMESHEET_NOT_FOUND = 'This timesheet was not found.';
export const DECIDE_FORBIDDEN = "You don't have permission to submit timesheets at this school.";
/** The cancel reason of a booking whose 'did not happen' timesheet the school approved. */
export const NO_CHARGE_REASON = 'Did not happen (timesheet): cancelled with no charge';

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

/** A stored change ('HH:mm' times) as the decide rules read it. */
export function changeOf(m: CandidateModification | null): TimesheetChange | null {
  if (!m) return null;
  if ('didNotHappen' in m) return { didNotHappen: true, reason: m.reason };
  return { didNotHappen: false, startTime: hhmm(m.startTimeLocal), endTime: hhmm(m.endTimeLocal), breakMinutes: m.breakMinutes };
}

/** The facts the contract's decide rules read, from a stored timesheet. */
export function factsOf(
  r: Pick<
    TimesheetRow,
    | 'status'
    | 'bookingStatus'
    | 'startTimeLocal'
    | 'endTimeLocal'
    | 'breakMinutes'
    | 'candidateModification'
    | 'clientModification'
    | 'decision'
  >,
): TimesheetFacts {
  return {
    status: r.status,
    bookingStatus: r.bookingStatus,
    recorded: { startTime: hhmm(r.startTimeLocal), endTime: hhmm(r.endTimeLocal), breakMinutes: r.breakMinutes },
    educator: changeOf(r.candidateModification),
    school: changeOf(r.clientModification),
    decision: r.decision,
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
    workedMinutes: minutesWorked({ startTime: start, endTime: end, breakMinutes: r.breakMinutes }),
    billing: billingOf(factsOf(r)),
    decision: r.decision,
    decidedByName: r.decidedByFirstName === null ? null : `${r.decidedByFirstName} ${r.decidedByLastName ?? ''}`.trim(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    clientModification: modificationOut(r.dateLocal, r.clientModification),
    invoiceNo: r.invoiceNo,
  };
}

const NOT_INVOICED: TimesheetStatus[] = ['pending_review', 'approved_for_invoice', 'invoiced'];

export class TimesheetsService {
  private readonly overviews: TimesheetOverviewService;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly answers: VersionedAnswers,
  ) {
    this.overviews = new TimesheetOverviewService(db);
  }

  /**
   * GET /v1/timesheets and /v1/timesheets/candidate: counts and a page of those pending approval, as a versioned
   * answer (docs/decisions/009). It depends on the data of the visible clients and on the caller's scope and query
   * only (nothing in it follows the clock).
   */
  async listAnswer(
    tree: PermissionTree,
    query: { clientIds?: number[] | undefined; candidateId?: number | undefined; weekOf?: string | undefined; skip: number; take: number },
  ): Promise<VersionedPage<TimesheetsResponse>> {
    const scope = viewScope(tree, 'timesheets', query.clientIds);
    const { candidateId, weekOf, skip, take } = query;
    const load = async () => {
      const [counts, rows] = await Promise.all([
        countByStatus(this.db, scope, candidateId, weekOf),
        timesheetPage(this.db, { scope, statuses: ['pending_approval'], candidateId, weekOf }, { skip, take, oldestFirst: true }),
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
    return this.answers.versioned(
      ['timesheets', scope, candidateId ?? null, weekOf ?? null, skip, take],
      visibleClientIds(tree, query.clientIds),
      load,
    );
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
    return this.answers.versioned(['timesheets-overview', scope], visibleClientIds(tree, clientIds), () => this.overviews.overview(scope));
  }

  /**
   * POST /v1/timesheets/submit. Each named booking goes through the contract's decide rules (DECIDE_RULES): not
   * visible → `unknown`; visible without timesheets modify → 403 for the whole submit, nothing written; no longer
   * pending approval → its spec §4 reason. What the decision does to each of the rest (approve with which hours,
   * cancel with no charge, send to review) is the contract's `decisionEffect`; the writes happen in the write's
   * transaction, which stores the Idempotency-Key's answer.
   */
  async submit(tx: Tx, tree: PermissionTree, contactId: number, body: TimesheetSubmitBody): Promise<Written<TimesheetSubmitResponse>> {
    const ids = body.timesheets.map((t) => t.bookingId);
    const facts = new Map((await submitFacts(tx, ids)).map((f) => [f.bookingId, f]));
    const issues: TimesheetSubmitResponse['issues'] = [];
    const effects: { bookingId: number; effect: DecisionEffect }[] = [];
    for (const item of body.timesheets) {
      const fact = facts.get(item.bookingId);
      const failure = judgeDecision(decideFactsOf(tree, fact));
      if (failure?.kind === 'forbidden') throw forbidden(DECIDE_FORBIDDEN);
      if (failure) {
        issues.push({ bookingId: item.bookingId, reason: failure.reason });
        continue;
      }
      effects.push({ bookingId: item.bookingId, effect: decisionEffect(body.decision, factsOf(storedOf(fact!)), item) });
    }
    const decider = { decision: body.decision, contactId, at: this.now() };
    const approve = effects.flatMap(({ bookingId, effect }) => (effect.kind === 'approve' ? [{ bookingId, ...effect.hours }] : []));
    const review = effects.flatMap(({ bookingId, effect }) =>
      effect.kind === 'review' ? [{ bookingId, clientModification: storedChange(effect.school) }] : [],
    );
    const noCharge = effects.filter((e) => e.effect.kind === 'cancel_no_charge').map((e) => e.bookingId);
    const approved = await approvePending(tx, decider, approve);
    const reviewed = await sendPendingToReview(tx, decider, review);
    const cancelled = await cancelPendingWithoutCharge(tx, decider, noCharge, NO_CHARGE_REASON);
    await liveEvents.record(tx, { kind: 'timesheet.decided', bookingIds: [...approved, ...reviewed] });
    await liveEvents.record(tx, { kind: 'booking.cancelled', bookingIds: cancelled });
    const done = new Set([...approved, ...reviewed, ...cancelled]);
    const lost = effects.map((e) => e.bookingId).filter((id) => !done.has(id));
    if (lost.length > 0) {
      // Decided by someone else between our read and our write: read again (inside the transaction, after their commit).
      const fresh = new Map((await submitFacts(tx, lost)).map((f) => [f.bookingId, f]));
      for (const id of lost) {
        const failure = judgeDecision(decideFactsOf(tree, fresh.get(id)));
        issues.push({ bookingId: id, reason: failure?.kind === 'issue' ? failure.reason : 'already_actioned' });
      }
    }
    const order = new Map(ids.map((id, i) => [id, i]));
    issues.sort((a, b) => order.get(a.bookingId)! - order.get(b.bookingId)!);
    const answer = {
      status: issues.length === 0 ? 200 : 207,
      body: { submitted: ids.filter((id) => done.has(id)), noCharge: ids.filter((id) => cancelled.includes(id)), issues },
    };
    return answer;
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

type SubmitFact = Awaited<ReturnType<typeof submitFacts>>[number];

/** The decide pipeline's facts for one booking named in a submit (undefined: no such booking). */
function decideFactsOf(tree: PermissionTree, fact: SubmitFact | undefined): DecideFacts {
  return {
    visible: fact !== undefined && canAtLocation(tree, 'timesheets', 'view', fact.locationId),
    mayDecide: fact !== undefined && canAtLocation(tree, 'timesheets', 'modify', fact.locationId),
    status: fact?.status ?? null,
    decision: fact?.decision ?? null,
    bookingStatus: fact?.bookingStatus ?? null,
  };
}

/** A submit's fact of a booking that has a timesheet, as the stored row factsOf reads. */
function storedOf(fact: SubmitFact) {
  return {
    status: fact.status!,
    bookingStatus: fact.bookingStatus,
    startTimeLocal: fact.startTimeLocal!,
    endTimeLocal: fact.endTimeLocal!,
    breakMinutes: fact.breakMinutes!,
    candidateModification: fact.candidateModification,
    clientModification: fact.clientModification,
    decision: fact.decision,
  };
}

/** The contract's change as the timesheet stores it. */
function storedChange(change: TimesheetChange): CandidateModification {
  return change.didNotHappen
    ? { didNotHappen: true, reason: change.reason ?? '' }
    : { startTimeLocal: change.startTime, endTimeLocal: change.endTime, breakMinutes: change.breakMinutes };
}
