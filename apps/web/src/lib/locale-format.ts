import { DateTime } from 'luxon';
import type { SupportedLocale } from './i18n';

/**
 * Regional differences of spec §1 and §9, per locale: tax label, currency, date formats, week start. Texts
 * (product and company names) live in the locale files; these are the values code computes with.
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
  /** Spec §5: the US reads dates month first. */
  monthFirst: boolean;
}

const dayFirst = { dateFormat: 'D/MM/YYYY', luxonDate: 'd/MM/yyyy', luxonList: 'd MMM yyyy', weekStart: 1, monthFirst: false } as const;
const monthFirstFormat = { dateFormat: 'MM/DD/YYYY', luxonDate: 'MM/dd/yyyy', luxonList: 'MMM d, yyyy' } as const;

export const LOCALE_FORMATS: Record<SupportedLocale, LocaleFormat> = {
  en: { ...dayFirst, taxLabel: 'Tax', currency: 'USD', intlLocale: 'en-US' },
  'en-US': { ...monthFirstFormat, taxLabel: 'Tax', currency: 'USD', intlLocale: 'en-US', weekStart: 7, monthFirst: true },
  'en-CA': { ...monthFirstFormat, taxLabel: 'Tax', currency: 'CAD', intlLocale: 'en-CA', weekStart: 1, monthFirst: false },
  'en-GB': { ...dayFirst, taxLabel: 'VAT', currency: 'GBP', intlLocale: 'en-GB' },
  'en-AU': { ...dayFirst, taxLabel: 'GST', currency: 'AUD', intlLocale: 'en-AU' },
  'en-NZ': { ...dayFirst, taxLabel: 'GST', currency: 'NZD', intlLocale: 'en-NZ' },
};

export function localeFormat(locale: string): LocaleFormat {
  return LOCALE_FORMATS[locale as SupportedLocale] ?? LOCALE_FORMATS.en;
}

function toDateTime(date: DateTime | string): DateTime {
  return typeof date === 'string' ? DateTime.fromISO(date) : date;
}

/** '2026-03-04' → '4/03/2026' (en-GB) or '03/04/2026' (en-US, en-CA). */
export function formatDate(date: DateTime | string, locale: string): string {
  return toDateTime(date).setLocale('en').toFormat(localeFormat(locale).luxonDate);
}

/** Spec §9 'll': '4 Mar 2026' (day-first locales) or 'Mar 4, 2026'. */
export function formatDateList(date: DateTime | string, locale: string): string {
  return toDateTime(date).setLocale('en').toFormat(localeFormat(locale).luxonList);
}

/** An amount in the locale's currency through Intl: 1234.5 → '£1,234.50' (en-GB), '$1,234.50' (en-AU, AUD). */
export function formatMoney(amount: number, locale: string): string {
  const format = localeFormat(locale);
  return new Intl.NumberFormat(format.intlLocale, { style: 'currency', currency: format.currency }).format(amount);
}

/** Spec §9: Saturday and Sunday roll forward to the next Monday; weekdays stay. */
export function nextWeekday(date: DateTime): DateTime {
  if (date.weekday === 6) return date.plus({ days: 2 });
  if (date.weekday === 7) return date.plus({ days: 1 });
  return date;
}

export function isWeekend(date: DateTime): boolean {
  return date.weekday >= 6;
}

/** The first day of the week that holds `date`, by the locale's week start. */
export function startOfWeek(date: DateTime, locale: string): DateTime {
  const start = localeFormat(locale).weekStart;
  const offset = (date.weekday - start + 7) % 7;
  return date.startOf('day').minus({ days: offset });
}

/** Spec §9: weekday numbering Sunday 0 … Saturday 6. */
export function weekdayNumber(date: DateTime): number {
  return date.weekday % 7;
}

/** Seven weekday short names in the locale's order, starting with its first day of the week. */
export function weekdayNames(locale: string): string[] {
  const first = startOfWeek(DateTime.fromISO('2026-01-07'), locale);
  return Array.from({ length: 7 }, (_, index) => first.plus({ days: index }).setLocale('en').toFormat('ccc'));
}
