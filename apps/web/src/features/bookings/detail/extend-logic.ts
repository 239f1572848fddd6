import { endBeforeStartProblem } from '@portal/contract/booking-rules';
import type { BookingDetail, ExtendScheduling } from '@portal/contract/bookings';
import { breakProblem, type BreakRules } from '@portal/contract/bookings';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';

/** The first school day (Monday to Friday) after a date: the shortest extension, offered first (the contract's). */
export { nextSchoolDay } from '@portal/contract/school-days';

/** The last date of the booking's series (or of the booking alone), 'YYYY-MM-DD'. */
export function lastDateOf(detail: Pick<BookingDetail, 'bookings' | 'booking'>): string {
  return detail.bookings.reduce((last, booking) => (booking.dateLocal > last ? booking.dateLocal : last), detail.booking.dateLocal);
}

export interface ExtendPlan {
  /** School days the extension adds (blocked days and days left out excluded: they are not booked). */
  added: number;
  /** Of those, the days the educator cannot work: they go to Unfilled. */
  unfilled: number;
  blocked: number;
  /** Days offered that the user left out. */
  leftOut: number;
  /** The days to send, by date. */
  dates: string[];
}

/** What an extension would do, from the scheduling answer and the days the user left out (spec §4 'Extend'). */
export function planOf(scheduling: Pick<ExtendScheduling, 'dates' | 'candidate'>, leftOut: ReadonlySet<string> = new Set()): ExtendPlan {
  const bookable = scheduling.dates.filter((d) => !d.blocked);
  const kept = bookable.filter((d) => !leftOut.has(d.dateLocal));
  return {
    added: kept.length,
    unfilled: scheduling.candidate ? kept.filter((d) => !d.candidateAvailable).length : 0,
    blocked: scheduling.dates.length - bookable.length,
    leftOut: bookable.length - kept.length,
    dates: kept.map((d) => d.dateLocal),
  };
}

/** An extension's break is the booker's (the dialog prefills the booking's). */
const EXTEND_BREAK_RULES: BreakRules = { defaultBreakInMins: 0, shouldShowBreaks: true };

export interface ExtendTimes {
  startTime: string;
  endTime: string;
  breakMinutes: string;
}

/** Keys of `validation.*` in the bookings texts (the spec's and the contract's texts). */
export type ExtendTimeError = 'required' | 'invalidTime' | 'endBeforeStart' | 'breakRange' | 'breakTooLong';

/** Spec §5 'Extend': every time field completed, end after start, a break shorter than the day. Field → error. */
export function validateExtendTimes(times: ExtendTimes): Partial<Record<keyof ExtendTimes, ExtendTimeError>> {
  const errors: Partial<Record<keyof ExtendTimes, ExtendTimeError>> = {};
  const time = /^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
  if (!times.startTime) errors.startTime = 'required';
  else if (!time.test(times.startTime)) errors.startTime = 'invalidTime';
  if (!times.endTime) errors.endTime = 'required';
  else if (!time.test(times.endTime)) errors.endTime = 'invalidTime';
  if (!errors.startTime && !errors.endTime && endBeforeStartProblem(times.startTime, times.endTime)) {
    errors.endTime = 'endBeforeStart';
  }
  // The contract's break rule (within 0 to MAX_BREAK_MINUTES, shorter than the day), as the server checks it.
  const timesValid = !errors.startTime && !errors.endTime;
  const problem = breakProblem(
    Number(times.breakMinutes || '0'),
    EXTEND_BREAK_RULES,
    timesValid ? times.startTime : '00:00',
    timesValid ? times.endTime : '00:00',
  );
  if (problem) errors.breakMinutes = problem === BOOKING_MESSAGES.breakTooLong ? 'breakTooLong' : 'breakRange';
  return errors;
}
