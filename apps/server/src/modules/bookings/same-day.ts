import { DateTime } from 'luxon';
import { minutesOf } from '@portal/contract/bookings';
import { addDays } from '@portal/contract/query-params';
import { parseCutoff } from './create-booking.rules';

/**
 * Which local dates can still be booked at a location (spec §5 'same-day cut-off'): any day after today; today only
 * while the local time is before the client's same-day cut-off and before the booking's start time. Extending and
 * approving use it; creating applies the same cut-off through its own rule (create-booking.rules.ts).
 */
export interface SameDayRule {
  now: Date;
  /** The location's IANA zone. */
  timeZone: string;
  /** The client's same_day_cutoff setting as stored (08:00 when unreadable). */
  sameDayCutoff: string | null;
}

/** Today at the location, 'YYYY-MM-DD'. */
export function localToday(rule: Pick<SameDayRule, 'now' | 'timeZone'>): string {
  return DateTime.fromJSDate(rule.now, { zone: rule.timeZone }).toISODate()!;
}

/** Whether a booking starting at `startTime` ('HH:mm[:ss]') today can still be made. */
export function todayStillBookable(rule: SameDayRule, startTime: string): boolean {
  const local = DateTime.fromJSDate(rule.now, { zone: rule.timeZone });
  const minutes = local.hour * 60 + local.minute;
  return minutes < minutesOf(parseCutoff(rule.sameDayCutoff)) && minutes < minutesOf(startTime);
}

/** The first local date a booking starting at `startTime` can be made for: today, or tomorrow once today is closed. */
export function firstBookableDate(rule: SameDayRule, startTime: string): string {
  const today = localToday(rule);
  return todayStillBookable(rule, startTime) ? today : addDays(today, 1);
}

/** Whether `dateLocal` can still be booked for a booking starting at `startTime`. */
export function dateStillBookable(rule: SameDayRule, dateLocal: string, startTime: string): boolean {
  return dateLocal >= firstBookableDate(rule, startTime);
}
