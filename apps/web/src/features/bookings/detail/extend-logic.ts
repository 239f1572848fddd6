import type { BookingDetail, ExtendScheduling } from '@portal/contract/bookings';
import { extendTimeFailures, type ExtendCode } from '@portal/contract/bookings/extend/pipeline';

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
export interface ExtendTimes {
  startTime: string;
  endTime: string;
  breakMinutes: string;
}

/** Keys of `validation.*` in the bookings texts (the spec's and the contract's texts). */
export type ExtendTimeError = 'required' | 'invalidTime' | 'startTooEarly' | 'endBeforeStart' | 'breakRange' | 'breakTooLong';

const TIME = /^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const ERROR_OF: Partial<Record<ExtendCode, ExtendTimeError>> = {
  startTooEarly: 'startTooEarly',
  endBeforeStart: 'endBeforeStart',
  breakOutOfRange: 'breakRange',
  breakTooLong: 'breakTooLong',
};

/**
 * Spec §5 'Extend' on the dialog's times: every time field completed and a time (the form's), then the contract's
 * extend time rules, as the server runs them (the classification's minimum and earliest end are the server's: the
 * dialog does not hold them). Field → error.
 */
export function validateExtendTimes(times: ExtendTimes): Partial<Record<keyof ExtendTimes, ExtendTimeError>> {
  const errors: Partial<Record<keyof ExtendTimes, ExtendTimeError>> = {};
  for (const key of ['startTime', 'endTime'] as const) {
    if (!times[key]) errors[key] = 'required';
    else if (!TIME.test(times[key])) errors[key] = 'invalidTime';
  }
  const failures = extendTimeFailures({
    startTime: errors.startTime ? undefined : times.startTime,
    endTime: errors.endTime ? undefined : times.endTime,
    breakMinutes: Number(times.breakMinutes || '0'),
  });
  for (const failure of failures) {
    const error = ERROR_OF[failure.code];
    if (error && !errors[failure.field as keyof ExtendTimes]) errors[failure.field as keyof ExtendTimes] = error;
  }
  return errors;
}
