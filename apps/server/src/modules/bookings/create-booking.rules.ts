import { DateTime } from 'luxon';
import type { z } from 'zod';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import {
  bookingsPerDayProblem,
  dateInPastProblem,
  earliestEndProblem,
  endBeforeStartProblem,
  maxBookingsProblem,
  minimumDurationProblem,
  sameDayProblem,
  tooFarAheadProblem,
  weekendProblem,
} from '@portal/contract/booking-rules';
import { bookingBreakMinutes, breakProblem, normaliseTime, type CreateBookingBody } from '@portal/contract/bookings';
import { FORM_MESSAGES } from '@portal/contract/messages';
import { todayIn } from '@portal/contract/school-days';
import { AppError } from '../../lib/app-error';

/**
 * The rules of spec §5 'Booking create', as an ordered pipeline of small named validators (cal.com style). Each
 * rule is a pure function of a context the service loads once (the body, the clock, the location, the client's
 * settings and reference data), so each can be tested alone. A rule answers the failures it finds, each naming
 * the body's path (`dates.2`, `confirmations.0.sms`, `endTime`): 400 for a field the form should have caught,
 * 422 for a business rule (cut-off, booking blocks, limits, no classifications). A halting rule stops the
 * pipeline when later rules depend on what it checked.
 */

export type CreateBookingInput = z.output<typeof CreateBookingBody>;

/** Dates may lie at most this many days ahead. */
export const MAX_ADVANCE_DAYS = 365;

export interface ConfirmationMethods {
  email: boolean;
  sms: boolean;
  voice: boolean;
  push: boolean;
}
export type ConfirmationMethod = keyof ConfirmationMethods;
const METHODS: readonly ConfirmationMethod[] = ['email', 'sms', 'voice', 'push'];
const METHOD_NAMES: Record<ConfirmationMethod, string> = { email: 'e-mail', sms: 'SMS', voice: 'voice call', push: 'push notification' };

export interface BookingContactFacts {
  id: number;
  contactId: number | null;
  email: string | null;
  mobile: string | null;
  canReceiveVoice: boolean;
}

/** E-mail needs an address, SMS a mobile, voice a mobile and consent, push a portal account (a linked contact). */
export function contactMethods(c: Omit<BookingContactFacts, 'id'>): ConfirmationMethods {
  const mobile = !!c.mobile?.trim();
  return { email: !!c.email?.trim(), sms: mobile, voice: mobile && c.canReceiveVoice, push: c.contactId !== null };
}

export interface RuleClassification {
  id: number;
  minimumDurationInMins: number | null;
  /** 'HH:mm' or null. */
  earliestEndTime24hr: string | null;
  defaultBreakInMins: number | null;
  shouldShowBreaks: boolean;
}

export interface LocationAccess {
  /** The location is in the caller's permission tree. */
  inTree: boolean;
  bookingCreate: boolean;
  pendingBookingCreate: boolean;
}

export interface BookingRuleContext {
  body: CreateBookingInput;
  now: Date;
  location: { id: number; clientId: number; timeZone: string };
  client: { sameDayCutoff: string; minBookingsPerDay: number; maxBookingsPerDay: number; maxBookingsAllowed: number };
  /** The client's active classifications. */
  classifications: readonly RuleClassification[];
  gradeIds: ReadonlySet<number>;
  /** Every certification that exists, and the location's defaults. */
  certificationIds: ReadonlySet<number>;
  defaultCertificationIds: ReadonlySet<number>;
  /** The location's active booking contacts. */
  bookingContacts: readonly BookingContactFacts[];
  blocks: readonly { datesLocal: readonly string[]; messageMarkdown: string }[];
  /** Local date → the public holiday on it at the location (empty where the location opens on holidays). */
  publicHolidays?: ReadonlyMap<string, string> | undefined;
  /** Whether covering.contactId is a contact at the client; undefined when none was given. */
  coveringContactAtClient: boolean | undefined;
  /** Whether requestedCandidateId is a favourite or past educator of the client; undefined when none was given. */
  requestedCandidateKnown?: boolean | undefined;
  /** Whether the client excluded requestedCandidateId; undefined when none was given. */
  requestedCandidateExcluded?: boolean | undefined;
  /** The client's policies: their current version, and whether the caller agreed to that version before. */
  policies?: { version: string; acceptedBefore: boolean } | undefined;
}

export interface RuleFailure {
  status: 400 | 403 | 404 | 422;
  field?: string;
  message: string;
}

export interface BookingRule {
  name: string;
  /** Stop here when this rule fails: later rules depend on it. */
  halts?: boolean;
  check(ctx: BookingRuleContext): RuleFailure[];
}

const field = (status: RuleFailure['status'], path: string, message: string): RuleFailure => ({ status, field: path, message });

// Derived facts the rules share.

export function selectedClassification(ctx: BookingRuleContext): RuleClassification | undefined {
  return ctx.classifications.find((c) => c.id === ctx.body.classificationId);
}

/** The booking's break by the contract's rule (the booker's where the classification shows breaks, else its default). */
export function effectiveBreak(ctx: BookingRuleContext): number {
  return bookingBreakMinutes(ctx.body.breakMinutes, selectedClassification(ctx));
}

/** Today in the location's zone, 'YYYY-MM-DD'. */
function localToday(ctx: Pick<BookingRuleContext, 'now' | 'location'>): string {
  return todayIn(ctx.location.timeZone, ctx.now);
}

const problemOn = (path: string) => (problem: string | undefined) => (problem ? [field(400, path, problem)] : []);

/**
 * Luxon's zone arithmetic (Intl under the hood) is the dearest step of a create: a five-date request asks for the
 * same (date, time, zone) instants in the rules and again for the rows. The answers never change (the zone data is
 * fixed for the process), so the last few thousand are kept.
 */
const UTC_MEMO_SIZE = 4096;
const utcMemo = new Map<string, number>();

/** The UTC instants of a local date and 'HH:mm' time in a zone (a time skipped by a DST change moves forward). */
export function utcOf(dateLocal: string, time: string, zone: string): Date {
  const key = `${dateLocal}T${normaliseTime(time)}|${zone}`;
  let millis = utcMemo.get(key);
  if (millis === undefined) {
    millis = DateTime.fromISO(key.slice(0, key.indexOf('|')), { zone }).toMillis();
    if (utcMemo.size >= UTC_MEMO_SIZE) utcMemo.delete(utcMemo.keys().next().value!);
    utcMemo.set(key, millis);
  }
  return new Date(millis);
}

function eachDate(ctx: BookingRuleContext, test: (date: string, index: number) => RuleFailure | undefined): RuleFailure[] {
  return ctx.body.dates.flatMap((date, index) => test(date, index) ?? []);
}

// Access, checked before anything is loaded.

/** booking create → confirmed; pendingBooking create alone → waits for approval; neither → 403; not in the tree → 404. */
export function locationBookable(access: LocationAccess): RuleFailure[] {
  if (!access.inTree) return [{ status: 404, field: 'locationId', message: 'There is no such location' }];
  if (!access.bookingCreate && !access.pendingBookingCreate) return [{ status: 403, message: BOOKING_MESSAGES.notBookable }];
  return [];
}

// The pipeline.

export const classificationsExist: BookingRule = {
  name: 'classificationsExist',
  halts: true,
  check: (ctx) => (ctx.classifications.length === 0 ? [{ status: 422, message: BOOKING_MESSAGES.noClassifications }] : []),
};

export const classificationOfClient: BookingRule = {
  name: 'classificationOfClient',
  halts: true,
  check: (ctx) => (selectedClassification(ctx) ? [] : [field(400, 'classificationId', BOOKING_MESSAGES.unknownClassification)]),
};

export const gradesOfClient: BookingRule = {
  name: 'gradesOfClient',
  check: (ctx) =>
    ctx.body.gradeIds.flatMap((id, i) => (ctx.gradeIds.has(id) ? [] : [field(400, `gradeIds.${i}`, BOOKING_MESSAGES.unknownGrade)])),
};

export const certificationsKnown: BookingRule = {
  name: 'certificationsKnown',
  check: (ctx) =>
    ctx.body.certificationIds.flatMap((id, i) =>
      ctx.certificationIds.has(id) ? [] : [field(400, `certificationIds.${i}`, BOOKING_MESSAGES.unknownCertification)],
    ),
};

/** Asking for other certifications than the location's defaults needs the booker's review. */
export const certificationsReviewed: BookingRule = {
  name: 'certificationsReviewed',
  check: (ctx) => {
    const asked = new Set(ctx.body.certificationIds);
    const same = asked.size === ctx.defaultCertificationIds.size && [...asked].every((id) => ctx.defaultCertificationIds.has(id));
    return same || ctx.body.certificationsReviewed ? [] : [field(400, 'certificationsReviewed', BOOKING_MESSAGES.certificationsReview)];
  },
};

export const confirmationsValid: BookingRule = {
  name: 'confirmationsValid',
  check: (ctx) => {
    const { confirmations } = ctx.body;
    if (confirmations.length === 0) return [field(400, 'confirmations', BOOKING_MESSAGES.noConfirmations)];
    const seen = new Set<number>();
    return confirmations.flatMap((c, i): RuleFailure[] => {
      const path = `confirmations.${i}`;
      if (seen.has(c.bookingContactId)) return [field(400, `${path}.bookingContactId`, BOOKING_MESSAGES.duplicateConfirmation)];
      seen.add(c.bookingContactId);
      const contact = ctx.bookingContacts.find((b) => b.id === c.bookingContactId);
      if (!contact) return [field(400, `${path}.bookingContactId`, BOOKING_MESSAGES.unknownBookingContact)];
      const chosen = METHODS.filter((m) => c[m]);
      if (chosen.length === 0) return [field(400, path, BOOKING_MESSAGES.noConfirmationMethod)];
      const available = contactMethods(contact);
      return chosen
        .filter((m) => !available[m])
        .map((m) => field(400, `${path}.${m}`, BOOKING_MESSAGES.methodUnavailable(METHOD_NAMES[m])));
    });
  },
};

export const datesPresentAndUnique: BookingRule = {
  name: 'datesPresentAndUnique',
  check: (ctx) => {
    if (ctx.body.dates.length === 0) return [field(400, 'dates', BOOKING_MESSAGES.noDates)];
    const seen = new Set<string>();
    return eachDate(ctx, (date, i) => {
      if (seen.has(date)) return field(400, `dates.${i}`, BOOKING_MESSAGES.duplicateDate);
      seen.add(date);
      return undefined;
    });
  },
};

export const datesOnWeekdays: BookingRule = {
  name: 'datesOnWeekdays',
  check: (ctx) => eachDate(ctx, (date, i) => problemOn(`dates.${i}`)(weekendProblem(date))[0]),
};

/** 'Today' is the calendar day in the location's zone. */
export const datesNotInPast: BookingRule = {
  name: 'datesNotInPast',
  check: (ctx) => {
    const today = localToday(ctx);
    return eachDate(ctx, (date, i) => problemOn(`dates.${i}`)(dateInPastProblem(date, today))[0]);
  },
};

export const datesWithinAdvance: BookingRule = {
  name: 'datesWithinAdvance',
  check: (ctx) => {
    const today = localToday(ctx);
    return eachDate(ctx, (date, i) => {
      const problem = tooFarAheadProblem(date, today, MAX_ADVANCE_DAYS);
      return problem ? field(422, `dates.${i}`, problem) : undefined;
    });
  },
};

/** A booking block refuses its dates with its own markdown message. */
export const datesNotBlocked: BookingRule = {
  name: 'datesNotBlocked',
  check: (ctx) =>
    eachDate(ctx, (date, i) => {
      const block = ctx.blocks.find((b) => b.datesLocal.includes(date));
      return block ? field(422, `dates.${i}`, block.messageMarkdown) : undefined;
    }),
};

export const datesNotOnPublicHolidays: BookingRule = {
  name: 'datesNotOnPublicHolidays',
  check: (ctx) =>
    eachDate(ctx, (date, i) => {
      const holiday = ctx.publicHolidays?.get(date);
      return holiday ? field(422, `dates.${i}`, BOOKING_MESSAGES.publicHoliday(holiday)) : undefined;
    }),
};

/**
 * A date that is today at the location is refused once the local time has reached the client's cut-off; before it,
 * when its start has gone by (a start equal to now is allowed). The contract's rule, shared with the form.
 */
export const sameDayCutoff: BookingRule = {
  name: 'sameDayCutoff',
  check: (ctx) => {
    const rule = { now: ctx.now, timeZone: ctx.location.timeZone, sameDayCutoff: ctx.client.sameDayCutoff };
    return eachDate(ctx, (date, i) => {
      const problem = sameDayProblem(rule, date, ctx.body.startTime);
      return problem ? field(422, `dates.${i}`, problem) : undefined;
    });
  },
};

/** End after start, on the clock and in real time on each date (a DST change must not turn it around). */
export const endAfterStart: BookingRule = {
  name: 'endAfterStart',
  check: (ctx) => {
    const { startTime, endTime, dates } = ctx.body;
    if (endBeforeStartProblem(startTime, endTime)) return problemOn('endTime')(endBeforeStartProblem(startTime, endTime));
    const failure = [field(400, 'endTime', FORM_MESSAGES.endBeforeStart)];
    const zone = ctx.location.timeZone;
    const turned = dates.some((d) => utcOf(d, endTime, zone).getTime() <= utcOf(d, startTime, zone).getTime());
    return turned ? failure : [];
  },
};

/** The contract's break rule (shared with the form): a set break unchanged, within bounds, shorter than the booking. */
export const breakShorterThanBooking: BookingRule = {
  name: 'breakShorterThanBooking',
  check: (ctx) => {
    const problem = breakProblem(ctx.body.breakMinutes, selectedClassification(ctx), ctx.body.startTime, ctx.body.endTime);
    return problem ? [field(400, 'breakMinutes', problem)] : [];
  },
};

/** The classification's minimum duration, net of the break. */
export const minimumDuration: BookingRule = {
  name: 'minimumDuration',
  check: (ctx) => {
    const minimum = selectedClassification(ctx)?.minimumDurationInMins;
    return problemOn('endTime')(minimumDurationProblem(ctx.body.startTime, ctx.body.endTime, effectiveBreak(ctx), minimum));
  },
};

export const earliestEndTime: BookingRule = {
  name: 'earliestEndTime',
  check: (ctx) => {
    return problemOn('endTime')(earliestEndProblem(ctx.body.endTime, selectedClassification(ctx)?.earliestEndTime24hr));
  },
};

export const bookingsPerDayInRange: BookingRule = {
  name: 'bookingsPerDayInRange',
  check: (ctx) => {
    const problem = bookingsPerDayProblem(ctx.body.bookingsPerDay, ctx.client);
    return problem ? [field(422, 'bookingsPerDay', problem)] : [];
  },
};

export const maxBookingsAllowed: BookingRule = {
  name: 'maxBookingsAllowed',
  check: (ctx) => {
    const problem = maxBookingsProblem(ctx.body.dates.length, ctx.body.bookingsPerDay, ctx.client.maxBookingsAllowed);
    return problem ? [field(422, 'bookingsPerDay', problem)] : [];
  },
};

export const coveringContactAtClient: BookingRule = {
  name: 'coveringContactAtClient',
  check: (ctx) => (ctx.coveringContactAtClient === false ? [field(400, 'covering.contactId', BOOKING_MESSAGES.coveringNotAtClient)] : []),
};

export const requestedCandidateKnown: BookingRule = {
  name: 'requestedCandidateKnown',
  check: (ctx) =>
    ctx.requestedCandidateKnown === false ? [field(400, 'requestedCandidateId', BOOKING_MESSAGES.requestedCandidateUnknown)] : [],
};

export const requestedCandidateNotExcluded: BookingRule = {
  name: 'requestedCandidateNotExcluded',
  check: (ctx) =>
    ctx.requestedCandidateExcluded === true ? [field(400, 'requestedCandidateId', BOOKING_MESSAGES.requestedCandidateExcluded)] : [],
};

const policiesChanged = (ctx: BookingRuleContext): boolean =>
  ctx.body.policiesVersion !== undefined && ctx.policies !== undefined && ctx.body.policiesVersion !== ctx.policies.version;

/** The policies the booker read are the current ones (they may have changed while the form was open). */
export const policiesVersionCurrent: BookingRule = {
  name: 'policiesVersionCurrent',
  check: (ctx) => (policiesChanged(ctx) ? [field(422, 'policiesAgreed', BOOKING_MESSAGES.policiesChanged)] : []),
};

/** Agreed now, or agreed to the current version before (the caller's acceptance on record). */
export const policiesAgreed: BookingRule = {
  name: 'policiesAgreed',
  check: (ctx) =>
    ctx.body.policiesAgreed || ctx.policies?.acceptedBefore || policiesChanged(ctx)
      ? []
      : [field(400, 'policiesAgreed', BOOKING_MESSAGES.policiesAgreed)],
};

/** In order: what later rules depend on first, then fields, then the business rules. */
export const CREATE_BOOKING_RULES: readonly BookingRule[] = [
  classificationsExist,
  classificationOfClient,
  gradesOfClient,
  certificationsKnown,
  certificationsReviewed,
  confirmationsValid,
  datesPresentAndUnique,
  datesOnWeekdays,
  datesNotInPast,
  datesWithinAdvance,
  datesNotBlocked,
  datesNotOnPublicHolidays,
  sameDayCutoff,
  endAfterStart,
  breakShorterThanBooking,
  minimumDuration,
  earliestEndTime,
  bookingsPerDayInRange,
  maxBookingsAllowed,
  coveringContactAtClient,
  requestedCandidateKnown,
  requestedCandidateNotExcluded,
  policiesVersionCurrent,
  policiesAgreed,
];

/** Runs the rules in order, stopping after a halting rule that failed; answers every failure found. */
export function evaluateRules(ctx: BookingRuleContext, rules: readonly BookingRule[] = CREATE_BOOKING_RULES): RuleFailure[] {
  const failures: RuleFailure[] = [];
  for (const rule of rules) {
    const found = rule.check(ctx);
    failures.push(...found);
    if (found.length > 0 && rule.halts) break;
  }
  return failures;
}

/**
 * One problem for all failures: 403/404 first; then 400 when any field is wrong (its `errors` also list the
 * business rules broken, so the form can show everything at once); else 422.
 */
export function toProblem(failures: readonly RuleFailure[]): AppError | undefined {
  if (failures.length === 0) return undefined;
  const access = failures.find((f) => f.status === 403 || f.status === 404);
  if (access) {
    return new AppError(access.status === 404 ? 'not-found' : 'forbidden', {
      detail: access.message,
      ...(access.field ? { errors: { [access.field]: [access.message] } } : {}),
    });
  }
  const errors: Record<string, string[]> = {};
  for (const f of failures) if (f.field) (errors[f.field] ??= []).push(f.message);
  const first = failures.find((f) => f.status === 400) ?? failures[0]!;
  return new AppError(first.status === 400 ? 'validation' : 'rule-violation', {
    detail: first.message,
    ...(Object.keys(errors).length > 0 ? { errors } : {}),
  });
}
