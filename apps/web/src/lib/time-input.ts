import { parseTimeInput } from './date-input';
import { formatTimeOfDay, uses12HourClock } from './locale-format';

/*
 * A time of day typed into the app's one time field (components/time-field.tsx): shown as the locale writes times
 * everywhere else ('1:30 PM' in the US and Canada, '13:30' elsewhere), handed on as 'HH:mm' on the 24-hour clock.
 */

const TWELVE_HOUR = /^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*m\.?$/i;

/**
 * 'HH:mm' of a typed time of day, or undefined when it is none: the 24-hour forms of spec §5 'Times accepted'
 * (H:mm, HH:mm, HH:mm:ss) in every locale, and the 12-hour form the US and Canada are shown ('1:30 PM', '1:30pm',
 * '1 p.m.'), which reads the same everywhere.
 */
export function parseTimeOfDay(input: string): string | undefined {
  const text = input.trim();
  const twentyFour = parseTimeInput(text);
  if (twentyFour !== undefined) return twentyFour.slice(0, 5);
  const match = TWELVE_HOUR.exec(text);
  if (!match) return undefined;
  const [, h = '', m = '00', half = ''] = match;
  const hour = Number(h);
  const minute = Number(m);
  if (hour < 1 || hour > 12 || minute > 59) return undefined;
  const hours24 = (hour % 12) + (half.toLowerCase() === 'p' ? 12 : 0);
  return `${String(hours24).padStart(2, '0')}:${m}`;
}

/** What a time field shows for a value: the locale's way of writing it, '' for none, other text as it is. */
export function timeFieldText(value: string, locale: string): string {
  const time = value ? parseTimeOfDay(value) : undefined;
  return time === undefined ? value : formatTimeOfDay(time, locale);
}

/** What a time field hands on for its text: 'HH:mm' when it is a time, '' when empty, else the text as typed. */
export function timeFieldValue(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  return parseTimeOfDay(trimmed) ?? trimmed;
}

/**
 * The next time on a step's grid up or down (08:32 up 5 → 08:35, down → 08:30), staying within the day; undefined
 * when the value is no time.
 */
export function stepTimeOfDay(value: string, direction: 1 | -1, step = 5): string | undefined {
  const time = parseTimeOfDay(value);
  if (time === undefined) return undefined;
  const [h = 0, m = 0] = time.split(':').map(Number);
  const now = h * 60 + m;
  const moved = direction > 0 ? Math.floor(now / step) * step + step : Math.ceil(now / step) * step - step;
  const total = Math.min(23 * 60 + 59, Math.max(0, moved));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** Two examples in the locale's own writing ('8:30 AM', '1:30 PM' or '08:30', '13:30'), for a field's hint. */
export function timeExamples(locale: string): { morning: string; afternoon: string; twelveHour: boolean } {
  return { morning: formatTimeOfDay('08:30', locale), afternoon: formatTimeOfDay('13:30', locale), twelveHour: uses12HourClock(locale) };
}
