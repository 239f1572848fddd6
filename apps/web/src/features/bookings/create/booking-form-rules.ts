import type { BookingContact, BookingLocation, Classification } from '@portal/contract/booking-reference';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { cutoffState, type SameDayRule } from '@portal/contract/booking-rules';
import {
  CONFIRMATION_METHOD_ORDER,
  runCreateBookingPipeline,
  type ConfirmationMethods,
  type CreateBookingDraft,
  type CreateBookingFacts,
} from '@portal/contract/bookings/create/pipeline';
import type { CreateBookingFailure } from '@portal/contract/bookings/create/failures';
import { bookingBreakMinutes, CreateBookingBody, MAX_DATES_PER_REQUEST, minutesOf, normaliseTime } from '@portal/contract/bookings';
import { ABSENCE_REASONS, type AbsenceReason, type ConfirmationMethod } from '@portal/contract/domain';
import { MAX_NOTES_LENGTH, MAX_SHORT_TEXT_LENGTH } from '@portal/contract/limits';
import { FORM_MESSAGES } from '@portal/contract/messages';
import { addDays } from '@portal/contract/query-params';
import { isWeekend, rollWeekend } from '@portal/contract/school-days';
import { DateTime } from 'luxon';
import { z } from 'zod';
import type { DateSelectionMode } from '../../../components/date-selection';
import { parseTimeInput } from '../../../lib/date-input';
import { deliverableConfirmationMethods } from '../../../lib/runtime-config';
import { ruleMessage } from './booking-messages';

/**
 * The create-booking form's side of spec §5 'Booking create': what it reads from its inputs (strings, '' for nothing
 * chosen) and its query cache, turned into the contract's facts so that the contract's pipeline (the one the server
 * runs) decides; the form keeps only the input checks and where each failure is shown.
 */

export const ROOM_MAX_LENGTH = MAX_SHORT_TEXT_LENGTH;
export const NOTES_MAX_LENGTH = MAX_NOTES_LENGTH;
export const COVERING_NAME_MAX_LENGTH = MAX_SHORT_TEXT_LENGTH;

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

/** What the rules depend on besides the values: the chosen location's reference data from the cache, and the clock. */
export interface BookingRuleContext {
  location: BookingLocation | undefined;
  classification: Classification | undefined;
  /** The client's classifications; undefined while they load. */
  classifications?: readonly Classification[] | undefined;
  /** Every certification offered, and the client's grades; undefined while they load. */
  certificationIds?: readonly number[] | undefined;
  gradeIds?: readonly number[] | undefined;
  /** Certification ids the location asks for by default. */
  defaultCertificationIds: readonly number[];
  contacts: readonly BookingContact[];
  /** The confirmation methods this deployment delivers (the runtime configuration); undefined: every method. */
  deliverableMethods?: ConfirmationMethods | undefined;
  /** Blocked local date → the block's markdown message (public holidays included, with their rule's text): shown. */
  blockedDates: ReadonlyMap<string, string>;
  /** The location's booking blocks, for the rules. */
  blocks?: readonly { datesLocal: readonly string[]; messageMarkdown: string }[] | undefined;
  /** Public holiday local date → the rule's text naming it: the date picker greys these out. */
  holidayDates?: ReadonlyMap<string, string> | undefined;
  /** Public holiday local date → its name, for the rules. */
  holidayNames?: ReadonlyMap<string, string> | undefined;
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

/** Why a date cannot be booked (a rule message), or undefined when it can: the contract's date rules, as the server checks them. */
export function dateProblem(date: string, context: BookingRuleContext): string | undefined {
  if (!DateTime.fromISO(date).isValid) return FORM_MESSAGES.date;
  const facts = factsOf({ dates: [date] }, context);
  const found = facts ? runCreateBookingPipeline(facts).find((f) => f.field === 'dates.0') : undefined;
  return found ? messageOf(found) : undefined;
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

/** The methods a contact can receive and this deployment delivers, in the contract's order. */
export function allowedMethods(
  contact: BookingContact | undefined,
  deliverable: ConfirmationMethods = deliverableConfirmationMethods(),
): ConfirmationMethod[] {
  return CONFIRMATION_METHOD_ORDER.filter((method) => contact?.methods[method] && deliverable[method]);
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

// The rules

const required = (value: string) => value.trim() !== '';

/** A failure of the contract's pipeline as the form's field message. */
export function messageOf(failure: CreateBookingFailure): string {
  return ruleMessage(failure.code, failure.params);
}

/** Failures of the whole request: shown on the field that leads to them. */
const WHOLE_REQUEST_FIELD: Partial<Record<CreateBookingFailure['code'], keyof BookingFormValues>> = {
  noClassifications: 'classificationId',
  notBookable: 'locationId',
  locationNotFound: 'locationId',
};

/** The form's field path of a failure (`dates.2` → dates; `confirmations.0.sms` → confirmations.0). */
export function formPathOf(failure: Pick<CreateBookingFailure, 'code' | 'field'>): (string | number)[] | undefined {
  if (failure.field === undefined) {
    const field = WHOLE_REQUEST_FIELD[failure.code];
    return field ? [field] : undefined;
  }
  const target = formFieldOf(failure.field);
  if (!target) return undefined;
  return target.field.startsWith('confirmations.') ? ['confirmations', target.index!] : [target.field];
}

/** The request as far as the booker has entered it: each field only once it reads as the body's. */
export function draftOf(values: BookingFormValues, classification: Classification | undefined): CreateBookingDraft {
  const start = parseTimeInput(values.startTime);
  const end = parseTimeInput(values.endTime);
  const perDay = values.bookingsPerDay.trim();
  const datesValid = values.dates.length <= MAX_DATES_PER_REQUEST && values.dates.every((d) => DateTime.fromISO(d).isValid);
  const breakMinutes = typedBreak(values, classification);
  return {
    ...(required(values.classificationId) ? { classificationId: Number(values.classificationId) } : {}),
    gradeIds: values.gradeIds,
    certificationIds: values.certificationIds,
    certificationsReviewed: values.certificationsReviewed,
    ...(datesValid ? { dates: values.dates } : {}),
    ...(start !== undefined ? { startTime: normaliseTime(start) } : {}),
    ...(end !== undefined ? { endTime: normaliseTime(end) } : {}),
    ...(breakMinutes !== undefined ? { breakMinutes } : {}),
    ...(/^\d+$/.test(perDay) ? { bookingsPerDay: Number(perDay) } : {}),
    confirmations: values.confirmations,
    policiesAgreed: values.policiesAgreed,
  };
}

/** The contract's facts from the form's cache, or undefined until a location is chosen and its classifications load. */
export function factsOf(draft: CreateBookingDraft, context: BookingRuleContext): CreateBookingFacts | undefined {
  const { location, classifications, sameDay } = context;
  if (!location || !classifications || !sameDay) return undefined;
  return {
    body: draft,
    now: sameDay.now,
    location: { timeZone: location.timeZone },
    client: { ...location.rules },
    classifications: classifications.map((c) => ({ id: c.id, ...c.extraValidation })),
    certificationIds: context.certificationIds ? new Set(context.certificationIds) : undefined,
    gradeIds: context.gradeIds ? new Set(context.gradeIds) : undefined,
    defaultCertificationIds: new Set(context.defaultCertificationIds),
    bookingContacts: context.contacts.map((c) => ({ id: c.id, methods: c.methods })),
    deliverableMethods: context.deliverableMethods,
    blocks: context.blocks ?? [],
    publicHolidays: context.holidayNames,
    policies: { version: location.rules.policiesVersion, acceptedBefore: location.rules.policiesAcceptedAt !== null },
  };
}

/**
 * Spec §5 'Booking create' on the form's values: the inputs read as the body's (required, a time, a number, lengths),
 * then the contract's pipeline over the facts in the cache; each failure on its field as a rule message.
 */
export function bookingFormSchema(context: BookingRuleContext) {
  const { classification } = context;
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
      const taken = new Set<string>();
      const issue = (path: (string | number)[], message: string) => {
        const key = path.join('.');
        if (taken.has(key)) return;
        taken.add(key);
        ctx.addIssue({ code: 'custom', path, message });
      };
      // The inputs, read as the body reads them.
      if (!required(values.locationId)) issue(['locationId'], FORM_MESSAGES.required);
      if (!required(values.classificationId)) issue(['classificationId'], FORM_MESSAGES.required);
      if (values.dates.length > MAX_DATES_PER_REQUEST) issue(['dates'], FORM_MESSAGES.between(1, MAX_DATES_PER_REQUEST));
      else if (values.dates.some((d) => !DateTime.fromISO(d).isValid)) issue(['dates'], FORM_MESSAGES.date);
      for (const name of ['startTime', 'endTime'] as const) {
        if (!required(values[name])) issue([name], FORM_MESSAGES.required);
        else if (parseTimeInput(values[name]) === undefined) issue([name], ruleMessage('invalidTime'));
      }
      const breakText = values.breakMinutes.trim();
      if (classification?.extraValidation.shouldShowBreaks && breakText === '') issue(['breakMinutes'], FORM_MESSAGES.required);
      else if (classification?.extraValidation.shouldShowBreaks && !/^\d+$/.test(breakText)) issue(['breakMinutes'], FORM_MESSAGES.number);
      const perDay = values.bookingsPerDay.trim();
      if (perDay === '') issue(['bookingsPerDay'], FORM_MESSAGES.required);
      else if (!/^\d+$/.test(perDay)) issue(['bookingsPerDay'], FORM_MESSAGES.number);
      if (values.coveringName.trim().length > COVERING_NAME_MAX_LENGTH)
        issue(['coveringName'], FORM_MESSAGES.max(COVERING_NAME_MAX_LENGTH));
      if (required(values.coveringName) && !required(values.coveringReason)) issue(['coveringReason'], FORM_MESSAGES.required);
      if (values.room.trim().length > ROOM_MAX_LENGTH) issue(['room'], FORM_MESSAGES.max(ROOM_MAX_LENGTH));
      if (values.notes.trim().length > NOTES_MAX_LENGTH) issue(['notes'], FORM_MESSAGES.max(NOTES_MAX_LENGTH));

      // The rules: the contract's pipeline, as the server runs it.
      const facts = factsOf(draftOf(values, classification), context);
      if (!facts) {
        if (values.dates.length === 0) issue(['dates'], ruleMessage('noDates'));
        if (values.confirmations.length === 0) issue(['confirmations'], ruleMessage('noConfirmations'));
        if (!values.policiesAgreed) issue(['policiesAgreed'], ruleMessage('policiesAgreed'));
        return;
      }
      for (const failure of runCreateBookingPipeline(facts)) {
        const path = formPathOf(failure);
        if (path) issue(path, messageOf(failure));
      }
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
  grades?: ReadonlyArray<{ id: number }> | undefined;
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
  const holidays = reference.holidays;
  const openOnHolidays = !holidays || holidays.locationId !== location?.locationId || holidays.openOnPublicHolidays;
  const blocks = (reference.blocks ?? []).filter((b) => b.locationId === location?.locationId);
  return {
    location,
    classification: reference.classifications?.find((c) => String(c.id) === values.classificationId),
    classifications: reference.classifications,
    certificationIds: reference.certifications?.map((c) => c.id),
    gradeIds: reference.grades?.map((g) => g.id),
    defaultCertificationIds: (reference.certifications ?? []).filter((c) => c.isLocationDefault).map((c) => c.id),
    contacts: reference.contacts ?? [],
    deliverableMethods: deliverableConfirmationMethods(),
    blockedDates: new Map([...holidayDates, ...blockedDatesOf(reference.blocks ?? [], location?.locationId)]),
    blocks: blocks.map((b) => ({ datesLocal: b.datesLocal, messageMarkdown: b.messageMarkDown })),
    holidayDates,
    holidayNames: openOnHolidays ? new Map() : new Map(holidays.holidays.map((h) => [h.dateLocal, h.name])),
    today: cutoff?.today ?? '0000-00-00',
    pastCutoff: cutoff?.pastCutoff ?? false,
    sameDay,
  };
}
