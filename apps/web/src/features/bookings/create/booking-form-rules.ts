import type { BookingContact, BookingLocation, Classification } from '@portal/contract/booking-reference';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import {
  bookingsPerDayProblem,
  cutoffState,
  dateInPastProblem,
  earliestEndProblem,
  endBeforeStartProblem,
  maxBookingsProblem,
  minimumDurationProblem,
  parseCutoff,
  sameDayProblem,
  tooFarAheadProblem,
  weekendProblem,
  type SameDayRule,
} from '@portal/contract/booking-rules';
import {
  bookingBreakMinutes,
  breakProblem,
  CreateBookingBody,
  MAX_DATES_PER_REQUEST,
  minutesOf,
  normaliseTime,
} from '@portal/contract/bookings';
import { ABSENCE_REASONS, CONFIRMATION_METHODS, type AbsenceReason, type ConfirmationMethod } from '@portal/contract/domain';
import { MAX_NOTES_LENGTH, MAX_SHORT_TEXT_LENGTH } from '@portal/contract/limits';
import { FORM_MESSAGES } from '@portal/contract/messages';
import { addDays } from '@portal/contract/query-params';
import { isWeekend, rollWeekend } from '@portal/contract/school-days';
import { DateTime } from 'luxon';
import { z } from 'zod';
import type { DateSelectionMode } from '../../../components/date-selection';
import { parseTimeInput } from '../../../lib/date-input';

/**
 * The pure rules of the create-booking form (spec §5 'Booking create'), with the contract's texts. The server
 * checks every one of them again; the form checks them so the booker hears about them before submitting.
 */

export const ROOM_MAX_LENGTH = MAX_SHORT_TEXT_LENGTH;
export const NOTES_MAX_LENGTH = MAX_NOTES_LENGTH;
export const COVERING_NAME_MAX_LENGTH = MAX_SHORT_TEXT_LENGTH;
/** Not in the contract (the server answers it for a time that is not one); the form uses the same words. */
export const INVALID_TIME = 'Please enter a valid time';

export interface ConfirmationValue {
  bookingContactId: number;
  email: boolean;
  sms: boolean;
  voice: boolean;
  push: boolean;
}

/** What the form holds: inputs as they give them (strings; '' for nothing chosen). */
export interface BookingFormValues {
  locationId: string;
  classificationId: string;
  gradeIds: number[];
  certificationIds: number[];
  certificationsReviewed: boolean;
  dates: string[];
  startTime: string;
  endTime: string;
  breakMinutes: string;
  isFullDay: boolean;
  bookingsPerDay: string;
  coveringName: string;
  coveringReason: string;
  room: string;
  notes: string;
  confirmations: ConfirmationValue[];
  policiesAgreed: boolean;
}

export function emptyBookingForm(): BookingFormValues {
  return {
    locationId: '',
    classificationId: '',
    gradeIds: [],
    certificationIds: [],
    certificationsReviewed: false,
    dates: [],
    startTime: '',
    endTime: '',
    breakMinutes: '',
    isFullDay: true,
    bookingsPerDay: '1',
    coveringName: '',
    coveringReason: '',
    room: '',
    notes: '',
    confirmations: [],
    policiesAgreed: false,
  };
}

/** What the rules depend on besides the values: the chosen location's and classification's data, and the clock. */
export interface BookingRuleContext {
  location: BookingLocation | undefined;
  classification: Classification | undefined;
  /** Certification ids the location asks for by default. */
  defaultCertificationIds: readonly number[];
  contacts: readonly BookingContact[];
  /** Blocked local date → the block's markdown message (public holidays included, with their rule's text). */
  blockedDates: ReadonlyMap<string, string>;
  /** Public holiday local date → the rule's text naming it: the date picker greys these out. */
  holidayDates?: ReadonlyMap<string, string> | undefined;
  /** Today in the location's zone, and whether its same-day cut-off has passed. */
  today: string;
  pastCutoff: boolean;
  /** The clock, the location's zone and the client's cut-off: the contract's same-day rule (undefined: no location). */
  sameDay?: SameDayRule | undefined;
}

// Dates

/**
 * Dates from the date picker (spec §9: weekends roll to the next weekday): a range gives its weekdays (the weekend
 * days inside it are skipped); single and multiple dates on a weekend roll to the Monday after.
 */
export function datesFromSelection(selection: readonly string[], mode: DateSelectionMode): { dates: string[]; weekendDays: number } {
  let weekendDays = 0;
  const dates: string[] = [];
  if (mode === 'range' && selection.length === 2) {
    const last = selection[1]!;
    for (let day = selection[0]!; day <= last && dates.length <= MAX_DATES_PER_REQUEST; day = addDays(day, 1)) {
      if (isWeekend(day)) weekendDays++;
      else dates.push(day);
    }
  } else {
    for (const day of selection) {
      if (isWeekend(day)) weekendDays++;
      dates.push(rollWeekend(day));
    }
  }
  return { dates: [...new Set(dates)].sort(), weekendDays };
}

/** The chosen dates plus new ones, sorted, without repeats. */
export function mergeDates(current: readonly string[], added: readonly string[]): string[] {
  return [...new Set([...current, ...added])].sort();
}

/** Blocked local dates of a location, each with its block's message. */
export function blockedDatesOf(
  blocks: ReadonlyArray<{ locationId: number; datesLocal: string[]; messageMarkDown: string }>,
  locationId: number | undefined,
): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of blocks) {
    if (block.locationId !== locationId) continue;
    for (const date of block.datesLocal) if (!map.has(date)) map.set(date, block.messageMarkDown);
  }
  return map;
}

/** The location's public holidays with the rule's text (none where it opens on them): the server refuses them too. */
export function holidayDatesOf(holidays: ReferenceData['holidays'], locationId: number | undefined): Map<string, string> {
  if (!holidays || holidays.locationId !== locationId || holidays.openOnPublicHolidays) return new Map();
  return new Map(holidays.holidays.map((h) => [h.dateLocal, BOOKING_MESSAGES.publicHoliday(h.name)]));
}

/** Why a date cannot be booked, or undefined when it can: the contract's rules, as the server checks them. */
export function dateProblem(
  date: string,
  context: Pick<BookingRuleContext, 'today' | 'pastCutoff' | 'blockedDates' | 'location'>,
): string | undefined {
  if (!DateTime.fromISO(date).isValid) return FORM_MESSAGES.date;
  const blocked = context.blockedDates.get(date);
  const maxAdvance = context.location?.rules.maxAdvanceDays;
  return (
    dateInPastProblem(date, context.today) ??
    weekendProblem(date) ??
    blocked ??
    (date === context.today && context.pastCutoff
      ? BOOKING_MESSAGES.sameDayCutoff(parseCutoff(context.location?.rules.sameDayCutoff))
      : undefined) ??
    (maxAdvance ? tooFarAheadProblem(date, context.today, maxAdvance) : undefined)
  );
}

// Times

/** Minutes of a typed time, or undefined when it is not one of spec §5's forms. */
export function timeMinutes(value: string): number | undefined {
  const parsed = parseTimeInput(value);
  return parsed === undefined ? undefined : minutesOf(parsed);
}

/** 'HH:mm' of a typed time ('8:30' → '08:30'), or the input as it is when it is not a time. */
export function normalisedTime(value: string): string {
  const parsed = parseTimeInput(value);
  return parsed === undefined ? value.trim() : normaliseTime(parsed);
}

/**
 * The break the booking will have, by the contract's rule: typed where the classification shows breaks (its
 * default prefilled), else the classification's own default (shown, not editable).
 */
export function breakOf(values: Pick<BookingFormValues, 'breakMinutes'>, classification: Classification | undefined): number {
  return bookingBreakMinutes(typedBreak(values, classification), classification?.extraValidation);
}

/** The break the booker typed, sent only where breaks are shown (elsewhere the classification's break applies). */
function typedBreak(values: Pick<BookingFormValues, 'breakMinutes'>, classification: Classification | undefined): number | undefined {
  if (!classification?.extraValidation.shouldShowBreaks) return undefined;
  const text = values.breakMinutes.trim();
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

/** Total bookings the request makes: dates × bookings per day (0 while either is missing). */
export function totalBookings(dates: number, perDay: string): number {
  const n = Number(perDay);
  return Number.isInteger(n) && n > 0 ? dates * n : 0;
}

/** Whether the certification choice differs from the location's defaults (then it needs review, spec §5). */
export function certificationsDiffer(chosen: readonly number[], defaults: readonly number[]): boolean {
  if (chosen.length !== defaults.length) return true;
  const set = new Set(defaults);
  return chosen.some((id) => !set.has(id));
}

/** The methods a contact can receive, in the contract's order. */
export function allowedMethods(contact: BookingContact | undefined): ConfirmationMethod[] {
  return CONFIRMATION_METHODS.filter((method) => contact?.methods[method]);
}

/** The booking contacts with the person booking first (they are offered, and ticked, before anyone else). */
export function bookerFirst<T extends { isCurrentUser: boolean }>(contacts: readonly T[]): T[] {
  return [...contacts.filter((c) => c.isCurrentUser), ...contacts.filter((c) => !c.isCurrentUser)];
}

/** A confirmation for a contact just ticked: e-mail when it can, else its first method. */
export function defaultConfirmation(contact: BookingContact): ConfirmationValue {
  const methods = allowedMethods(contact);
  const first = methods.includes('email') ? 'email' : methods[0];
  return { bookingContactId: contact.id, email: first === 'email', sms: first === 'sms', voice: first === 'voice', push: first === 'push' };
}

// The schema

const required = (value: string) => value.trim() !== '';

/** Every rule of spec §5 'Booking create' on the form's values, each issue on its field with the contract's text. */
export function bookingFormSchema(context: BookingRuleContext) {
  const { location, classification } = context;
  return z
    .object({
      locationId: z.string(),
      classificationId: z.string(),
      gradeIds: z.array(z.number()),
      certificationIds: z.array(z.number()),
      certificationsReviewed: z.boolean(),
      dates: z.array(z.string()),
      startTime: z.string(),
      endTime: z.string(),
      breakMinutes: z.string(),
      isFullDay: z.boolean(),
      bookingsPerDay: z.string(),
      coveringName: z.string(),
      coveringReason: z.string(),
      room: z.string(),
      notes: z.string(),
      confirmations: z.array(
        z.object({ bookingContactId: z.number(), email: z.boolean(), sms: z.boolean(), voice: z.boolean(), push: z.boolean() }),
      ),
      policiesAgreed: z.boolean(),
    })
    .superRefine((values, ctx) => {
      const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
      if (!required(values.locationId)) issue(['locationId'], FORM_MESSAGES.required);
      if (!required(values.classificationId)) issue(['classificationId'], FORM_MESSAGES.required);

      // Dates: at least one; each a bookable weekday.
      if (values.dates.length === 0) issue(['dates'], BOOKING_MESSAGES.noDates);
      else if (values.dates.length > MAX_DATES_PER_REQUEST) issue(['dates'], FORM_MESSAGES.between(1, MAX_DATES_PER_REQUEST));
      else {
        const problems = values.dates.map((date) => dateProblem(date, context));
        const first = problems.findIndex((problem) => problem !== undefined);
        if (first >= 0) issue(['dates'], problems[first]!);
      }

      // Times: valid, in order, not before the earliest end, at least the minimum duration.
      const start = timeMinutes(values.startTime);
      const end = timeMinutes(values.endTime);
      if (!required(values.startTime)) issue(['startTime'], FORM_MESSAGES.required);
      else if (start === undefined) issue(['startTime'], INVALID_TIME);
      if (!required(values.endTime)) issue(['endTime'], FORM_MESSAGES.required);
      else if (end === undefined) issue(['endTime'], INVALID_TIME);
      const extra = classification?.extraValidation;
      if (start !== undefined && end !== undefined) {
        const [startTime, endTime] = [normalisedTime(values.startTime), normalisedTime(values.endTime)];
        const problem =
          endBeforeStartProblem(startTime, endTime) ??
          earliestEndProblem(endTime, extra?.earliestEndTime24hr) ??
          minimumDurationProblem(startTime, endTime, breakOf(values, classification), extra?.minimumDurationInMins);
        if (problem) issue(['endTime'], problem);
        // Today's start must not have gone by (a start equal to now is allowed); the cut-off itself is a date's problem.
        if (context.sameDay && values.dates.includes(context.today) && !context.pastCutoff) {
          const passed = sameDayProblem(context.sameDay, context.today, startTime);
          if (passed) issue(['startTime'], passed);
        }
      }
      // The break: the contract's rule (bounds, shorter than the booking), as the server checks it.
      const breakText = values.breakMinutes.trim();
      if (extra?.shouldShowBreaks && breakText === '') issue(['breakMinutes'], FORM_MESSAGES.required);
      else if (extra?.shouldShowBreaks && !/^\d+$/.test(breakText)) issue(['breakMinutes'], FORM_MESSAGES.number);
      else if (start !== undefined && end !== undefined) {
        const problem = breakProblem(
          typedBreak(values, classification),
          extra,
          normalisedTime(values.startTime),
          normalisedTime(values.endTime),
        );
        if (problem) issue(['breakMinutes'], problem);
      }

      // Bookings per day within the client's range, and the request within its maximum.
      const rules = location?.rules;
      const perDayText = values.bookingsPerDay.trim();
      const perDay = Number(perDayText);
      if (perDayText === '') issue(['bookingsPerDay'], FORM_MESSAGES.required);
      else if (!/^\d+$/.test(perDayText)) issue(['bookingsPerDay'], FORM_MESSAGES.number);
      else if (rules) {
        const problem = bookingsPerDayProblem(perDay, rules) ?? maxBookingsProblem(values.dates.length, perDay, rules.maxBookingsAllowed);
        if (problem) issue(['bookingsPerDay'], problem);
      }

      // Covering: a name needs the reason for absence.
      if (values.coveringName.trim().length > COVERING_NAME_MAX_LENGTH)
        issue(['coveringName'], FORM_MESSAGES.max(COVERING_NAME_MAX_LENGTH));
      if (required(values.coveringName) && !required(values.coveringReason)) issue(['coveringReason'], FORM_MESSAGES.required);
      if (values.room.trim().length > ROOM_MAX_LENGTH) issue(['room'], FORM_MESSAGES.max(ROOM_MAX_LENGTH));
      if (values.notes.trim().length > NOTES_MAX_LENGTH) issue(['notes'], FORM_MESSAGES.max(NOTES_MAX_LENGTH));

      // Certifications: a change from the location's defaults needs review.
      if (certificationsDiffer(values.certificationIds, context.defaultCertificationIds) && !values.certificationsReviewed)
        issue(['certificationsReviewed'], BOOKING_MESSAGES.certificationsReview);

      // Confirmations: at least one person, each with a method they can receive.
      if (values.confirmations.length === 0) issue(['confirmations'], BOOKING_MESSAGES.noConfirmations);
      values.confirmations.forEach((confirmation, index) => {
        const contact = context.contacts.find((c) => c.id === confirmation.bookingContactId);
        const chosen = CONFIRMATION_METHODS.filter((method) => confirmation[method]);
        if (chosen.length === 0) issue(['confirmations', index], BOOKING_MESSAGES.noConfirmationMethod);
        const unavailable = chosen.find((method) => contact && !contact.methods[method]);
        if (unavailable) issue(['confirmations', index], BOOKING_MESSAGES.methodUnavailable(unavailable));
      });

      if (!values.policiesAgreed) issue(['policiesAgreed'], BOOKING_MESSAGES.policiesAgreed);
    });
}

/** The request body of POST /v1/bookings, through the contract's own schema. */
export function toCreateBookingBody(values: BookingFormValues, classification: Classification | undefined): CreateBookingBody {
  const coveringName = values.coveringName.trim();
  const reason = values.coveringReason as AbsenceReason;
  const room = values.room.trim();
  const notes = values.notes.trim();
  const body: CreateBookingBody = {
    locationId: Number(values.locationId),
    classificationId: Number(values.classificationId),
    gradeIds: values.gradeIds,
    certificationIds: values.certificationIds,
    certificationsReviewed: values.certificationsReviewed,
    dates: values.dates,
    startTime: normalisedTime(values.startTime),
    endTime: normalisedTime(values.endTime),
    // Sent only where the classification shows breaks; elsewhere the server applies the classification's own.
    ...(typedBreak(values, classification) !== undefined ? { breakMinutes: typedBreak(values, classification)! } : {}),
    isFullDay: values.isFullDay,
    bookingsPerDay: Number(values.bookingsPerDay),
    ...((ABSENCE_REASONS as readonly string[]).includes(reason)
      ? { covering: { reason, ...(coveringName ? { name: coveringName } : {}) } }
      : {}),
    ...(room ? { room } : {}),
    ...(notes ? { notes } : {}),
    confirmations: values.confirmations.map((c) => ({ ...c })),
    policiesAgreed: values.policiesAgreed,
  };
  return CreateBookingBody.parse(body) as CreateBookingBody;
}

/** Form field of a server error key (`dates.2`, `endTime`, `confirmations.0.sms`, `covering.reason`). */
export function formFieldOf(key: string): { field: keyof BookingFormValues | `confirmations.${number}`; index?: number } | undefined {
  const [head = '', second, ...rest] = key.split('.');
  void rest;
  switch (head) {
    case 'dates':
      return second !== undefined && /^\d+$/.test(second) ? { field: 'dates', index: Number(second) } : { field: 'dates' };
    case 'confirmations':
      return second !== undefined && /^\d+$/.test(second)
        ? { field: `confirmations.${Number(second)}`, index: Number(second) }
        : { field: 'confirmations' };
    case 'covering':
      return { field: second === 'name' ? 'coveringName' : 'coveringReason' };
    case 'gradeIds':
    case 'certificationIds':
      return { field: head };
    case 'locationId':
    case 'classificationId':
    case 'certificationsReviewed':
    case 'startTime':
    case 'endTime':
    case 'breakMinutes':
    case 'isFullDay':
    case 'bookingsPerDay':
    case 'room':
    case 'notes':
    case 'policiesAgreed':
      return { field: head };
    default:
      return undefined;
  }
}

/** The reference data the rules read (each undefined while it loads). */
export interface ReferenceData {
  classifications?: readonly Classification[] | undefined;
  certifications?: ReadonlyArray<{ id: number; isLocationDefault: boolean }> | undefined;
  contacts?: readonly BookingContact[] | undefined;
  blocks?: ReadonlyArray<{ locationId: number; datesLocal: string[]; messageMarkDown: string }> | undefined;
  holidays?:
    { locationId: number; openOnPublicHolidays: boolean; holidays: ReadonlyArray<{ dateLocal: string; name: string }> } | undefined;
}

/** What the rules depend on, from the values (the chosen location and classification), the reference data and the clock. */
export function ruleContextOf(
  values: Pick<BookingFormValues, 'locationId' | 'classificationId'>,
  locations: readonly BookingLocation[],
  reference: ReferenceData,
  now: Date,
): BookingRuleContext {
  const location = locations.find((l) => String(l.locationId) === values.locationId);
  const sameDay = location ? { now, timeZone: location.timeZone, sameDayCutoff: location.rules.sameDayCutoff } : undefined;
  const cutoff = sameDay ? cutoffState(sameDay) : undefined;
  const holidayDates = holidayDatesOf(reference.holidays, location?.locationId);
  return {
    location,
    classification: reference.classifications?.find((c) => String(c.id) === values.classificationId),
    defaultCertificationIds: (reference.certifications ?? []).filter((c) => c.isLocationDefault).map((c) => c.id),
    contacts: reference.contacts ?? [],
    blockedDates: new Map([...holidayDates, ...blockedDatesOf(reference.blocks ?? [], location?.locationId)]),
    holidayDates,
    today: cutoff?.today ?? '0000-00-00',
    pastCutoff: cutoff?.pastCutoff ?? false,
    sameDay,
  };
}
