import type { SchoolTerm } from '@portal/contract/booking-reference';

/** Where a day falls in the school year: in a term (by name), in the school holidays, or unknown (no terms around it). */
export type SchoolDay = { kind: 'term'; name: string } | { kind: 'holidays' } | undefined;

/** Terms by first day. */
export function sortedTerms(terms: readonly SchoolTerm[]): SchoolTerm[] {
  return [...terms].sort((a, b) => a.firstDay.localeCompare(b.firstDay));
}

/**
 * A day between two known terms (or a term's own day) of `terms`, sorted: a day before the first term or after the
 * last is unknown, as the next year's terms may not be there.
 */
export function schoolDayOf(terms: readonly SchoolTerm[], isoDate: string): SchoolDay {
  const first = terms[0];
  const last = terms[terms.length - 1];
  if (!first || !last || isoDate < first.firstDay || isoDate > last.lastDay) return undefined;
  const term = terms.find((t) => t.firstDay <= isoDate && isoDate <= t.lastDay);
  return term ? { kind: 'term', name: term.name } : { kind: 'holidays' };
}

/** The terms with a day between `from` and `to` (inclusive, 'YYYY-MM-DD'). */
export function termsBetween(terms: readonly SchoolTerm[], from: string, to: string): SchoolTerm[] {
  return terms.filter((t) => t.firstDay <= to && t.lastDay >= from);
}
