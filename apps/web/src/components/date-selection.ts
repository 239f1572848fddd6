import { addDays } from '@portal/contract/query-params';
import { isWeekend } from '@portal/contract/school-days';
import { parseDateInput } from '../lib/date-input';
import { formatDateList } from '../lib/locale-format';

export type DateSelectionMode = 'single' | 'multiple' | 'range';

/** Spec §9: typed input is read 300 ms after the last key; an error flashes for 800 ms. */
export const DATE_INPUT_DEBOUNCE_MS = 300;
export const DATE_ERROR_FLASH_MS = 800;

/**
 * A typed selection as ISO dates (sorted, without repeats), or undefined when any part is not a date the locale
 * accepts (spec §5). single: one date; multiple: dates separated by commas; range: 'first to last' (or ' - ').
 */
export function parseSelection(text: string, mode: DateSelectionMode, locale: string): string[] | undefined {
  const trimmed = text.trim();
  if (!trimmed) return [];
  const parts = mode === 'single' ? [trimmed] : mode === 'multiple' ? trimmed.split(',') : trimmed.split(/\s+(?:to|-|–)\s+/i);
  if (mode === 'range' && parts.length !== 2) return undefined;
  const dates: string[] = [];
  for (const part of parts) {
    const date = parseDateInput(part, locale);
    if (!date) return undefined;
    dates.push(date.toISODate()!);
  }
  const unique = [...new Set(dates)].sort();
  if (mode === 'range' && dates[0]! > dates[1]!) return undefined;
  return mode === 'range' ? [dates[0]!, dates[1]!] : unique;
}

/** The selection after a click on a calendar day. */
export function toggleDay(selection: readonly string[], day: string, mode: DateSelectionMode): string[] {
  if (mode === 'single') return [day];
  if (mode === 'multiple') return selection.includes(day) ? selection.filter((d) => d !== day) : [...selection, day].sort();
  if (selection.length !== 1) return [day];
  return [selection[0]!, day].sort();
}

export function isComplete(selection: readonly string[], mode: DateSelectionMode): boolean {
  return mode === 'range' ? selection.length === 2 : selection.length > 0;
}

/** Whether a day is shown selected: one of the dates, or inside a range. */
export function isDaySelected(selection: readonly string[], day: string, mode: DateSelectionMode): boolean {
  if (mode === 'range' && selection.length === 2) return day >= selection[0]! && day <= selection[1]!;
  return selection.includes(day);
}

/**
 * Why a typed selection cannot be taken, or undefined: the first date that may not be chosen, with its reason
 * ('7 Mar 2026: …'). A range is judged by its first and last weekdays (its weekend days are skipped, spec §9).
 */
export function refusalOf(
  selection: readonly string[],
  mode: DateSelectionMode,
  unavailable: ((isoDate: string) => string | undefined) | undefined,
  locale: string,
): string | undefined {
  if (!unavailable) return undefined;
  for (const date of mode === 'range' ? schoolDayEnds(selection) : selection) {
    const reason = unavailable(date);
    if (reason) return `${formatDateList(date, locale)}: ${reason}`;
  }
  return undefined;
}

/** The first and last weekdays of a range (a range of weekend days alone has none). */
function schoolDayEnds(range: readonly string[]): string[] {
  if (range.length !== 2) return [...range];
  let [first, last] = [range[0]!, range[1]!];
  while (first <= last && isWeekend(first)) first = addDays(first, 1);
  while (last >= first && isWeekend(last)) last = addDays(last, -1);
  return first <= last ? [first, last] : [];
}
