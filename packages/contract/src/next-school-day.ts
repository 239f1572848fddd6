import { cutoffState, sameDayProblem, type SameDayRule } from './booking-rules';
import { addDays } from './query-params';
import { isWeekend } from './school-days';

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
