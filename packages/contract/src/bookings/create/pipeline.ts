import { DateTime } from 'luxon';
import type { z } from 'zod';
import {
  bookingsPerDayProblem,
  dateInPastProblem,
  earliestEndProblem,
  endBeforeStartProblem,
  maxBookingsProblem,
  minimumDurationProblem,
  sameDayIssue,
  tooFarAheadProblem,
  weekendProblem,
} from '../../booking-rules';
import { bookingBreakMinutes, breakIssue, normaliseTime, type CreateBookingBody } from '../../bookings';
import { todayIn } from '../../school-days';
import { failure, type ConfirmationMethod, type CreateBookingFailure } from './failures';

/**
 * The rules of spec §5 'Booking create' as one ordered pipeline of named validators over a plain facts object. The
 * server loads the facts from the database and runs every validator; the form builds the same facts from its query
 * cache and runs the same pipeline on what the booker has entered so far (a validator whose inputs are not there
 * yet is skipped). Each failure is a code with parameters on a body path (failures.ts); texts are the edge's business.
 */

export type CreateBookingInput = z.output<typeof CreateBookingBody>;

/** The request as far as it is known: the server's parsed body, or the form's values as they stand. */
export type CreateBookingDraft = Partial<
  Pick<
    CreateBookingInput,
    | 'classificationId'
    | 'gradeIds'
    | 'certificationIds'
    | 'certificationsReviewed'
    | 'dates'
    | 'startTime'
    | 'endTime'
    | 'breakMinutes'
    | 'bookingsPerDay'
    | 'confirmations'
    | 'covering'
    | 'requestedCandidateId'
    | 'policiesAgreed'
    | 'policiesVersion'
  >
>;

/** Dates may lie at most this many days ahead. */
export const MAX_ADVANCE_DAYS = 365;

export type ConfirmationMethods = Record<ConfirmationMethod, boolean>;
export const CONFIRMATION_METHOD_ORDER: readonly ConfirmationMethod[] = ['email', 'sms', 'voice', 'push'];

/** E-mail needs an address, SMS a mobile, voice a mobile and consent, push a portal account (a linked contact). */
export function contactMethods(c: {
  contactId: number | null;
  email: string | null;
  mobile: string | null;
  canReceiveVoice: boolean;
}): ConfirmationMethods {
  const mobile = !!c.mobile?.trim();
  return { email: !!c.email?.trim(), sms: mobile, voice: mobile && c.canReceiveVoice, push: c.contactId !== null };
}

/**
 * The methods this deployment can deliver: e-mail always; SMS and voice with an SMS provider; push with VAPID keys
 * (Web Push). The demo "delivers" every method into its outbox.
 */
export function deliverableMethods(deployment: { demo: boolean; smsProvider: boolean; webPush: boolean }): ConfirmationMethods {
  const phone = deployment.demo || deployment.smsProvider;
  return { email: true, sms: phone, voice: phone, push: deployment.demo || deployment.webPush };
}

export interface RuleClassification {
  id: number;
  minimumDurationInMins: number | null;
  /** 'HH:mm[:ss]' or null. */
  earliestEndTime24hr: string | null;
  defaultBreakInMins: number | null;
  shouldShowBreaks: boolean;
}

export interface CreateBookingFacts {
  body: CreateBookingDraft;
  now: Date;
  location: { timeZone: string };
  client: {
    /** The client's same_day_cutoff as stored (08:00 when unreadable). */
    sameDayCutoff: string | null | undefined;
    minBookingsPerDay: number;
    maxBookingsPerDay: number;
    maxBookingsAllowed: number;
    maxAdvanceDays: number;
  };
  /** The client's active classifications. */
  classifications: readonly RuleClassification[];
  /** The client's grades and every certification that exists; undefined where not loaded (the rule is skipped). */
  gradeIds?: ReadonlySet<number> | undefined;
  certificationIds?: ReadonlySet<number> | undefined;
  /** The location's default certifications. */
  defaultCertificationIds: ReadonlySet<number>;
  /** The location's active booking contacts and the methods each can receive. */
  bookingContacts: readonly { id: number; methods: ConfirmationMethods }[];
  /** The methods this deployment can deliver (deliverableMethods); undefined: every method. */
  deliverableMethods?: ConfirmationMethods | undefined;
  blocks: readonly { datesLocal: readonly string[]; messageMarkdown: string }[];
  /** Local date → the public holiday on it at the location (empty where the location opens on holidays). */
  publicHolidays?: ReadonlyMap<string, string> | undefined;
  /** Whether covering.contactId is a contact at the client; undefined when none was given or not known. */
  coveringContactAtClient?: boolean | undefined;
  /** Whether requestedCandidateId is a favourite or past educator of the client; undefined when not known. */
  requestedCandidateKnown?: boolean | undefined;
  /** Whether the client excluded requestedCandidateId; undefined when not known. */
  requestedCandidateExcluded?: boolean | undefined;
  /** The client's policies: their current version, and whether the caller agreed to that version before. */
  policies?: { version: string; acceptedBefore: boolean } | undefined;
}

export interface Validator {
  name: string;
  /** The body fields it reads: skipped while any is missing (the form, part-filled). */
  needs: readonly (keyof CreateBookingDraft)[];
  /** Stop here when this rule fails: later rules depend on it. */
  halts?: boolean;
  /** `body` is the draft with every field of `needs` present. */
  check(facts: CreateBookingFacts, body: CreateBookingInput): CreateBookingFailure[];
}

// Derived facts the rules share.

export function selectedClassification(facts: CreateBookingFacts): RuleClassification | undefined {
  return facts.classifications.find((c) => c.id === facts.body.classificationId);
}

/** The booking's break by the contract's rule (the booker's where the classification shows breaks, else its default). */
export function effectiveBreak(facts: CreateBookingFacts): number {
  return bookingBreakMinutes(facts.body.breakMinutes, selectedClassification(facts));
}

/**
 * Luxon's zone arithmetic (Intl under the hood) is the dearest step of a create: a five-date request asks for the
 * same (date, time, zone) instants in the rules and again for the rows. The answers never change (the zone data is
 * fixed for the process), so the last few thousand are kept.
 */
const UTC_MEMO_SIZE = 4096;
const utcMemo = new Map<string, number>();

/** The UTC instant of a local date and 'HH:mm' time in a zone (a time skipped by a DST change moves forward). */
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

const today = (facts: CreateBookingFacts) => todayIn(facts.location.timeZone, facts.now);
const onEachDate = (body: CreateBookingInput, test: (date: string, path: string) => CreateBookingFailure | undefined) =>
  body.dates.flatMap((date, i) => test(date, `dates.${i}`) ?? []);

// Access, checked before anything is loaded.

export interface LocationAccess {
  /** The location is in the caller's permission tree. */
  inTree: boolean;
  bookingCreate: boolean;
  pendingBookingCreate: boolean;
}

/** booking create → confirmed; pendingBooking create alone → waits for approval; neither → 403; not in the tree → 404. */
export function locationBookable(access: LocationAccess): CreateBookingFailure[] {
  if (!access.inTree) return [failure('locationNotFound', 'locationId')];
  if (!access.bookingCreate && !access.pendingBookingCreate) return [failure('notBookable', undefined)];
  return [];
}

// The validators, in pipeline order.

export const classificationsExist: Validator = {
  name: 'classificationsExist',
  needs: [],
  halts: true,
  check: (facts) => (facts.classifications.length === 0 ? [failure('noClassifications', undefined)] : []),
};

export const classificationOfClient: Validator = {
  name: 'classificationOfClient',
  needs: ['classificationId'],
  halts: true,
  check: (facts) => (selectedClassification(facts) ? [] : [failure('unknownClassification', 'classificationId')]),
};

export const gradesOfClient: Validator = {
  name: 'gradesOfClient',
  needs: ['gradeIds'],
  check: (facts, body) =>
    facts.gradeIds ? body.gradeIds.flatMap((id, i) => (facts.gradeIds!.has(id) ? [] : [failure('unknownGrade', `gradeIds.${i}`)])) : [],
};

export const certificationsKnown: Validator = {
  name: 'certificationsKnown',
  needs: ['certificationIds'],
  check: (facts, body) =>
    facts.certificationIds
      ? body.certificationIds.flatMap((id, i) =>
          facts.certificationIds!.has(id) ? [] : [failure('unknownCertification', `certificationIds.${i}`)],
        )
      : [],
};

/** Asking for other certifications than the location's defaults needs the booker's review. */
export const certificationsReviewed: Validator = {
  name: 'certificationsReviewed',
  needs: ['certificationIds'],
  check: (facts, body) => {
    const asked = new Set(body.certificationIds);
    const defaults = facts.defaultCertificationIds;
    const same = asked.size === defaults.size && [...asked].every((id) => defaults.has(id));
    return same || body.certificationsReviewed ? [] : [failure('certificationsReview', 'certificationsReviewed')];
  },
};

export const confirmationsValid: Validator = {
  name: 'confirmationsValid',
  needs: ['confirmations'],
  check: (facts, body) => {
    if (body.confirmations.length === 0) return [failure('noConfirmations', 'confirmations')];
    const seen = new Set<number>();
    return body.confirmations.flatMap((c, i): CreateBookingFailure[] => {
      const path = `confirmations.${i}`;
      if (seen.has(c.bookingContactId)) return [failure('duplicateConfirmation', `${path}.bookingContactId`)];
      seen.add(c.bookingContactId);
      const contact = facts.bookingContacts.find((b) => b.id === c.bookingContactId);
      if (!contact) return [failure('unknownBookingContact', `${path}.bookingContactId`)];
      const chosen = CONFIRMATION_METHOD_ORDER.filter((m) => c[m]);
      if (chosen.length === 0) return [failure('noConfirmationMethod', path)];
      return chosen.filter((m) => !contact.methods[m]).map((m) => failure('methodUnavailable', `${path}.${m}`, { method: m }));
    });
  },
};

/** A method the contact can receive is still refused when this deployment cannot deliver it (no SMS provider). */
export const confirmationMethodsDeliverable: Validator = {
  name: 'confirmationMethodsDeliverable',
  needs: ['confirmations'],
  check: (facts, body) => {
    const deliverable = facts.deliverableMethods;
    if (!deliverable) return [];
    return body.confirmations.flatMap((c, i) => {
      const contact = facts.bookingContacts.find((b) => b.id === c.bookingContactId);
      return CONFIRMATION_METHOD_ORDER.filter((m) => c[m] && !deliverable[m] && contact?.methods[m] !== false).map((m) =>
        failure('methodNotDeliverable', `confirmations.${i}.${m}`, { method: m }),
      );
    });
  },
};

export const datesPresentAndUnique: Validator = {
  name: 'datesPresentAndUnique',
  needs: ['dates'],
  check: (_facts, body) => {
    if (body.dates.length === 0) return [failure('noDates', 'dates')];
    const seen = new Set<string>();
    return onEachDate(body, (date, path) => {
      if (seen.has(date)) return failure('duplicateDate', path);
      seen.add(date);
      return undefined;
    });
  },
};

export const datesOnWeekdays: Validator = {
  name: 'datesOnWeekdays',
  needs: ['dates'],
  check: (_facts, body) => onEachDate(body, (date, path) => (weekendProblem(date) ? failure('weekend', path) : undefined)),
};

/** 'Today' is the calendar day in the location's zone. */
export const datesNotInPast: Validator = {
  name: 'datesNotInPast',
  needs: ['dates'],
  check: (facts, body) => {
    const now = today(facts);
    return onEachDate(body, (date, path) => (dateInPastProblem(date, now) ? failure('dateInPast', path) : undefined));
  },
};

export const datesWithinAdvance: Validator = {
  name: 'datesWithinAdvance',
  needs: ['dates'],
  check: (facts, body) => {
    const now = today(facts);
    const days = facts.client.maxAdvanceDays;
    return onEachDate(body, (date, path) => (tooFarAheadProblem(date, now, days) ? failure('tooFarAhead', path, { days }) : undefined));
  },
};

/** A booking block refuses its dates with its own markdown message. */
export const datesNotBlocked: Validator = {
  name: 'datesNotBlocked',
  needs: ['dates'],
  check: (facts, body) =>
    onEachDate(body, (date, path) => {
      const block = facts.blocks.find((b) => b.datesLocal.includes(date));
      return block ? failure('blocked', path, { message: block.messageMarkdown }) : undefined;
    }),
};

export const datesNotOnPublicHolidays: Validator = {
  name: 'datesNotOnPublicHolidays',
  needs: ['dates'],
  check: (facts, body) =>
    onEachDate(body, (date, path) => {
      const name = facts.publicHolidays?.get(date);
      return name ? failure('publicHoliday', path, { name }) : undefined;
    }),
};

/**
 * A date that is today at the location is refused once the local time has reached the client's cut-off; before it,
 * when its start has gone by (a start equal to now is allowed).
 */
export const sameDayCutoff: Validator = {
  name: 'sameDayCutoff',
  needs: ['dates'],
  check: (facts, body) => {
    const rule = { now: facts.now, timeZone: facts.location.timeZone, sameDayCutoff: facts.client.sameDayCutoff };
    return onEachDate(body, (date, path) => {
      const issue = sameDayIssue(rule, date, body.startTime);
      if (!issue) return undefined;
      return issue.code === 'sameDayCutoff' ? failure('sameDayCutoff', path, { cutoff: issue.cutoff }) : failure('startPassed', path);
    });
  },
};

/** End after start, on the clock and in real time on each date (a DST change must not turn it around). */
export const endAfterStart: Validator = {
  name: 'endAfterStart',
  needs: ['startTime', 'endTime'],
  check: (facts, body) => {
    const { startTime, endTime } = body;
    const zone = facts.location.timeZone;
    const turned =
      endBeforeStartProblem(startTime, endTime) !== undefined ||
      (body.dates ?? []).some((d) => utcOf(d, endTime, zone).getTime() <= utcOf(d, startTime, zone).getTime());
    return turned ? [failure('endBeforeStart', 'endTime')] : [];
  },
};

/** The contract's break rule: a set break unchanged, within bounds, shorter than the booking. */
export const breakShorterThanBooking: Validator = {
  name: 'breakShorterThanBooking',
  needs: ['startTime', 'endTime'],
  check: (facts, body) => {
    const issue = breakIssue(body.breakMinutes, selectedClassification(facts), body.startTime, body.endTime);
    if (!issue) return [];
    if (issue.code === 'breakFixed') return [failure('breakFixed', 'breakMinutes', { minutes: issue.minutes })];
    if (issue.code === 'breakOutOfRange') return [failure('breakOutOfRange', 'breakMinutes', { min: issue.min, max: issue.max })];
    return [failure('breakTooLong', 'breakMinutes')];
  },
};

/** The classification's minimum duration, net of the break. */
export const minimumDuration: Validator = {
  name: 'minimumDuration',
  needs: ['startTime', 'endTime'],
  check: (facts, body) => {
    const minutes = selectedClassification(facts)?.minimumDurationInMins;
    return minutes && minimumDurationProblem(body.startTime, body.endTime, effectiveBreak(facts), minutes)
      ? [failure('minimumDuration', 'endTime', { minutes })]
      : [];
  },
};

export const earliestEndTime: Validator = {
  name: 'earliestEndTime',
  needs: ['endTime'],
  check: (facts, body) => {
    const earliest = selectedClassification(facts)?.earliestEndTime24hr;
    return earliest && earliestEndProblem(body.endTime, earliest)
      ? [failure('endBeforeMinimum', 'endTime', { time: normaliseTime(earliest) })]
      : [];
  },
};

export const bookingsPerDayInRange: Validator = {
  name: 'bookingsPerDayInRange',
  needs: ['bookingsPerDay'],
  check: (facts, body) => {
    const { minBookingsPerDay: min, maxBookingsPerDay: max } = facts.client;
    return bookingsPerDayProblem(body.bookingsPerDay, facts.client) ? [failure('bookingsPerDay', 'bookingsPerDay', { min, max })] : [];
  },
};

export const maxBookingsAllowed: Validator = {
  name: 'maxBookingsAllowed',
  needs: ['bookingsPerDay', 'dates'],
  check: (facts, body) => {
    const max = facts.client.maxBookingsAllowed;
    return maxBookingsProblem(body.dates.length, body.bookingsPerDay, max)
      ? [failure('maxBookingsAllowed', 'bookingsPerDay', { max })]
      : [];
  },
};

export const coveringContactAtClient: Validator = {
  name: 'coveringContactAtClient',
  needs: [],
  check: (facts) => (facts.coveringContactAtClient === false ? [failure('coveringNotAtClient', 'covering.contactId')] : []),
};

export const requestedCandidateKnown: Validator = {
  name: 'requestedCandidateKnown',
  needs: [],
  check: (facts) => (facts.requestedCandidateKnown === false ? [failure('requestedCandidateUnknown', 'requestedCandidateId')] : []),
};

export const requestedCandidateNotExcluded: Validator = {
  name: 'requestedCandidateNotExcluded',
  needs: [],
  check: (facts) => (facts.requestedCandidateExcluded === true ? [failure('requestedCandidateExcluded', 'requestedCandidateId')] : []),
};

const policiesChanged = (facts: CreateBookingFacts): boolean =>
  facts.body.policiesVersion !== undefined && facts.policies !== undefined && facts.body.policiesVersion !== facts.policies.version;

/** The policies the booker read are the current ones (they may have changed while the form was open). */
export const policiesVersionCurrent: Validator = {
  name: 'policiesVersionCurrent',
  needs: [],
  check: (facts) => (policiesChanged(facts) ? [failure('policiesChanged', 'policiesAgreed')] : []),
};

/** Agreed now, or agreed to the current version before (the caller's acceptance on record). */
export const policiesAgreed: Validator = {
  name: 'policiesAgreed',
  needs: [],
  check: (facts) =>
    facts.body.policiesAgreed || facts.policies?.acceptedBefore || policiesChanged(facts)
      ? []
      : [failure('policiesAgreed', 'policiesAgreed')],
};

/** In order: what later rules depend on first, then fields, then the business rules. */
export const CREATE_BOOKING_PIPELINE: readonly Validator[] = [
  classificationsExist,
  classificationOfClient,
  gradesOfClient,
  certificationsKnown,
  certificationsReviewed,
  confirmationsValid,
  confirmationMethodsDeliverable,
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

/**
 * Runs the validators in order, skipping one whose inputs are not there yet and stopping after a halting one that
 * failed; answers every failure found.
 */
export function runCreateBookingPipeline(
  facts: CreateBookingFacts,
  pipeline: readonly Validator[] = CREATE_BOOKING_PIPELINE,
): CreateBookingFailure[] {
  const failures: CreateBookingFailure[] = [];
  for (const validator of pipeline) {
    if (validator.needs.some((name) => facts.body[name] === undefined)) continue;
    // Every field the validator reads is present (checked just above).
    const found = validator.check(facts, facts.body as CreateBookingInput);
    failures.push(...found);
    if (found.length > 0 && validator.halts) break;
  }
  return failures;
}
