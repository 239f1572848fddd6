import { z } from 'zod';
import { minutesOf, Paging, TimeOfDay } from './bookings';
import { BOOKING_STATUSES, TIMESHEET_DECISIONS, TIMESHEET_STATUSES } from './domain';
import { FORM_MESSAGES } from './messages';
import { addDays, ClientIds, Id, LocalDate } from './query-params';
import { weekdayOf } from './school-days';
import { BillingSchema, TIMESHEET_ISSUE_REASONS } from './timesheets/decide';

/**
 * Timesheets (spec §3 'Timesheet booking', §4 'Timesheets'). A completed booking gets one timesheet:
 *
 * - `pending_approval`: the educator submitted the hours; the school decides (possibly after the educator changed
 *   the times or said the booking did not happen: `candidateBookingModifications`, `isApprovedByCandidate`).
 * - The school submits one decision type at a time for its selection: `approved` → `approved_for_invoice` with the
 *   educator's timesheet as submitted (or, when the educator says it did not happen, the booking cancelled with no
 *   charge); `modified` (new start/end/break per timesheet) or `did_not_happen` (with a reason) → `pending_review`.
 * - `pending_review`: the provider settles it with the educator → `approved_for_invoice` with the agreed hours, or
 *   the booking is cancelled with no charge.
 * - `approved_for_invoice` → `invoiced` when the provider's invoicing run puts it on an invoice.
 *
 * What each state bills is decided in `timesheets/decide.ts`. Ids in paths and bodies are booking ids (one timesheet
 * per booking).
 */

/** At most this many timesheets in one submit. */
export const MAX_TIMESHEETS_PER_SUBMIT = 100;
/** Longest reason for a 'did not happen' decision. */
export const MAX_TIMESHEET_REASON_LENGTH = 500;
/** Longest break a timesheet may carry (minutes). */
export const MAX_BREAK_MINUTES = 600;

/** Texts of the timesheet rules that spec §5 does not word itself. */
export const TIMESHEET_MESSAGES = {
  breakInsideShift: 'The break must fit inside the shift',
  onlyForModified: 'Only a modified timesheet carries times',
  onlyForDidNotHappen: 'Only a timesheet that did not happen carries a reason',
  duplicate: 'This timesheet is listed more than once',
} as const;

// Reading

/** A break as the educator reported it ('HH:mm' local). */
export const TimesheetBreak = z
  .object({ type: z.string(), startTime: z.string().describe("'HH:mm' local"), endTime: z.string().describe("'HH:mm' local") })
  .meta({ id: 'TimesheetBreak' });
export type TimesheetBreak = z.infer<typeof TimesheetBreak>;

/**
 * What the educator changed before the school saw it: other times, or that the booking did not happen. One shape
 * for both: `didNotHappen` tells which; the other fields are null when they do not apply.
 */
export const CandidateBookingModifications = z
  .object({
    didNotHappen: z.boolean().describe('The educator says the booking did not happen'),
    startTimeLocal: z.string().nullable().describe("The educator's start, local 'YYYY-MM-DDTHH:mm' (null when didNotHappen)"),
    endTimeLocal: z.string().nullable().describe("The educator's end, local 'YYYY-MM-DDTHH:mm' (null when didNotHappen)"),
    breakMinutes: z.number().int().nullable().describe("The educator's break in minutes (null when didNotHappen)"),
    reason: z.string().nullable().describe("The educator's reason (only when didNotHappen)"),
  })
  .meta({ id: 'CandidateBookingModifications' });
export type CandidateBookingModifications = z.infer<typeof CandidateBookingModifications>;

/** What the school submitted for a timesheet it did not approve as reported (pending review until settled). */
export const ClientTimesheetModification = z
  .object({
    didNotHappen: z.boolean(),
    startTimeLocal: z.string().nullable().describe("Local 'YYYY-MM-DDTHH:mm' (null when didNotHappen)"),
    endTimeLocal: z.string().nullable().describe("Local 'YYYY-MM-DDTHH:mm' (null when didNotHappen)"),
    breakMinutes: z.number().int().nullable(),
    reason: z.string().nullable().describe('Only when didNotHappen'),
  })
  .meta({ id: 'ClientTimesheetModification' });
export type ClientTimesheetModification = z.infer<typeof ClientTimesheetModification>;

/** Spec §3 'Timesheet booking', every field, plus the timesheet's own state (status, decision, who and when). */
export const TimesheetBooking = z
  .object({
    bookingId: z.number().int(),
    locationId: z.number().int(),
    locationName: z.string(),
    locationTimeZone: z.string().describe('IANA time zone of the location'),
    clientId: z.number().int(),
    clientName: z.string(),
    clientGroupId: z.number().int().nullable(),
    payOptionType: z.string().nullable().describe("How the educator is paid for this booking, e.g. 'Hourly rate'"),
    payOptionTypes: z.array(z.string()).describe('Pay options of the classification'),
    unitType: z.string().nullable().describe("'hour' or 'day'"),
    startTimeLocal: z.string().describe("Start, local 'YYYY-MM-DDTHH:mm' at the location"),
    endTimeLocal: z.string().describe("End, local 'YYYY-MM-DDTHH:mm' at the location"),
    startTimeUTC: z.string().describe('Start, ISO 8601 UTC'),
    endTimeUTC: z.string().describe('End, ISO 8601 UTC'),
    candidateId: z.number().int(),
    candidateFirstName: z.string(),
    candidateLastName: z.string(),
    candidatePreferredName: z.string().nullable(),
    candidateFullName: z.string(),
    breakMinutes: z.number().int().default(0),
    isApprovedByCandidate: z
      .boolean()
      .default(true)
      .describe('False when the educator changed the times or said the booking did not happen'),
    breaks: z.array(TimesheetBreak),
    timesheetMethod: z.string().nullable().describe("How the educator submitted it: 'app', 'portal' or 'template'"),
    bookingStatus: z.enum(BOOKING_STATUSES).describe("The booking's status ('completed' unless cancelled after review)"),
    candidateBookingModifications: CandidateBookingModifications.nullable().describe('Null when the educator changed nothing'),
    // The timesheet's own state (beyond spec §3).
    status: z.enum(TIMESHEET_STATUSES).describe('State of the timesheet'),
    dateLocal: z.string().describe("Local date of the booking, 'YYYY-MM-DD'"),
    workedMinutes: z
      .number()
      .int()
      .describe("The timesheet's own hours: end minus start minus break, in minutes (see billing for what is billed)"),
    billing: BillingSchema,
    decision: z.enum(TIMESHEET_DECISIONS).nullable().describe("The school's decision, null while pending approval"),
    decidedByName: z.string().nullable().describe('Who decided (contact name)'),
    decidedAt: z.string().nullable().describe('When the school decided, ISO 8601 UTC'),
    clientModification: ClientTimesheetModification.nullable().describe("What the school submitted with 'modified' or 'did_not_happen'"),
    invoiceNo: z.string().nullable().describe('The invoice it is on, once invoiced'),
  })
  .meta({ id: 'TimesheetBooking' });
export type TimesheetBooking = z.infer<typeof TimesheetBooking>;

// GET /v1/timesheets  (x-pagination over pendingApprovalList)

/** The Monday that starts the week of a local date ('YYYY-MM-DD'): the weeks timesheets are filtered and counted by. */
export function weekOf(date: string): string {
  return addDays(date, 1 - weekdayOf(date));
}

export const WEEK_OF_MESSAGE = 'Must be the Monday that starts the week, YYYY-MM-DD';

/** `weekOf`: a week of bookings, named by its Monday in the school's own calendar (the booking's local date). */
export const WeekOf = LocalDate.refine((value) => weekdayOf(value) === 1, { message: WEEK_OF_MESSAGE }).describe(
  "Only the bookings of this week: its Monday, 'YYYY-MM-DD', in each school's own calendar (Monday to Sunday)",
);

export const TimesheetsQuery = z.strictObject({ clientIds: ClientIds, weekOf: WeekOf.optional(), ...Paging });
export type TimesheetsQuery = z.input<typeof TimesheetsQuery>;

/** Spec §3 'A timesheet list has approvedCount, pendingReviewCount, pendingApprovalList'. */
export const TimesheetsResponse = z
  .object({
    approvedCount: z.number().int().nonnegative().describe('Timesheets approved for invoice (not yet invoiced)'),
    pendingReviewCount: z.number().int().nonnegative().describe('Timesheets pending review at the provider'),
    pendingApprovalList: z
      .array(TimesheetBooking)
      .describe('The page (skip/take) of timesheets pending approval, oldest booking first; x-pagination counts them all'),
  })
  .meta({ id: 'TimesheetsResponse' });
export type TimesheetsResponse = z.infer<typeof TimesheetsResponse>;

// GET /v1/timesheets/candidate  (the same answer, one educator's)

export const TimesheetsCandidateQuery = z.strictObject({
  clientIds: ClientIds,
  candidateId: Id.describe('The educator'),
  weekOf: WeekOf.optional(),
  ...Paging,
});
export type TimesheetsCandidateQuery = z.input<typeof TimesheetsCandidateQuery>;

// GET /v1/timesheets/list  (browse by status; x-pagination)

const Statuses = z
  .preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(z.enum(TIMESHEET_STATUSES)).min(1).max(4))
  .optional();

export const TIMESHEET_LIST_SORTS = ['-date', 'date'] as const;

export const TimesheetListQuery = z.strictObject({
  clientIds: ClientIds,
  status: Statuses.describe('Statuses, repeated; omitted: pending_review, approved_for_invoice and invoiced'),
  candidateId: Id.optional().describe('Only this educator'),
  sort: z.enum(TIMESHEET_LIST_SORTS).default('-date').describe("'-date' (newest booking first, default) or 'date'"),
  ...Paging,
});
export type TimesheetListQuery = z.input<typeof TimesheetListQuery>;

export const TimesheetListResponse = z.array(TimesheetBooking);
export type TimesheetListResponse = z.infer<typeof TimesheetListResponse>;

// POST /v1/timesheets/submit  (Idempotency-Key)

/**
 * The spec rule for a modified timesheet, shared by the server and the web form: a valid start and end ('HH:mm'
 * in the location's zone), the end after the start, and the break inside the shift. Returns field → message for
 * every broken rule (empty when valid).
 */
export function validateTimesheetTimes(input: {
  startTimeLocal?: string | null | undefined;
  endTimeLocal?: string | null | undefined;
  breakMinutes?: number | null | undefined;
}): Partial<Record<'startTimeLocal' | 'endTimeLocal' | 'breakMinutes', string>> {
  const errors: Partial<Record<'startTimeLocal' | 'endTimeLocal' | 'breakMinutes', string>> = {};
  const start = input.startTimeLocal;
  const end = input.endTimeLocal;
  const startOk = typeof start === 'string' && TimeOfDay.safeParse(start).success;
  const endOk = typeof end === 'string' && TimeOfDay.safeParse(end).success;
  if (start === undefined || start === null || start === '') errors.startTimeLocal = FORM_MESSAGES.required;
  else if (!startOk) errors.startTimeLocal = 'Please enter a valid time';
  if (end === undefined || end === null || end === '') errors.endTimeLocal = FORM_MESSAGES.required;
  else if (!endOk) errors.endTimeLocal = 'Please enter a valid time';
  const breakMinutes = input.breakMinutes ?? 0;
  if (!Number.isInteger(breakMinutes) || breakMinutes < 0 || breakMinutes > MAX_BREAK_MINUTES) {
    errors.breakMinutes = FORM_MESSAGES.between(0, MAX_BREAK_MINUTES);
  }
  if (startOk && endOk) {
    const length = minutesOf(end) - minutesOf(start);
    if (length <= 0) errors.endTimeLocal = FORM_MESSAGES.endBeforeStart;
    else if (errors.breakMinutes === undefined && breakMinutes >= length) errors.breakMinutes = TIMESHEET_MESSAGES.breakInsideShift;
  }
  return errors;
}

/** The rule for a 'did not happen' decision: a reason, at most MAX_TIMESHEET_REASON_LENGTH characters. */
export function validateTimesheetReason(reason: string | null | undefined): string | undefined {
  const text = reason?.trim() ?? '';
  if (text === '') return FORM_MESSAGES.required;
  if (text.length > MAX_TIMESHEET_REASON_LENGTH) return FORM_MESSAGES.max(MAX_TIMESHEET_REASON_LENGTH);
  return undefined;
}

export const TimesheetSubmitItem = z
  .strictObject({
    bookingId: Id.describe('The booking whose timesheet is decided'),
    startTimeLocal: z.string().max(8).optional().describe("modified only: new start, 'HH:mm' in the location's zone"),
    endTimeLocal: z.string().max(8).optional().describe("modified only: new end, 'HH:mm' in the location's zone, after the start"),
    breakMinutes: z.number().int().optional().describe('modified only: break in minutes (default 0), shorter than the shift'),
    reason: z
      .string()
      .max(10_000)
      .optional()
      .describe(`did_not_happen only: why (required, at most ${MAX_TIMESHEET_REASON_LENGTH} characters)`),
  })
  .meta({ id: 'TimesheetSubmitItem' });
export type TimesheetSubmitItem = z.infer<typeof TimesheetSubmitItem>;

export const TimesheetSubmitBody = z
  .strictObject({
    decision: z.enum(TIMESHEET_DECISIONS).describe('One decision type for the whole selection (spec §4: no mixed selection)'),
    timesheets: z.array(TimesheetSubmitItem).min(1).max(MAX_TIMESHEETS_PER_SUBMIT),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    body.timesheets.forEach((item, index) => {
      const at = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: ['timesheets', index, field], message });
      if (seen.has(item.bookingId)) at('bookingId', TIMESHEET_MESSAGES.duplicate);
      seen.add(item.bookingId);
      const hasTimes = item.startTimeLocal !== undefined || item.endTimeLocal !== undefined || item.breakMinutes !== undefined;
      if (body.decision === 'modified') {
        for (const [field, message] of Object.entries(validateTimesheetTimes(item))) at(field, message);
      } else if (hasTimes) {
        at(
          item.startTimeLocal !== undefined ? 'startTimeLocal' : item.endTimeLocal !== undefined ? 'endTimeLocal' : 'breakMinutes',
          TIMESHEET_MESSAGES.onlyForModified,
        );
      }
      if (body.decision === 'did_not_happen') {
        const problem = validateTimesheetReason(item.reason);
        if (problem) at('reason', problem);
      } else if (item.reason !== undefined) {
        at('reason', TIMESHEET_MESSAGES.onlyForDidNotHappen);
      }
    });
  })
  .meta({ id: 'TimesheetSubmitBody' });
export type TimesheetSubmitBody = z.infer<typeof TimesheetSubmitBody>;

export const TimesheetSubmitIssue = z
  .object({ bookingId: z.number().int(), reason: z.enum(TIMESHEET_ISSUE_REASONS) })
  .meta({ id: 'TimesheetSubmitIssue' });
export type TimesheetSubmitIssue = z.infer<typeof TimesheetSubmitIssue>;

/** 200 when every timesheet was done (issues empty); 207 'submitted with issues' otherwise. */
export const TimesheetSubmitResponse = z
  .object({
    submitted: z.array(z.number().int()).describe('Booking ids whose timesheet was decided now'),
    noCharge: z
      .array(z.number().int())
      .describe('Booking ids among submitted that were approved as not having happened (the educator said so): cancelled with no charge'),
    issues: z.array(TimesheetSubmitIssue).describe('Booking ids not decided, with the reason'),
  })
  .meta({ id: 'TimesheetSubmitResponse' });
export type TimesheetSubmitResponse = z.infer<typeof TimesheetSubmitResponse>;

// GET /v1/timesheets/download/{bookingId}  (application/pdf, attachment)

export const TimesheetDownloadParams = z.strictObject({ bookingId: Id.describe('The booking whose timesheet is downloaded') });
export type TimesheetDownloadParams = z.infer<typeof TimesheetDownloadParams>;
