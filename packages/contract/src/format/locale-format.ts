import { DateTime } from 'luxon';
import type { Locale } from '../domain';

/**
 * Regional differences of spec §1 and §9, per locale, and the formatters that write dates, times, counts and money
 * with them: one copy for the web (lists, dialogs, forms) and the server (e-mails, SMS), so a reader sees the same
 * '4 Mar 2026' and '1:30 PM' in a mail as on the page it links to. Pure: no clock, values come from the caller.
 */
export interface LocaleFormat {
  /** Spec §1: VAT in the UK, GST in Australia and New Zealand, Tax elsewhere. */
  taxLabel: 'VAT' | 'GST' | 'Tax';
  /** ISO 4217 code, formatted with Intl. */
  currency: 'USD' | 'AUD' | 'NZD' | 'GBP' | 'CAD';
  /** Short date as the spec writes it (D/MM/YYYY, MM/DD/YYYY), and the same as a Luxon format. */
  dateFormat: string;
  luxonDate: string;
  /** The moment-style 'll' list format (spec §9) as a Luxon format. */
  luxonList: string;
  /** Spec §9: weeks start on Sunday in the US, else Monday (Luxon weekday numbers: Monday 1 … Sunday 7). */
  weekStart: 1 | 7;
  /** The locale Intl formats numbers and currencies with (`en` alone formats as en-US). */
  intlLocale: string;
  /** Typed dates are read month first (spec §5) where they are shown month first: the US, and Canada (spec §1). */
  monthFirst: boolean;
}

const dayFirst = { dateFormat: 'D/MM/YYYY', luxonDate: 'd/MM/yyyy', luxonList: 'd MMM yyyy', weekStart: 1, monthFirst: false } as const;
const monthFirstFormat = { dateFormat: 'MM/DD/YYYY', luxonDate: 'MM/dd/yyyy', luxonList: 'MMM d, yyyy' } as const;

export const LOCALE_FORMATS: Record<Locale, LocaleFormat> = {
  en: { ...dayFirst, taxLabel: 'Tax', currency: 'USD', intlLocale: 'en-US' },
  'en-US': { ...monthFirstFormat, taxLabel: 'Tax', currency: 'USD', intlLocale: 'en-US', weekStart: 7, monthFirst: true },
  'en-CA': { ...monthFirstFormat, taxLabel: 'Tax', currency: 'CAD', intlLocale: 'en-CA', weekStart: 1, monthFirst: true },
  'en-GB': { ...dayFirst, taxLabel: 'VAT', currency: 'GBP', intlLocale: 'en-GB' },
  'en-AU': { ...dayFirst, taxLabel: 'GST', currency: 'AUD', intlLocale: 'en-AU' },
  'en-NZ': { ...dayFirst, taxLabel: 'GST', currency: 'NZD', intlLocale: 'en-NZ' },
};

/** The format of a locale; an unknown one formats as `en`. */
export function localeFormat(locale: string): LocaleFormat {
  return LOCALE_FORMATS[locale as Locale] ?? LOCALE_FORMATS.en;
}

function toDateTime(date: DateTime | string): DateTime {
  return typeof date === 'string' ? DateTime.fromISO(date) : date;
}

/** '2026-03-04' → '4/03/2026' (en-GB) or '03/04/2026' (en-US, en-CA). */
export function formatDate(date: DateTime | string, locale: string): string {
  return toDateTime(date).setLocale('en').toFormat(localeFormat(locale).luxonDate);
}

/** formatDateList's answers: lists and the calendar show the same few days again and again (Luxon's toFormat is slow). */
const listDates = new Map<string, string>();

/** Spec §9 'll': '4 Mar 2026' (day-first locales) or 'Mar 4, 2026'. */
export function formatDateList(date: DateTime | string, locale: string): string {
  // A calendar date (not an instant, whose day depends on the zone) or a valid DateTime's own day.
  const day =
    typeof date === 'string'
      ? /^\d{4}-\d{2}-\d{2}$/.test(date)
        ? date
        : undefined
      : date.isValid
        ? `${date.year}-${date.month}-${date.day}`
        : undefined;
  const key = day === undefined ? undefined : `${locale} ${day}`;
  const known = key === undefined ? undefined : listDates.get(key);
  if (known !== undefined) return known;
  const text = toDateTime(date).setLocale('en').toFormat(localeFormat(locale).luxonList);
  if (key !== undefined) {
    if (listDates.size >= 2000) listDates.clear();
    listDates.set(key, text);
  }
  return text;
}

/** 'earliest – latest' in the 'll' format, or the one date when they are the same day. */
export function formatDateSpan(first: string, last: string, locale: string): string {
  const start = formatDateList(first, locale);
  return first === last ? start : `${start} – ${formatDateList(last, locale)}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * An Intl number formatter, one per locale and options: building one costs far more than formatting with it, and
 * lists format a few numbers per row (a page of invoice cards spent some 20 ms at a phone's 4× CPU building
 * formatters).
 */
export function numberFormat(intlLocale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${intlLocale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A count with the locale's digit grouping: 1481 → '1,481'. */
export function formatCount(value: number, locale: string): string {
  return numberFormat(localeFormat(locale).intlLocale).format(value);
}

/** An amount in the locale's currency through Intl: 1234.5 → '£1,234.50' (en-GB), '$1,234.50' (en-AU, AUD). */
export function formatMoney(amount: number, locale: string): string {
  const format = localeFormat(locale);
  return numberFormat(format.intlLocale, { style: 'currency', currency: format.currency }).format(amount);
}

/** The first day of the week that holds `date`, by the locale's week start. */
export function startOfWeek(date: DateTime, locale: string): DateTime {
  const start = localeFormat(locale).weekStart;
  const offset = (date.weekday - start + 7) % 7;
  return date.startOf('day').minus({ days: offset });
}

/** Seven weekday short names in the locale's order, starting with its first day of the week. */
export function weekdayNames(locale: string): string[] {
  const first = startOfWeek(DateTime.fromISO('2026-01-07'), locale);
  return Array.from({ length: 7 }, (_, index) => first.plus({ days: index }).setLocale('en').toFormat('ccc'));
}

/**
 * Times of day follow the locale's custom: the 12-hour clock in the United States and English Canada, the
 * 24-hour clock elsewhere (the UK, Australia, New Zealand and the international default write 13:30 at work).
 */
export function uses12HourClock(locale: string): boolean {
  return locale === 'en-US' || locale === 'en-CA';
}

/**
 * A local time of day ('HH:mm[:ss]', or the time part of 'YYYY-MM-DDTHH:mm') as the locale writes it: '1:30 PM'
 * (en-US, en-CA) or '13:30'. The one time formatter: lists, detail, dialogs and messages alike. An unreadable
 * value is shown as given.
 */
export function formatTimeOfDay(time: string, locale: string): string {
  const match = /(?:^|T)(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  const at = DateTime.fromObject({ hour: Number(match[1]), minute: Number(match[2]) });
  if (!at.isValid) return time;
  return formatClock(at, locale);
}

/** 'start–end' of two local times of day: '08:30–15:30' or '8:30 AM–3:30 PM'. */
export function formatTimeRange(start: string, end: string, locale: string): string {
  return `${formatTimeOfDay(start, locale)}–${formatTimeOfDay(end, locale)}`;
}

function formatClock(at: DateTime, locale: string): string {
  return at.setLocale('en-US').toFormat(uses12HourClock(locale) ? 'h:mm a' : 'HH:mm');
}

/**
 * Dates by kind of place, one style each:
 * - lists, cards, chips and toasts: `formatDay`, 'Mon 4 Mar 2026' / 'Mon Mar 4, 2026' (spec §9 'll' with the weekday);
 * - the heading of a detail page or dialog: `formatDayLong`, 'Monday, 4 Mar 2026' / 'Monday, Mar 4, 2026';
 * - a moment (created on, cancelled at): `formatDateTime`, '4 Mar 2026, 13:05' / 'Mar 4, 2026, 1:05 PM';
 * - where dates are typed (the date picker), the short numeric form of `formatDate`.
 */
export function formatDay(date: DateTime | string, locale: string): string {
  const at = toDateTime(date);
  return `${at.setLocale('en').toFormat('ccc')} ${formatDateList(at, locale)}`;
}

export function formatDayLong(date: DateTime | string, locale: string): string {
  const at = toDateTime(date);
  return `${at.setLocale('en').toFormat('cccc')}, ${formatDateList(at, locale)}`;
}

/** An ISO instant in the given zone (the location's), else the runtime's. */
export function formatDateTime(iso: string, locale: string, timeZone?: string): string {
  const at = timeZone ? DateTime.fromISO(iso, { zone: timeZone }) : DateTime.fromISO(iso);
  if (!at.isValid) return iso;
  return `${formatDateList(at, locale)}, ${formatClock(at, locale)}`;
}
