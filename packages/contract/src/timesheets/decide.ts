import { z } from 'zod';
import { minutesOf, normaliseTime } from '../bookings';
import type { BookingStatus, TimesheetDecision, TimesheetStatus } from '../domain';

/**
 * What a timesheet decision bills, decided once (spec §4 'Timesheets'). The server's write, the answers it sends
 * (list, history, detail, PDF) and the web's rows all take the hours from here, so the hours a school sees beside
 * a timesheet are the hours Approve stores and the invoice bills.
 *
 * - Approve accepts the educator's timesheet as submitted: the educator's changed times when they changed them, the
 *   booked ones otherwise; when the educator says the booking did not happen, approving agrees, and the booking is
 *   cancelled with no charge (as when the provider settles a 'did not happen' review).
 * - Modified and 'did not happen' from the school go to the provider for review; until it is settled, what the school
 *   asked for is what will be billed (or not).
 * - Once approved for invoice (or invoiced), the timesheet's own hours are the billed hours.
 *
 * Everything here works on a plain facts object: no database, no clock.
 */

/** Hours as a timesheet holds them: 'HH:mm' local at the location, and the unpaid break in minutes. */
export interface TimesheetHours {
  startTime: string;
  endTime: string;
  breakMinutes: number;
}

/** A change to a timesheet, by the educator or the school: other hours, or that the booking did not happen. */
export type TimesheetChange = ({ didNotHappen: false } & TimesheetHours) | { didNotHappen: true; reason: string | null };

/** The facts every rule below reads. */
export interface TimesheetFacts {
  status: TimesheetStatus;
  bookingStatus: BookingStatus;
  /** The timesheet's own hours: as booked until a decision changes them, the approved hours afterwards. */
  recorded: TimesheetHours;
  /** What the educator changed before the school saw it; null when nothing. */
  educator: TimesheetChange | null;
  /** What the school submitted with 'modified' or 'did not happen'; null otherwise. */
  school: TimesheetChange | null;
  /** The school's decision, when there was one (it tells an approval of a 'did not happen' timesheet apart). */
  decision?: TimesheetDecision | null | undefined;
}

/** Minutes worked: end minus start minus the break, never below zero. */
export function minutesWorked(hours: TimesheetHours): number {
  return Math.max(0, minutesOf(hours.endTime) - minutesOf(hours.startTime) - hours.breakMinutes);
}

/**
 * Where billed hours come from: `booked` (the booking's hours, nobody changed them), `educator` (the educator's
 * changed hours), `school` (the school's modified hours, pending the provider's review), `approved` (decided: the
 * timesheet's own hours).
 */
export const BILLING_BASES = ['booked', 'educator', 'school', 'approved'] as const;
export type BillingBasis = (typeof BILLING_BASES)[number];

/** What a timesheet bills: hours, or nothing because the booking did not happen. */
export type Billing =
  | {
      kind: 'hours';
      basis: BillingBasis;
      /** True once decided (approved for invoice or invoiced); false while it still depends on a decision. */
      final: boolean;
      startTime: string;
      endTime: string;
      breakMinutes: number;
      minutes: number;
    }
  | {
      kind: 'no_charge';
      /** Who said it did not happen: the educator (Approve agrees), the school (pending review), or settled. */
      basis: 'educator' | 'school' | 'settled';
      final: boolean;
    };

export const BillingSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('hours'),
      basis: z.enum(BILLING_BASES).describe("'booked', 'educator' (changed by the educator), 'school' (pending review) or 'approved'"),
      final: z.boolean().describe('True once approved for invoice or invoiced'),
      startTime: z.string().describe("'HH:mm' local"),
      endTime: z.string().describe("'HH:mm' local"),
      breakMinutes: z.number().int(),
      minutes: z.number().int().describe('End minus start minus break'),
    }),
    z.object({
      kind: z.literal('no_charge'),
      basis: z.enum(['educator', 'school', 'settled']).describe('Who said the booking did not happen'),
      final: z.boolean(),
    }),
  ])
  .describe(
    'What the timesheet bills: while pending approval, what Approve would bill (the educator’s hours as submitted, or no charge when the educator says it did not happen); while pending review, what the school asked for; once approved, the approved hours',
  )
  .meta({ id: 'TimesheetBilling' });

const hoursBilling = (hours: TimesheetHours, basis: BillingBasis, final: boolean): Billing => {
  const normal = { startTime: normaliseTime(hours.startTime), endTime: normaliseTime(hours.endTime), breakMinutes: hours.breakMinutes };
  return { kind: 'hours', basis, final, ...normal, minutes: minutesWorked(normal) };
};

/** What Approve bills for a timesheet pending approval: the educator's timesheet as submitted. */
export function approvalBilling(facts: Pick<TimesheetFacts, 'recorded' | 'educator'>): Billing {
  const change = facts.educator;
  if (change?.didNotHappen) return { kind: 'no_charge', basis: 'educator', final: false };
  if (change) return hoursBilling(change, 'educator', false);
  return hoursBilling(facts.recorded, 'booked', false);
}

/** What a timesheet bills in its present state (see the module's comment). */
export function billingOf(facts: TimesheetFacts): Billing {
  if (facts.bookingStatus === 'cancelled') return { kind: 'no_charge', basis: 'settled', final: true };
  switch (facts.status) {
    case 'pending_approval':
      return approvalBilling(facts);
    case 'pending_review': {
      const asked = facts.school;
      if (asked?.didNotHappen) return { kind: 'no_charge', basis: 'school', final: false };
      return asked ? hoursBilling(asked, 'school', false) : hoursBilling(facts.recorded, 'booked', false);
    }
    case 'approved_for_invoice':
    case 'invoiced':
      // Approving what the educator says did not happen agrees that it did not: nothing to bill. (Today that approval
      // cancels the booking at once; a timesheet approved so before that rule is billed nothing by the same reading.)
      if (facts.decision === 'approved' && facts.educator?.didNotHappen) return { kind: 'no_charge', basis: 'educator', final: true };
      return hoursBilling(facts.recorded, 'approved', true);
  }
}

/**
 * What a decision does to one timesheet pending approval, for the server to write:
 * - `approve`: approved for invoice with these hours;
 * - `cancel_no_charge`: the educator said it did not happen and the school agreed: the booking is cancelled, no charge;
 * - `review`: pending review at the provider, with what the school submitted.
 */
export type DecisionEffect =
  { kind: 'approve'; hours: TimesheetHours } | { kind: 'cancel_no_charge' } | { kind: 'review'; school: TimesheetChange };

/** The school's input for one timesheet of a submit (already valid by the body's rules). */
export interface DecisionInput {
  startTimeLocal?: string | undefined;
  endTimeLocal?: string | undefined;
  breakMinutes?: number | undefined;
  reason?: string | undefined;
}

export function decisionEffect(
  decision: TimesheetDecision,
  facts: Pick<TimesheetFacts, 'recorded' | 'educator'>,
  input: DecisionInput,
): DecisionEffect {
  switch (decision) {
    case 'approved': {
      const billing = approvalBilling(facts);
      return billing.kind === 'no_charge'
        ? { kind: 'cancel_no_charge' }
        : { kind: 'approve', hours: { startTime: billing.startTime, endTime: billing.endTime, breakMinutes: billing.breakMinutes } };
    }
    case 'modified':
      return {
        kind: 'review',
        school: {
          didNotHappen: false,
          startTime: normaliseTime(input.startTimeLocal ?? facts.recorded.startTime),
          endTime: normaliseTime(input.endTimeLocal ?? facts.recorded.endTime),
          breakMinutes: input.breakMinutes ?? 0,
        },
      };
    case 'did_not_happen':
      return { kind: 'review', school: { didNotHappen: true, reason: input.reason?.trim() ?? null } };
  }
}

/**
 * The hours the provider settles a review with when it agrees to bill: the hours it gives, else what the school
 * asked, else the educator's change, else as recorded (each field on its own, so a given end keeps the asked start).
 */
export function settledHours(
  facts: Pick<TimesheetFacts, 'recorded' | 'educator' | 'school'>,
  given: Partial<TimesheetHours>,
): TimesheetHours {
  const agreed = [facts.school, facts.educator].find((c): c is Extract<TimesheetChange, { didNotHappen: false }> => !!c && !c.didNotHappen);
  const from = agreed ?? facts.recorded;
  return {
    startTime: given.startTime ?? from.startTime,
    endTime: given.endTime ?? from.endTime,
    breakMinutes: given.breakMinutes ?? from.breakMinutes,
  };
}

// Who may decide what: the pipeline of named rules over each timesheet of a submit.

/** Spec §4: why a timesheet of a submit was not done. */
export const TIMESHEET_ISSUE_REASONS = [
  'already_actioned',
  'already_approved_for_invoice',
  'cancelled',
  'already_invoiced',
  'unknown',
] as const;
export type TimesheetIssueReason = (typeof TIMESHEET_ISSUE_REASONS)[number];

/** What the pipeline knows of one timesheet named in a submit. */
export interface DecideFacts {
  /** A timesheet exists for the booking and the caller may view timesheets at its location. */
  visible: boolean;
  /** The caller may modify timesheets at its location. */
  mayDecide: boolean;
  status: TimesheetStatus | null;
  decision: TimesheetDecision | null;
  bookingStatus: BookingStatus | null;
}

/** A rule's verdict: the timesheet is left out with a spec §4 reason, or the whole submit is refused. */
export type DecideFailure = { kind: 'issue'; reason: TimesheetIssueReason } | { kind: 'forbidden' };

export interface DecideRule {
  name: string;
  check: (facts: DecideFacts) => DecideFailure | null;
}

/**
 * Why a timesheet that is no longer pending approval was not decided. A school's own decision is `already_actioned`
 * (also for the second of two contacts approving at once); approved for invoice by the provider after a review is
 * `already_approved_for_invoice`.
 */
export function issueReasonOf(facts: Pick<DecideFacts, 'status' | 'decision' | 'bookingStatus'>): TimesheetIssueReason {
  if (facts.bookingStatus === 'cancelled') return 'cancelled';
  switch (facts.status) {
    case 'invoiced':
      return 'already_invoiced';
    case 'approved_for_invoice':
      return facts.decision === 'approved' ? 'already_actioned' : 'already_approved_for_invoice';
    case 'pending_review':
    case 'pending_approval':
      return 'already_actioned';
    default:
      return 'unknown';
  }
}

/** The rules, in order; the first that fails decides. Not visible comes first so a refusal never tells what exists. */
export const DECIDE_RULES: readonly DecideRule[] = [
  { name: 'timesheetVisible', check: (f) => (f.visible ? null : { kind: 'issue', reason: 'unknown' }) },
  { name: 'mayDecideHere', check: (f) => (f.mayDecide ? null : { kind: 'forbidden' }) },
  { name: 'bookingNotCancelled', check: (f) => (f.bookingStatus === 'cancelled' ? { kind: 'issue', reason: 'cancelled' } : null) },
  {
    name: 'stillPendingApproval',
    check: (f) => (f.status === 'pending_approval' ? null : { kind: 'issue', reason: issueReasonOf(f) }),
  },
];

/** Runs the rules over one timesheet's facts: null when it may be decided now, else the first failure and its rule. */
export function judgeDecision(facts: DecideFacts): (DecideFailure & { rule: string }) | null {
  for (const rule of DECIDE_RULES) {
    const failure = rule.check(facts);
    if (failure) return { ...failure, rule: rule.name };
  }
  return null;
}
