import { DateTime } from 'luxon';
import { formatDateList, formatDayLong } from '../../lib/locale-format';

/** 'Sunday, 22 Nov 2026' (day-first locales) or 'Sunday, Nov 22, 2026' (en-US, en-CA): the spec's 'll' with the weekday. */
export function formatDayAway(dateLocal: string, locale: string): string {
  return formatDayLong(dateLocal, locale);
}

/** Short form for tight places and toasts: '22 Nov 2026'. */
export function formatDayShort(dateLocal: string, locale: string): string {
  return formatDateList(dateLocal, locale);
}

/** The calendar tile of a day: month abbreviation and day of the month. */
export function dayTile(dateLocal: string): { month: string; day: string } {
  const date = DateTime.fromISO(dateLocal).setLocale('en');
  return { month: date.toFormat('LLL'), day: date.toFormat('d') };
}
