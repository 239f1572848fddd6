import { daysBetween } from '@portal/contract/query-params';
import { isWeekend as isWeekendDate, rollWeekend } from '@portal/contract/school-days';
import type { DateTime } from 'luxon';

/**
 * Regional formats of spec §1 and §9 (tax label, currency, dates, times, week start) live in the contract
 * (format/locale-format.ts), shared with the server's e-mails so a mail writes a date as the page it links to does.
 * The app's callers import them from here, beside the calendar helpers that only the web needs.
 */
export {
  formatCount,
  formatDate,
  formatDateList,
  formatDateSpan,
  formatDateTime,
  formatDay,
  formatDayLong,
  formatMoney,
  formatTimeOfDay,
  formatTimeRange,
  LOCALE_FORMATS,
  localeFormat,
  numberFormat,
  startOfWeek,
  uses12HourClock,
  weekdayNames,
  type LocaleFormat,
} from '@portal/contract/format/locale-format';

/** Spec §9: Saturday and Sunday roll forward to the next Monday; weekdays stay. */
export function nextWeekday(date: DateTime): DateTime {
  return date.plus({ days: daysBetween(date.toISODate()!, rollWeekend(date.toISODate()!)) });
}

export function isWeekend(date: DateTime): boolean {
  return isWeekendDate(date.toISODate()!);
}

/** Spec §9: weekday numbering Sunday 0 … Saturday 6. */
export function weekdayNumber(date: DateTime): number {
  return date.weekday % 7;
}
