import { addDays } from './query-params';

/**
 * School days and 'today' in a zone (spec §5, §9), one copy for the server and the web. Pure: the caller passes the
 * clock's `now` and the location's IANA zone; dates are local 'YYYY-MM-DD'. Saturday and Sunday are not school days.
 */

/** ISO weekday of a local date: 1 = Monday … 7 = Sunday. */
export function weekdayOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Whether a local date falls on a Saturday or Sunday. */
export function isWeekend(date: string): boolean {
  return weekdayOf(date) > 5;
}

/** Whether a local date is a school day (Monday to Friday). */
export function isSchoolDay(date: string): boolean {
  return !isWeekend(date);
}

/** The school day after a local date (Friday, Saturday and Sunday → Monday). */
export function nextSchoolDay(date: string): string {
  let next = addDays(date, 1);
  while (isWeekend(next)) next = addDays(next, 1);
  return next;
}

/** The school day on or before a local date (Saturday and Sunday → the Friday before). */
export function schoolDayOnOrBefore(date: string): string {
  let day = date;
  while (isWeekend(day)) day = addDays(day, -1);
  return day;
}

/** A date on a weekend rolls to the Monday after; a school day stays (spec §9, the date picker). */
export function rollWeekend(date: string): string {
  return isWeekend(date) ? nextSchoolDay(date) : date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether `zone` is an IANA zone this runtime knows. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Wall clocks already worked out, by zone and minute: a list asks for the same few (its request's now, bookings'
 * starts on the same days) hundreds of times, and each `formatToParts` costs microseconds. By the minute, not the
 * instant: every request has a `now` of its own, and the wall clock (a date and minutes) is the same through a UTC
 * minute, since today's zones are offset by whole minutes. Bounded: emptied when full.
 */
const clocks = new Map<string, Readonly<{ date: string; minutes: number }>>();
const MAX_CLOCKS = 10_000;

/** The wall clock at `now` in `zone`: the local date and the minutes since local midnight (an unknown zone reads UTC). */
export function localClock(now: Date, zone: string): Readonly<{ date: string; minutes: number }> {
  const minute = Math.floor(now.getTime() / 60_000);
  const key = `${zone}\n${minute}`;
  const known = clocks.get(key);
  if (known) return known;
  const parts = Object.fromEntries(
    (isKnownTimeZone(zone) ? formatterOf(zone) : formatterOf('UTC')).formatToParts(minute * 60_000).map((p) => [p.type, p.value]),
  );
  const clock = Object.freeze({
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  });
  if (clocks.size >= MAX_CLOCKS) clocks.clear();
  clocks.set(key, clock);
  return clock;
}

/** Today in `zone`, 'YYYY-MM-DD'. */
export function todayIn(zone: string, now: Date): string {
  return localClock(now, zone).date;
}

/**
 * The two days of replace-me (spec §5 'Replace-me days: Today or Tomorrow'): today, and the next school day,
 * labelled next Monday when a weekend lies between. Today can be asked for only when it is a school day.
 */
export function replaceMeDays(now: Date, zone: string): { today: string; tomorrow: string; isNextMonday: boolean; todayOffered: boolean } {
  const today = todayIn(zone, now);
  const tomorrow = nextSchoolDay(today);
  return { today, tomorrow, isNextMonday: weekdayOf(tomorrow) === 1 && tomorrow !== addDays(today, 1), todayOffered: isSchoolDay(today) };
}
