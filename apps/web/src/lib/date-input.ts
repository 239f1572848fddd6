import { DateTime } from 'luxon';
import { localeFormat } from './locale-format';

/**
 * Spec §5 'Dates accepted': month first where dates are shown month first (the US, and Canada's MM/DD/YYYY of
 * spec §1), day first elsewhere, and the two ISO forms everywhere; plus the short form the locale is shown
 * (D/MM/YYYY: '4/03/2026'), so what a page writes can be typed back. Each pattern with its Luxon format.
 */
const ISO_FORMS = [
  ['YYYY-MM-DD', 'yyyy-MM-dd'],
  ['YYYY/MM/DD', 'yyyy/MM/dd'],
] as const;

export const US_DATE_INPUTS = [
  ['MM/DD/YY', 'MM/dd/yy'],
  ['MM-DD-YY', 'MM-dd-yy'],
  ['MM/DD/YYYY', 'MM/dd/yyyy'],
  ['MM-DD-YYYY', 'MM-dd-yyyy'],
  ...ISO_FORMS,
] as const;

export const OTHER_DATE_INPUTS = [
  ['DD/MM/YY', 'dd/MM/yy'],
  ['DD-MM-YY', 'dd-MM-yy'],
  ['DD/MM/YYYY', 'dd/MM/yyyy'],
  ['DD-MM-YYYY', 'dd-MM-yyyy'],
  ...ISO_FORMS,
] as const;

/** The accepted forms of a locale: the spec's, and the one it is shown when that is not among them. */
function dateInputs(locale: string): ReadonlyArray<readonly [string, string]> {
  const format = localeFormat(locale);
  const forms: ReadonlyArray<readonly [string, string]> = format.monthFirst ? US_DATE_INPUTS : OTHER_DATE_INPUTS;
  return forms.some(([pattern]) => pattern === format.dateFormat) ? forms : [...forms, [format.dateFormat, format.luxonDate]];
}

/** The patterns a locale accepts, e.g. for a hint under a date field; the third is its full numeric form. */
export function acceptedDateInputs(locale: string): readonly string[] {
  return dateInputs(locale).map(([pattern]) => pattern);
}

/** How many digits each part of a pattern takes: Luxon reads 'dd' from '4' and 'yy' from '2026'; the spec does not. */
function digitsOf(pattern: string): RegExp {
  const parts = pattern.replace(/YYYY|YY|MM|DD|D|M|[^A-Z]/g, (token) =>
    token === 'YYYY' ? '\\d{4}' : token === 'D' || token === 'M' ? '\\d{1,2}' : /^[A-Z]+$/.test(token) ? '\\d{2}' : `\\${token}`,
  );
  return new RegExp(`^${parts}$`);
}

/** A typed date, or undefined when it matches none of the locale's accepted forms (or names no real day). */
export function parseDateInput(input: string, locale: string): DateTime | undefined {
  const text = input.trim();
  for (const [pattern, format] of dateInputs(locale)) {
    if (!digitsOf(pattern).test(text)) continue;
    const parsed = DateTime.fromFormat(text, format, { locale: 'en' });
    if (parsed.isValid) return parsed.startOf('day');
  }
  return undefined;
}

/** Spec §5 'Times accepted': H:mm, HH:mm, HH:mm:ss, at least 4 characters. Answers 'HH:mm:ss'. */
export function parseTimeInput(input: string): string | undefined {
  const text = input.trim();
  if (text.length < 4) return undefined;
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return undefined;
  const [, h = '', m = '', s = '00'] = match;
  // H:mm has one hour digit only when there are no seconds (the spec lists no H:mm:ss).
  if (h.length === 1 && match[3] !== undefined) return undefined;
  const hours = Number(h);
  const minutes = Number(m);
  const seconds = Number(s);
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  return `${String(hours).padStart(2, '0')}:${m}:${s}`;
}
