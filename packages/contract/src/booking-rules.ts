import { BOOKING_MESSAGES } from './booking-messages';
import { minutesOf, netMinutes, normaliseTime } from './bookings';
import { FORM_MESSAGES } from './messages';
import { addDays, daysBetween } from './query-params';
import { isWeekend, localClock } from './school-days';

/**
 * The date and time rules of spec §5 'Booking create' (and the same-day rule extend, approve and the timesheet use),
 * one copy for the server's rule pipeline and the forms. Each rule is a pure function answering the contract's text
 * of what is wrong, or undefined; the clock (`now`) and the location's zone are parameters.
 */

/** Spec §5: the same-day cut-off falls back to 08:00 when the client's setting cannot be read. */
export const DEFAULT_SAME_DAY_CUTOFF = '08:00';

const CUTOFF_PATTERN = /^([01]?\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/;

/** The client's cut-off as 'HH:mm' ('7:30' → '07:30'), or 08:00 when it cannot be read. */
export function parseCutoff(value: string | null | undefined): string {
  const trimmed = (value ?? '').trim();
  return CUTOFF_PATTERN.test(trimmed) ? normaliseTime(trimmed) : DEFAULT_SAME_DAY_CUTOFF;
}

/** Where and when a booking is asked for: the clock, the location's zone and the client's cut-off setting as stored. */
export interface SameDayRule {
  now: Date;
  /** The location's IANA zone. */
  timeZone: string;
  /** The client's same_day_cutoff as stored (08:00 when unreadable). */
  sameDayCutoff: string | null | undefined;
}

/** Today at the location, the cut-off ('HH:mm') and whether the local time has reached it. */
export function cutoffState(rule: SameDayRule): { today: string; cutoff: string; pastCutoff: boolean; nowMinutes: number } {
  const clock = localClock(rule.now, rule.timeZone);
  const cutoff = parseCutoff(rule.sameDayCutoff);
  return { today: clock.date, cutoff, pastCutoff: clock.minutes >= minutesOf(cutoff), nowMinutes: clock.minutes };
}

/**
 * Why today cannot be booked for a start at `startTime`, or undefined (also for any other date): once the local time
 * has reached the cut-off, the cut-off; before it, a start that has already gone by (a start equal to now is still
 * allowed).
 */
export function sameDayIssue(
  rule: SameDayRule,
  date: string,
  startTime: string | undefined,
): { code: 'sameDayCutoff'; cutoff: string } | { code: 'startPassed' } | undefined {
  const state = cutoffState(rule);
  if (date !== state.today) return undefined;
  if (state.pastCutoff) return { code: 'sameDayCutoff', cutoff: state.cutoff };
  if (startTime !== undefined && state.nowMinutes > minutesOf(startTime)) return { code: 'startPassed' };
  return undefined;
}

/** The contract's text of `sameDayIssue`. */
export function sameDayProblem(rule: SameDayRule, date: string, startTime: string | undefined): string | undefined {
  const issue = sameDayIssue(rule, date, startTime);
  if (!issue) return undefined;
  return issue.code === 'sameDayCutoff' ? BOOKING_MESSAGES.sameDayCutoff(issue.cutoff) : BOOKING_MESSAGES.startPassed;
}

/** The first local date a booking starting at `startTime` can be made for: today, or tomorrow once today is closed. */
export function firstBookableDate(rule: SameDayRule, startTime: string): string {
  const { today } = cutoffState(rule);
  return sameDayProblem(rule, today, startTime) === undefined ? today : addDays(today, 1);
}

/** Whether `dateLocal` can still be booked for a booking starting at `startTime`. */
export function dateStillBookable(rule: SameDayRule, dateLocal: string, startTime: string): boolean {
  return dateLocal >= firstBookableDate(rule, startTime);
}

/** A date before today at the location. */
export function dateInPastProblem(date: string, today: string): string | undefined {
  return date < today ? FORM_MESSAGES.dateInPast : undefined;
}

/** Bookings are made on weekdays only. */
export function weekendProblem(date: string): string | undefined {
  return isWeekend(date) ? BOOKING_MESSAGES.weekend : undefined;
}

/** A date more than `maxDays` after today. */
export function tooFarAheadProblem(date: string, today: string, maxDays: number): string | undefined {
  return daysBetween(today, date) > maxDays ? BOOKING_MESSAGES.tooFarAhead(maxDays) : undefined;
}

/** End after start ('HH:mm' each). */
export function endBeforeStartProblem(startTime: string, endTime: string): string | undefined {
  return minutesOf(endTime) <= minutesOf(startTime) ? FORM_MESSAGES.endBeforeStart : undefined;
}

/** The classification's earliest end ('HH:mm[:ss]' or null for none). */
export function earliestEndProblem(endTime: string, earliestEnd: string | null | undefined): string | undefined {
  if (!earliestEnd) return undefined;
  const shown = normaliseTime(earliestEnd);
  return minutesOf(endTime) < minutesOf(shown) ? FORM_MESSAGES.endBeforeMinimum(shown) : undefined;
}

/** The classification's minimum duration, measured net of the break (no check while the times are not in order). */
export function minimumDurationProblem(
  startTime: string,
  endTime: string,
  breakMinutes: number,
  minimum: number | null | undefined,
): string | undefined {
  if (!minimum || minutesOf(endTime) <= minutesOf(startTime)) return undefined;
  return netMinutes(startTime, endTime, breakMinutes) < minimum ? BOOKING_MESSAGES.minimumDuration(minimum) : undefined;
}

/** Bookings per day within the client's range. */
export function bookingsPerDayProblem(
  perDay: number,
  limits: { minBookingsPerDay: number; maxBookingsPerDay: number },
): string | undefined {
  const { minBookingsPerDay: min, maxBookingsPerDay: max } = limits;
  return perDay < min || perDay > max ? FORM_MESSAGES.between(min, max) : undefined;
}

/** A request holds at most the client's maximum bookings (dates × bookings per day). */
export function maxBookingsProblem(dates: number, perDay: number, maxBookingsAllowed: number): string | undefined {
  return dates * perDay > maxBookingsAllowed ? BOOKING_MESSAGES.maxBookingsAllowed(maxBookingsAllowed) : undefined;
}
