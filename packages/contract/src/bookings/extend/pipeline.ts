import { BOOKING_MESSAGES, EARLIEST_START_TIME, EXTEND_BLOCK_CAP_DAYS } from '../../booking-messages';
import { firstBookableDate } from '../../booking-rules';
import { breakIssue, minutesOf, normaliseTime } from '../../bookings';
import { FORM_MESSAGES } from '../../messages';
import { addDays } from '../../query-params';
import { isWeekend, schoolDayOnOrBefore } from '../../school-days';

/**
 * The rules of spec §5 'Extend' (and §4: the user may leave days out) as named validators over plain facts, one copy
 * for the server and the extend dialog: the times (every field completed is the form's; after the earliest start,
 * end after start, a break shorter than the day, the classification's minimum duration and earliest end), then the
 * dates (at least one school day later, within the client's maximum and the four-week block cap, not ending on a
 * public holiday, at least one open day, days kept among those offered). Failures are codes with parameters.
 */

export type ExtendFailure =
  | { code: 'startTooEarly'; field: 'startTime'; params: { time: string } }
  | { code: 'endBeforeStart'; field: 'endTime'; params?: undefined }
  | { code: 'breakOutOfRange'; field: 'breakMinutes'; params: { min: number; max: number } }
  | { code: 'breakTooLong'; field: 'breakMinutes'; params?: undefined }
  | { code: 'minimumDuration'; field: 'endTime'; params: { minutes: number } }
  | { code: 'endBeforeMinimum'; field: 'endTime'; params: { time: string } }
  | { code: 'minimumOneDay'; field: 'endDateLocal' | 'dates'; params?: undefined }
  | { code: 'maxDate'; field: 'endDateLocal'; params: { date: string } }
  | { code: 'blockCap'; field: 'endDateLocal'; params?: undefined }
  | { code: 'publicHoliday'; field: 'endDateLocal'; params: { name: string } }
  | { code: 'dateNotOffered'; field: 'dates'; params: { date: string } };

export type ExtendCode = ExtendFailure['code'];

/** Time failures are the form's to catch (400); date failures are business rules (422). */
export const EXTEND_TIME_CODES: ReadonlySet<ExtendCode> = new Set([
  'startTooEarly',
  'endBeforeStart',
  'breakOutOfRange',
  'breakTooLong',
  'minimumDuration',
  'endBeforeMinimum',
]);

/** The API's English text of a failure. */
export function extendText(f: ExtendFailure): string {
  switch (f.code) {
    case 'startTooEarly':
      return BOOKING_MESSAGES.extendStartTooEarly(f.params.time);
    case 'endBeforeStart':
      return FORM_MESSAGES.endBeforeStart;
    case 'breakOutOfRange':
      return FORM_MESSAGES.between(f.params.min, f.params.max);
    case 'breakTooLong':
      return BOOKING_MESSAGES.breakTooLong;
    case 'minimumDuration':
      return BOOKING_MESSAGES.minimumDuration(f.params.minutes);
    case 'endBeforeMinimum':
      return FORM_MESSAGES.endBeforeMinimum(f.params.time);
    case 'minimumOneDay':
      return BOOKING_MESSAGES.extendMinimumOneDay;
    case 'maxDate':
      return BOOKING_MESSAGES.extendMaxDate(f.params.date);
    case 'blockCap':
      return BOOKING_MESSAGES.extendBlockCap;
    case 'publicHoliday':
      return BOOKING_MESSAGES.publicHoliday(f.params.name);
    case 'dateNotOffered':
      return BOOKING_MESSAGES.extendDateNotOffered(f.params.date);
  }
}

// Times

/** The extension's times ('HH:mm'; each undefined while not a time) and its classification's rules, where known. */
export interface ExtendTimesFacts {
  startTime?: string | undefined;
  endTime?: string | undefined;
  breakMinutes: number;
  /** The booking's classification; undefined where not known (the rule is skipped). */
  minimumDurationInMins?: number | null | undefined;
  earliestEndTime24hr?: string | null | undefined;
}

export interface ExtendTimeRule {
  name: string;
  check(facts: ExtendTimesFacts): ExtendFailure | undefined;
}

/** An extension's break is its own: shown and chosen, no classification default. */
const EXTEND_BREAK_RULES = { defaultBreakInMins: 0, shouldShowBreaks: true };

const both = (f: ExtendTimesFacts): [number, number] | undefined =>
  f.startTime !== undefined && f.endTime !== undefined ? [minutesOf(f.startTime), minutesOf(f.endTime)] : undefined;

export const startNotTooEarly: ExtendTimeRule = {
  name: 'startNotTooEarly',
  check: (f) =>
    f.startTime !== undefined && minutesOf(f.startTime) < minutesOf(EARLIEST_START_TIME)
      ? { code: 'startTooEarly', field: 'startTime', params: { time: EARLIEST_START_TIME } }
      : undefined,
};

export const endAfterStart: ExtendTimeRule = {
  name: 'endAfterStart',
  check: (f) => {
    const times = both(f);
    return times && times[1] <= times[0] ? { code: 'endBeforeStart', field: 'endTime' } : undefined;
  },
};

/** The contract's break rule (within bounds, shorter than the day). */
export const breakFits: ExtendTimeRule = {
  name: 'breakFits',
  check: (f) => {
    const issue = breakIssue(f.breakMinutes, EXTEND_BREAK_RULES, f.startTime ?? '00:00', f.endTime ?? '00:00');
    if (issue?.code === 'breakOutOfRange')
      return { code: 'breakOutOfRange', field: 'breakMinutes', params: { min: issue.min, max: issue.max } };
    return issue?.code === 'breakTooLong' && both(f) ? { code: 'breakTooLong', field: 'breakMinutes' } : undefined;
  },
};

/** Net of the break, as when creating. */
export const minimumDuration: ExtendTimeRule = {
  name: 'minimumDuration',
  check: (f) => {
    const times = both(f);
    const minimum = f.minimumDurationInMins;
    if (!times || !minimum || times[1] <= times[0]) return undefined;
    return times[1] - times[0] - f.breakMinutes < minimum
      ? { code: 'minimumDuration', field: 'endTime', params: { minutes: minimum } }
      : undefined;
  },
};

export const earliestEnd: ExtendTimeRule = {
  name: 'earliestEnd',
  check: (f) =>
    f.endTime !== undefined && f.earliestEndTime24hr && minutesOf(f.endTime) < minutesOf(f.earliestEndTime24hr)
      ? { code: 'endBeforeMinimum', field: 'endTime', params: { time: normaliseTime(f.earliestEndTime24hr) } }
      : undefined,
};

export const EXTEND_TIME_RULES: readonly ExtendTimeRule[] = [startNotTooEarly, endAfterStart, breakFits, minimumDuration, earliestEnd];

/** Every time rule's failure, in order. */
export function extendTimeFailures(facts: ExtendTimesFacts): ExtendFailure[] {
  return EXTEND_TIME_RULES.flatMap((rule) => rule.check(facts) ?? []);
}

// Dates

export interface ExtendDatesFacts {
  endDateLocal: string;
  /** The start time of the added days: today counts only while it can still be booked. */
  startTime: string;
  now: Date;
  timeZone: string;
  sameDayCutoff: string | null;
  /** Early-learning locations cap a block at four weeks. */
  locationType: string;
  maxExtensionDays: number;
  /** The series as booked (cancelled days included): its first and last date and every date it holds. */
  series: { first: string; last: string; dates: ReadonlySet<string> };
  /** Blocked local dates and public holidays (date → name) after the series' last date, up to the end. */
  blocked: ReadonlySet<string>;
  holidays: ReadonlyMap<string, string>;
}

export interface ExtensionPlan {
  /** The latest end worth choosing: the last school day within the caps. */
  maxEnd: string;
  /** School days added (weekdays after the last date, up to the end, from the first bookable day), blocked or not. */
  days: Array<{ dateLocal: string; blocked: boolean; holiday: string | null }>;
  /** Why the end date cannot be chosen (the first rule broken), if it cannot. */
  failure?: ExtendFailure | undefined;
}

/** The caps of an extension of `series`: the client's maximum and, at early-learning locations, the block cap. */
function caps(facts: Pick<ExtendDatesFacts, 'series' | 'locationType' | 'maxExtensionDays'>) {
  const byClient = addDays(facts.series.last, facts.maxExtensionDays);
  const byBlock = facts.locationType === 'early_learning' ? addDays(facts.series.first, EXTEND_BLOCK_CAP_DAYS - 1) : null;
  return { byClient, byBlock, maxEnd: schoolDayOnOrBefore(byBlock && byBlock < byClient ? byBlock : byClient) };
}

/**
 * A request's dates as an extension sees them: the first that still stands (not cancelled or rejected: the 4-week
 * block counts from it), the last booked in any state (an extension starts after it, so a cancelled last day is never
 * booked again), and every date it holds (never booked twice). Where the request holds no such date, the booking's
 * own date (`ownDate`) stands in for first and last.
 */
export function extensionSeries(
  bookings: ReadonlyArray<{ dateLocal: string; status: string }>,
  ownDate: string,
): ExtendDatesFacts['series'] {
  let first: string | null = null;
  let last: string | null = null;
  for (const b of bookings) {
    if (last === null || b.dateLocal > last) last = b.dateLocal;
    const standing = b.status !== 'cancelled' && b.status !== 'rejected';
    if (standing && (first === null || b.dateLocal < first)) first = b.dateLocal;
  }
  return { first: first ?? ownDate, last: last ?? ownDate, dates: new Set(bookings.map((b) => b.dateLocal)) };
}

/** The facts {@link extensionHasRoom} needs: the series, its location's caps and when a day can still be booked. */
export type ExtensionRoomFacts = Pick<
  ExtendDatesFacts,
  'series' | 'locationType' | 'maxExtensionDays' | 'now' | 'timeZone' | 'sameDayCutoff' | 'startTime'
>;

/** The latest end date an extension of `series` may take: the last school day within the caps. */
export function extensionMaxEnd(facts: Pick<ExtendDatesFacts, 'series' | 'locationType' | 'maxExtensionDays'>): string {
  return caps(facts).maxEnd;
}

/**
 * The first end date that adds a day the extension can book: a weekday after the series' last date, within the caps,
 * that can still be booked, is not in the series already, and is neither blocked nor a public holiday. Null when there
 * is none (the dialog then proposes the next school day and shows why it cannot be taken).
 */
export function firstOpenEndDate(
  facts: ExtensionRoomFacts & { blocked: ReadonlySet<string>; holidays: ReadonlyMap<string, string> },
): string | null {
  const maxEnd = extensionMaxEnd(facts);
  const firstDay = firstBookableDate({ now: facts.now, timeZone: facts.timeZone, sameDayCutoff: facts.sameDayCutoff }, facts.startTime);
  for (let d = addDays(facts.series.last, 1); d <= maxEnd; d = addDays(d, 1)) {
    const open = !isWeekend(d) && d >= firstDay && !facts.series.dates.has(d) && !facts.blocked.has(d) && !facts.holidays.has(d);
    if (open) return d;
  }
  return null;
}

/**
 * Whether extending `series` could add a day at all: {@link firstOpenEndDate} with no blocked days or holidays known.
 * A block at its cap has none, and the booking offers no Extend. Blocked days and public holidays are not weighed
 * here: the extension lists them as days it leaves out.
 */
export function extensionHasRoom(facts: ExtensionRoomFacts): boolean {
  return firstOpenEndDate({ ...facts, blocked: new Set(), holidays: new Map() }) !== null;
}

/** The days an extension to `endDateLocal` adds, and the first end-date rule it breaks. */
export function extensionPlan(facts: ExtendDatesFacts): ExtensionPlan {
  const { endDateLocal, series } = facts;
  const cap = caps(facts);
  const refuse = (failure: ExtendFailure): ExtensionPlan => ({ maxEnd: cap.maxEnd, days: [], failure });
  if (endDateLocal <= series.last) return refuse({ code: 'minimumOneDay', field: 'endDateLocal' });
  if (endDateLocal > cap.byClient) return refuse({ code: 'maxDate', field: 'endDateLocal', params: { date: cap.byClient } });
  if (cap.byBlock && endDateLocal > cap.byBlock) return refuse({ code: 'blockCap', field: 'endDateLocal' });
  const endHoliday = facts.holidays.get(endDateLocal);
  if (endHoliday) return refuse({ code: 'publicHoliday', field: 'endDateLocal', params: { name: endHoliday } });

  const firstDay = firstBookableDate({ now: facts.now, timeZone: facts.timeZone, sameDayCutoff: facts.sameDayCutoff }, facts.startTime);
  const days: ExtensionPlan['days'] = [];
  for (let d = addDays(series.last, 1); d <= endDateLocal; d = addDays(d, 1)) {
    if (isWeekend(d) || d < firstDay || series.dates.has(d)) continue;
    const holiday = facts.holidays.get(d) ?? null;
    days.push({ dateLocal: d, blocked: facts.blocked.has(d) || holiday !== null, holiday });
  }
  const open = days.some((d) => !d.blocked);
  return { maxEnd: cap.maxEnd, days, ...(open ? {} : { failure: { code: 'minimumOneDay', field: 'endDateLocal' } as const }) };
}

/**
 * The days to book: every offered day, or those the caller kept (spec §4 'Extend': the user may leave days out). A
 * kept day must be one the extension offers; at least one is needed.
 */
export function chosenDates(
  offered: readonly string[],
  chosen: readonly string[] | undefined,
): { dates: string[]; failure?: ExtendFailure } {
  if (chosen === undefined) return { dates: [...offered] };
  const wanted = new Set(chosen);
  const unknown = [...wanted].filter((d) => !offered.includes(d)).sort();
  if (unknown.length > 0) return { dates: [], failure: { code: 'dateNotOffered', field: 'dates', params: { date: unknown[0]! } } };
  const dates = offered.filter((d) => wanted.has(d));
  return dates.length > 0 ? { dates } : { dates, failure: { code: 'minimumOneDay', field: 'dates' } };
}
