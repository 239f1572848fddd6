import { z } from 'zod';
import { ABSENCE_REASONS, BOOKING_REQUEST_STATUSES, BOOKING_STATUSES, LOCALES } from './domain';
import { ClientIds, dateRange, Id, LocalDate } from './query-params';
import { BOOKING_MESSAGES } from './booking-messages';
import { MAX_BREAK_MINUTES, MAX_NOTES_LENGTH, MAX_PAGE_SIZE, MAX_REASON_LENGTH, MAX_SHORT_TEXT_LENGTH, MAX_SKIP } from './limits';
import { FORM_MESSAGES } from './messages';

/**
 * Bookings: the list and detail, create, cancel and extend. A booking request is what a contact
 * submitted (one classification, times, confirmations, for one or more dates); each date (and each head when
 * bookingsPerDay > 1) is one booking. Ids in paths are booking ids unless the path says otherwise.
 */

/** 'H:mm', 'HH:mm' or 'HH:mm:ss' (spec §5 'Times accepted'); the server answers 'HH:mm'. */
export const TimeOfDay = z
  .string()
  .min(4)
  .max(8)
  .regex(/^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { message: 'Please enter a valid time' });

/** 'H:mm' / 'HH:mm:ss' → 'HH:mm'. */
export function normaliseTime(value: string): string {
  const [h = '0', m = '00'] = value.split(':');
  return `${h.padStart(2, '0')}:${m}`;
}

/** Minutes since midnight of an 'HH:mm[:ss]' time. */
export function minutesOf(value: string): number {
  const [h = '0', m = '0'] = value.split(':');
  return Number(h) * 60 + Number(m);
}

const Ref = z.object({ id: z.number().int(), name: z.string() });

export const BookingCandidate = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    preferredName: z.string().nullable(),
    fullName: z.string(),
  })
  .meta({ id: 'BookingCandidate' });
export type BookingCandidate = z.infer<typeof BookingCandidate>;

export const Covering = z
  .object({ id: z.number().int().nullable(), name: z.string().nullable(), reason: z.enum(ABSENCE_REASONS).nullable() })
  .meta({ id: 'Covering' });

/** What the caller may do with a booking now; the server enforces the same rules. */
export const BookingActions = z
  .object({
    cancel: z.boolean(),
    /** Why cancel is refused (spec §4: assigned, commenced), when the caller could otherwise cancel. */
    cancelBlockedReason: z.string().nullable(),
    extend: z.boolean(),
    quickFeedback: z.boolean(),
    /** An open booking the caller may see but neither cancel, extend nor modify at its location (a view-only contact). */
    viewOnly: z.boolean(),
  })
  .meta({ id: 'BookingActions' });
export type BookingActions = z.infer<typeof BookingActions>;

// GET /v1/bookings (list) and GET /v1/clients/{clientId}/bookings

export const BOOKING_SORTS = ['date', '-date', 'status', 'location', 'candidate'] as const;
export { MAX_PAGE_SIZE, MAX_SKIP } from './limits';

export const Paging = {
  skip: z.coerce
    .number()
    .int()
    .min(0, { error: FORM_MESSAGES.between(0, MAX_SKIP) })
    .max(MAX_SKIP, { error: FORM_MESSAGES.between(0, MAX_SKIP) })
    .default(0)
    .describe(`Rows to skip (at most ${MAX_SKIP})`),
  take: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50).describe(`Rows to return (at most ${MAX_PAGE_SIZE})`),
};

const Repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item).min(1).max(20)).optional();

export const BookingsQuery = z
  .strictObject({
    clientIds: ClientIds,
    dateFromLocal: LocalDate.optional().describe('First local date (inclusive)'),
    dateToLocal: LocalDate.optional().describe('Last local date (inclusive)'),
    status: Repeated(z.enum(BOOKING_STATUSES)).describe('Statuses, repeated; omitted: all'),
    locationId: Id.optional().describe('Only this location'),
    candidateId: Id.optional().describe('Only this educator'),
    unfilledRisk: z
      .enum(['true'])
      .optional()
      .describe('Only the bookings at unfilled risk (open, no educator, starting by the end of the next school day)'),
    sort: z
      .enum(BOOKING_SORTS)
      .default('date')
      .describe(
        "Order: 'date' (default, then start time), '-date', 'status', 'location', 'candidate'. Bookings at unfilled " +
          'risk come first whatever the order, the soonest first.',
      ),
    ...Paging,
  })
  .superRefine(dateRange('dateFromLocal', 'dateToLocal', 3660));
export type BookingsQuery = z.input<typeof BookingsQuery>;

export const ClientBookingsQuery = z.strictObject({
  dateFromLocal: LocalDate.optional().describe('First local date (inclusive); default today at the client'),
  ...Paging,
});

/** The `x-pagination` header, JSON. */
export const Pagination = z.object({ total: z.number().int(), skip: z.number().int(), take: z.number().int() });
export type Pagination = z.infer<typeof Pagination>;

export const BookingListItem = z
  .object({
    id: z.number().int(),
    requestId: z.number().int(),
    status: z.enum(BOOKING_STATUSES),
    dateLocal: z.string(),
    startTimeLocal: z.string().describe("'HH:mm'"),
    endTimeLocal: z.string().describe("'HH:mm'"),
    breakMinutes: z.number().int(),
    timeZone: z.string(),
    client: Ref,
    location: Ref,
    classification: z.object({ id: z.number().int(), onlineTitle: z.string() }),
    candidate: BookingCandidate.nullable(),
    seriesReference: z.string().nullable(),
    seriesPosition: z.number().int().nullable(),
    seriesTotal: z.number().int().nullable(),
    covering: Covering.nullable(),
    feedbackCompleted: z.boolean(),
  })
  .meta({ id: 'BookingListItem' });
export type BookingListItem = z.infer<typeof BookingListItem>;

/** A booking at unfilled risk (unfilled-risk.ts): open, no educator, starting by the end of the next school day. */
export const UnfilledRiskFlag = z
  .object({ minutesLeft: z.number().int().min(1).describe('Whole minutes until the start, rounded up') })
  .meta({ id: 'UnfilledRisk' });

/** A row of the bookings list: the booking and its unfilled risk now (null when not at risk). */
export const BookingListRow = BookingListItem.extend({ unfilledRisk: UnfilledRiskFlag.nullable() }).meta({ id: 'BookingListRow' });
export type BookingListRow = z.infer<typeof BookingListRow>;
export const BookingsResponse = z.array(BookingListRow);

// GET /v1/bookings/{id}

export const Confirmation = z
  .object({
    id: z.number().int().describe('Booking contact id'),
    name: z.string(),
    email: z.boolean(),
    sms: z.boolean(),
    voice: z.boolean(),
    push: z.boolean(),
  })
  .meta({ id: 'Confirmation' });
export type Confirmation = z.infer<typeof Confirmation>;

/** Spec §3 'Pending booking summary'. Its id is the booking request's id. */
export const PendingBookingSummary = z
  .object({
    id: z.number().int().describe('Booking request id'),
    status: z.enum(BOOKING_REQUEST_STATUSES),
    createdBy: z.object({ id: z.number().int().nullable(), name: z.string() }),
    createdOnUtc: z.string().describe('ISO 8601 instant'),
    days: z.number().int().describe('Number of dates'),
    client: Ref,
    clientGroup: Ref.nullable(),
    location: z.object({ id: z.number().int(), name: z.string(), timeZone: z.string() }),
    details: z.object({
      startTime: z.string(),
      endTime: z.string(),
      earliestDate: z.string(),
      latestDate: z.string(),
      areDatesConsecutive: z.boolean().describe('The dates are consecutive school days'),
      covering: Covering.nullable(),
    }),
  })
  .meta({ id: 'PendingBookingSummary' });
export type PendingBookingSummary = z.infer<typeof PendingBookingSummary>;

/** Spec §3 'Booking detail': the request with every field, and each of its bookings. */
export const BookingDetail = PendingBookingSummary.extend({
  details: PendingBookingSummary.shape.details.extend({
    notes: z.string().nullable(),
    room: z.string().nullable(),
    breakMinutes: z.number().int(),
    isFullDay: z.boolean(),
    bookingsPerDay: z.number().int(),
    policiesAgreed: z.boolean(),
    rejectReason: z.string().nullable(),
  }),
  certifications: z.array(Ref),
  confirmations: z.array(Confirmation),
  classification: z.object({ id: z.number().int(), onlineTitle: z.string() }),
  grades: z.array(z.object({ id: z.number().int(), title: z.string() })),
  dates: z.array(z.object({ id: z.number().int().describe('Booking id'), date: z.string() })),
  seriesReference: z.string().nullable(),
  requestedCandidate: z
    .object({ id: z.number().int(), fullName: z.string() })
    .nullable()
    .describe('The educator the school asked for (requestedCandidateId), or null'),
  region: z.enum(LOCALES).describe("The school's regional variant: whose provider office to contact (runtime providerContacts)"),
  /** The booking asked for (GET /v1/bookings/{id}); the first of the request for a pending request. */
  booking: BookingListItem.extend({
    cancelReason: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    actions: BookingActions,
  }),
  /** Every booking of the request, by date. */
  bookings: z.array(BookingListItem),
}).meta({ id: 'BookingDetail' });
export type BookingDetail = z.infer<typeof BookingDetail>;

// POST /v1/bookings (Idempotency-Key)

export const ConfirmationInput = z.strictObject({
  bookingContactId: Id,
  email: z.boolean().default(false),
  sms: z.boolean().default(false),
  voice: z.boolean().default(false),
  push: z.boolean().default(false),
});

export const MAX_DATES_PER_REQUEST = 120;
export { MAX_BREAK_MINUTES } from './limits';

/** What a classification says about breaks (spec §3 extraValidation). */
export interface BreakRules {
  defaultBreakInMins: number | null;
  shouldShowBreaks: boolean;
}

/**
 * The break of a booking (spec §5, classification rules), one rule for the form and the server. Where the
 * classification shows breaks, the booker's break counts (the default prefilled; omitted: the default); where it
 * does not, the break is the classification's default, which the form shows but does not let the booker change.
 */
export function bookingBreakMinutes(requested: number | undefined, rules: BreakRules | undefined): number {
  const fallback = rules?.defaultBreakInMins ?? 0;
  if (!rules?.shouldShowBreaks) return fallback;
  return requested ?? fallback;
}

/**
 * Why a break cannot be taken, or undefined: a break the classification sets is not changed, a break lies
 * within 0 to MAX_BREAK_MINUTES and is shorter than the booking ('HH:mm' times; no check while they are not in order).
 */
export type BreakIssue =
  { code: 'breakFixed'; minutes: number } | { code: 'breakOutOfRange'; min: number; max: number } | { code: 'breakTooLong' };

/**
 * What is wrong with a break, or undefined: a break the classification sets is not changed, a break lies within 0 to
 * MAX_BREAK_MINUTES and is shorter than the booking ('HH:mm' times; no check while they are not in order).
 */
export function breakIssue(
  requested: number | undefined,
  rules: BreakRules | undefined,
  startTime: string,
  endTime: string,
): BreakIssue | undefined {
  if (rules && !rules.shouldShowBreaks && requested !== undefined && requested !== (rules.defaultBreakInMins ?? 0))
    return { code: 'breakFixed', minutes: rules.defaultBreakInMins ?? 0 };
  const minutes = bookingBreakMinutes(requested, rules);
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > MAX_BREAK_MINUTES)
    return { code: 'breakOutOfRange', min: 0, max: MAX_BREAK_MINUTES };
  const span = minutesOf(endTime) - minutesOf(startTime);
  if (span > 0 && minutes >= span) return { code: 'breakTooLong' };
  return undefined;
}

/** The contract's text of `breakIssue`. */
export function breakProblem(
  requested: number | undefined,
  rules: BreakRules | undefined,
  startTime: string,
  endTime: string,
): string | undefined {
  const issue = breakIssue(requested, rules, startTime, endTime);
  if (!issue) return undefined;
  if (issue.code === 'breakFixed') return BOOKING_MESSAGES.breakFixed(issue.minutes);
  if (issue.code === 'breakOutOfRange') return FORM_MESSAGES.between(issue.min, issue.max);
  return BOOKING_MESSAGES.breakTooLong;
}

/** The working minutes of a booking: its span less its break (what the minimum duration is checked against). */
export function netMinutes(startTime: string, endTime: string, breakMinutes: number): number {
  return minutesOf(endTime) - minutesOf(startTime) - breakMinutes;
}

/** A policies version is a short fingerprint; anything longer is not one. */
export const POLICIES_VERSION_MAX_LENGTH = 64;

export const CreateBookingBody = z
  .strictObject({
    locationId: Id.describe('Where the educator works; booking or pendingBooking create must be held there'),
    classificationId: Id.describe('A classification (pay class) of the location’s client'),
    gradeIds: z.array(Id).max(30).default([]).describe('Grades of the client'),
    certificationIds: z.array(Id).max(50).default([]).describe('Certifications asked of the educator'),
    certificationsReviewed: z
      .boolean()
      .default(false)
      .describe('Required true when certificationIds differ from the location’s defaults (changes need review)'),
    dates: z.array(LocalDate).max(MAX_DATES_PER_REQUEST).describe('Local dates (weekdays), at least one'),
    startTime: TimeOfDay.describe("Start, 'HH:mm' local"),
    endTime: TimeOfDay.describe("End, 'HH:mm' local"),
    breakMinutes: z
      .number()
      .int()
      .min(0)
      .max(MAX_BREAK_MINUTES)
      .optional()
      .describe(
        'Break in minutes, where the classification shows breaks (default: its default break); elsewhere omitted or the classification’s own',
      ),
    isFullDay: z.boolean().default(true),
    bookingsPerDay: z.number().int().min(1).max(100).default(1).describe('Educators needed on each date'),
    covering: z
      .strictObject({
        contactId: Id.optional(),
        name: z.string().trim().min(1).max(MAX_SHORT_TEXT_LENGTH).optional(),
        reason: z.enum(ABSENCE_REASONS),
      })
      .optional()
      .describe('The absent staff member covered, and the reason for absence'),
    room: z.string().trim().max(MAX_SHORT_TEXT_LENGTH).optional(),
    notes: z.string().trim().max(MAX_NOTES_LENGTH).optional(),
    confirmations: z.array(ConfirmationInput).max(20).describe('At least one, each with at least one method'),
    policiesAgreed: z
      .boolean()
      .describe(
        'True: the booker agrees to the policies now. False is accepted only when the caller agreed to their current version before',
      ),
    policiesVersion: z
      .string()
      .trim()
      .max(POLICIES_VERSION_MAX_LENGTH)
      .optional()
      .describe('The version of the policies the booker read (rules.policiesVersion); refused when they have changed since'),
    requestedCandidateId: Id.optional().describe(
      'The educator the school asks for: one of its favourite or past educators (GET /v1/candidate/CandidateList); the provider tries them first when free',
    ),
  })
  .meta({ id: 'CreateBookingBody' });
export type CreateBookingBody = z.input<typeof CreateBookingBody>;

export const CreatedBooking = z
  .object({
    requestId: z.number().int(),
    status: z.enum(BOOKING_REQUEST_STATUSES).describe("'pending_approval' when the caller may only create pending bookings"),
    seriesReference: z.string().nullable(),
    bookings: z.array(z.object({ id: z.number().int(), dateLocal: z.string(), status: z.enum(BOOKING_STATUSES) })),
  })
  .meta({ id: 'CreatedBooking' });
export type CreatedBooking = z.infer<typeof CreatedBooking>;

// POST /v1/bookings/{id}/cancel (Idempotency-Key)

export const CancelBookingBody = z
  .strictObject({ cancelReason: z.string().trim().min(1).max(MAX_REASON_LENGTH) })
  .meta({ id: 'CancelBookingBody' });
export type CancelBookingBody = z.infer<typeof CancelBookingBody>;

// POST /v1/bookings/{id}/cancellation-request (Idempotency-Key)

export const CancellationRequestBody = z
  .strictObject({
    reason: z.string().trim().min(1).max(MAX_REASON_LENGTH).describe('Why the booking should be cancelled; passed on to the provider'),
  })
  .meta({ id: 'CancellationRequestBody' });
export type CancellationRequestBody = z.infer<typeof CancellationRequestBody>;

export const CancellationRequestSent = z
  .object({
    bookingId: z.number().int(),
    sentTo: z.string().describe("The provider office's e-mail address the request went to"),
    phone: z.string().describe("The provider office's phone number"),
    sentAt: z.string().describe('ISO 8601 instant'),
  })
  .meta({ id: 'CancellationRequestSent' });
export type CancellationRequestSent = z.infer<typeof CancellationRequestSent>;

// GET /v1/bookings/{id}/extend/scheduling?endDateLocal

export const ExtendSchedulingQuery = z.strictObject({
  endDateLocal: LocalDate.optional().describe(
    'Proposed last date of the extension; without it, the first date that adds a day the extension can book (its answer names it)',
  ),
});

export const ExtendScheduling = z
  .object({
    bookingId: z.number().int(),
    lastDateLocal: z.string().describe('The last date booked now (of the series)'),
    endDateLocal: z.string(),
    maxEndDateLocal: z.string().describe('Latest date an extension may reach (client maximum and any 4-week block cap)'),
    startTime: z.string(),
    endTime: z.string(),
    breakMinutes: z.number().int(),
    candidate: BookingCandidate.nullable(),
    /** The school days the extension would add, and whether the booking's educator is free on each. */
    dates: z.array(
      z.object({
        dateLocal: z.string(),
        candidateAvailable: z.boolean(),
        blocked: z.boolean(),
        holiday: z.string().nullable().describe('The public holiday on the day (then blocked), if any'),
      }),
    ),
  })
  .meta({ id: 'ExtendScheduling' });
export type ExtendScheduling = z.infer<typeof ExtendScheduling>;

// POST /v1/bookings/{id}/extend (Idempotency-Key)

export const ExtendBookingBody = z
  .strictObject({
    endDateLocal: LocalDate.describe('New last date'),
    startTime: TimeOfDay,
    endTime: TimeOfDay,
    breakMinutes: z.number().int().min(0).max(MAX_BREAK_MINUTES).default(0),
    dates: z
      .array(LocalDate)
      .min(1)
      .max(MAX_DATES_PER_REQUEST)
      .optional()
      .describe('The added days to book, of those the scheduling call offers (the user may leave days out); omitted: all of them'),
  })
  .meta({ id: 'ExtendBookingBody' });
export type ExtendBookingBody = z.input<typeof ExtendBookingBody>;

export const ExtendedBooking = z
  .object({
    bookings: z.array(z.object({ id: z.number().int(), dateLocal: z.string(), status: z.enum(BOOKING_STATUSES) })),
    /** Dates the educator cannot work: those bookings are Unfilled and go to the provider. */
    movedToUnfilled: z.number().int(),
  })
  .meta({ id: 'ExtendedBooking' });
export type ExtendedBooking = z.infer<typeof ExtendedBooking>;
