import { DateTime } from 'luxon';
import { localeFormat } from './locale-format';

/**
 * Spec §5 'Dates accepted', exactly: the US reads month first, every other locale day first, and all accept the
 * two ISO forms. Each spec pattern with its Luxon format.
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

/** The spec's patterns for a locale, e.g. for a hint under a date field. */
export function acceptedDateInputs(locale: string): readonly string[] {
  return (localeFormat(locale).monthFirst ? US_DATE_INPUTS : OTHER_DATE_INPUTS).map(([pattern]) => pattern);
}

/** A typed date, or undefined when it matches none of the locale's accepted forms (or names no real day). */
export function parseDateInput(input: string, locale: string): DateTime | undefined {
  const text = input.trim();
  const forms = localeFormat(locale).monthFirst ? US_DATE_INPUTS : OTHER_DATE_INPUTS;
  for (const [pattern, format] of forms) {
    // Luxon is lenient about digit counts; the spec's patterns are not.
    if (text.length !== pattern.length) continue;
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
