import type { BookingBlock, BookingLocation, PublicHolidays } from './booking-reference';
import { cutoffState, sameDayProblem, type SameDayRule } from './booking-rules';
import { addDays } from './query-params';
import { isWeekend, todayIn } from './school-days';

/** Facts of 'the next school day to book cover for' at one location. */
export interface NextSchoolDayFacts extends SameDayRule {
  /** The start of the booking, 'HH:mm' local (the school's usual start): today only while it has not gone by. */
  startTime: string;
  /** Local dates the location takes no bookings on: its public holidays and booking blocks. */
  closedDates: ReadonlySet<string> | ReadonlyMap<string, unknown>;
  /** Look no further than this many days ahead (the client's advance limit). */
  maxAdvanceDays: number;
}

/**
 * The next school day a booking can be made for at a location, by the same rules the server checks: today while
 * the same-day cut-off has not passed and the start has not gone by, else the first later weekday that is neither
 * a public holiday there nor blocked; undefined when none lies within the advance limit.
 */
export function nextSchoolDayToBook(facts: NextSchoolDayFacts): string | undefined {
  const rule: SameDayRule = { now: facts.now, timeZone: facts.timeZone, sameDayCutoff: facts.sameDayCutoff };
  const { today } = cutoffState(rule);
  for (let offset = 0; offset <= facts.maxAdvanceDays; offset++) {
    const day = addDays(today, offset);
    if (isWeekend(day) || facts.closedDates.has(day)) continue;
    if (offset === 0 && sameDayProblem(rule, day, facts.startTime) !== undefined) continue;
    return day;
  }
  return undefined;
}

/** The day Home's quick-book button offers, and which words name it: the day itself once known, else 'the next school day'. */
export type QuickBook = { day: string; label: 'today' | 'tomorrow' | 'on' } | { day: undefined; label: 'nextSchoolDay' };

/**
 * Home's quick entry to the create form at a school with one location: the next school day to book there (its
 * public holidays unless it opens on them, and its booking blocks, closed) and how its button names that day. The
 * web app's card and the first page the server draws both ask here. Without the holidays or the blocks (still
 * loading) the day is not known yet.
 */
export function quickBookDay(facts: {
  now: Date;
  location: Pick<BookingLocation, 'locationId' | 'timeZone' | 'startTime' | 'rules'>;
  holidays: Pick<PublicHolidays, 'openOnPublicHolidays' | 'holidays'> | undefined;
  blocks: readonly Pick<BookingBlock, 'locationId' | 'datesLocal'>[] | undefined;
}): QuickBook {
  const { now, location, holidays, blocks } = facts;
  if (holidays === undefined || blocks === undefined) return { day: undefined, label: 'nextSchoolDay' };
  const closed = new Set<string>([
    ...(holidays.openOnPublicHolidays ? [] : holidays.holidays.map((h) => h.dateLocal)),
    ...blocks.filter((b) => b.locationId === location.locationId).flatMap((b) => b.datesLocal),
  ]);
  const day = nextSchoolDayToBook({
    now,
    timeZone: location.timeZone,
    sameDayCutoff: location.rules.sameDayCutoff,
    startTime: location.startTime,
    closedDates: closed,
    maxAdvanceDays: location.rules.maxAdvanceDays,
  });
  if (day === undefined) return { day, label: 'nextSchoolDay' };
  const today = todayIn(location.timeZone, now);
  return { day, label: day === today ? 'today' : day === addDays(today, 1) ? 'tomorrow' : 'on' };
}
