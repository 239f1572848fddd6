import type { SchoolTerm } from '@portal/contract/booking-reference';
import { runReportRangePipeline } from '@portal/contract/reports';
import { DateTime } from 'luxon';

/** The periods a report covers: the school term under way or the one before, the calendar year, or two dates. */
export const PERIOD_KINDS = ['thisTerm', 'lastTerm', 'thisYear', 'custom'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

/** First and last local dates (YYYY-MM-DD), both included. */
export interface DateRange {
  from: string;
  to: string;
}

/**
 * A resolved period: its dates, and for a term its name ('Term 4'). `basis` says what 'term' meant: the school terms
 * of the first selected school's state or region, or calendar quarters when we know none there (no terms published
 * for the region, or the contact may not read them).
 */
export interface ResolvedPeriod extends DateRange {
  kind: PeriodKind;
  /** For this term and last term: terms, or calendar quarters in their place. */
  basis?: 'terms' | 'quarters';
  termName?: string;
}

/** Calendar quarters: the honest stand-in for terms where we know none (labelled as quarters, never as terms). */
function quarterOf(date: DateTime): DateRange {
  const start = date.startOf('quarter');
  return { from: start.toISODate()!, to: start.endOf('quarter').toISODate()! };
}

/**
 * The term under way on `today`, or in a school break the term that ended last; the one before it for 'last term'.
 * Undefined when the terms do not reach back that far.
 */
function termFor(kind: 'thisTerm' | 'lastTerm', today: string, terms: readonly SchoolTerm[]): SchoolTerm | undefined {
  const started = [...terms].filter((term) => term.firstDay <= today).sort((a, b) => a.firstDay.localeCompare(b.firstDay));
  return kind === 'thisTerm' ? started.at(-1) : started.at(-2);
}

/**
 * The dates a period covers on `today`. Terms are used when given and they hold the term asked for; otherwise
 * calendar quarters. A custom period whose dates are missing or break the range rules resolves to undefined (nothing to ask).
 */
export function resolvePeriod(
  kind: PeriodKind,
  today: string,
  terms: readonly SchoolTerm[] | undefined,
  custom: Partial<DateRange> = {},
): ResolvedPeriod | undefined {
  const day = DateTime.fromISO(today);
  switch (kind) {
    case 'thisYear':
      return { kind, from: day.startOf('year').toISODate()!, to: day.endOf('year').toISODate()! };
    case 'custom':
      // The API's own range rules (from not after to, at most three years): a range it would refuse is not asked.
      if (!custom.from || !custom.to || runReportRangePipeline({ from: custom.from, to: custom.to }).length > 0) return undefined;
      return { kind, from: custom.from, to: custom.to };
    case 'thisTerm':
    case 'lastTerm': {
      // Both or neither: 'this term' and 'last term' never mix a term with a quarter.
      const term = periodBasis(terms, today) === 'terms' ? termFor(kind, today, terms ?? []) : undefined;
      if (term) return { kind, basis: 'terms', from: term.firstDay, to: term.lastDay, termName: term.name };
      const quarter = quarterOf(kind === 'thisTerm' ? day : day.minus({ quarters: 1 }));
      return { kind, basis: 'quarters', ...quarter };
    }
  }
}

/** Whether 'term' means terms for this contact (the terms hold this one and the last), else calendar quarters. */
export function periodBasis(terms: readonly SchoolTerm[] | undefined, today: string): 'terms' | 'quarters' {
  return terms && termFor('lastTerm', today, terms) ? 'terms' : 'quarters';
}
