import type { BookingDetail, ExtendScheduling } from '@portal/contract/bookings';
import { minutesOf } from '@portal/contract/bookings';
import { DateTime } from 'luxon';

/** The last date of the booking's series (or of the booking alone), 'YYYY-MM-DD'. */
export function lastDateOf(detail: Pick<BookingDetail, 'bookings' | 'booking'>): string {
  return detail.bookings.reduce((last, booking) => (booking.dateLocal > last ? booking.dateLocal : last), detail.booking.dateLocal);
}

/** The first school day (Monday to Friday) after `date`: the shortest extension, offered first. */
export function nextSchoolDay(date: string): string {
  let day = DateTime.fromISO(date).plus({ days: 1 });
  while (day.weekday >= 6) day = day.plus({ days: 1 });
  return day.toISODate()!;
}

export interface ExtendPlan {
  /** School days the extension adds (blocked days excluded: they are not booked). */
  added: number;
  /** Of those, the days the educator cannot work: they go to Unfilled. */
  unfilled: number;
  blocked: number;
}

/** What an extension would do, from the scheduling answer (spec §4 'Extend'). */
export function planOf(scheduling: Pick<ExtendScheduling, 'dates' | 'candidate'>): ExtendPlan {
  const bookable = scheduling.dates.filter((d) => !d.blocked);
  return {
    added: bookable.length,
    unfilled: scheduling.candidate ? bookable.filter((d) => !d.candidateAvailable).length : 0,
    blocked: scheduling.dates.length - bookable.length,
  };
}

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
  if (!errors.startTime && !errors.endTime && minutesOf(times.endTime) <= minutesOf(times.startTime)) {
    errors.endTime = 'endBeforeStart';
  }
  const breakMinutes = Number(times.breakMinutes || '0');
  if (!Number.isInteger(breakMinutes) || breakMinutes < 0 || breakMinutes > 240) errors.breakMinutes = 'breakRange';
  else if (!errors.startTime && !errors.endTime && breakMinutes >= minutesOf(times.endTime) - minutesOf(times.startTime)) {
    errors.breakMinutes = 'breakTooLong';
  }
  return errors;
}
