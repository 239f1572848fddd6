import type { FillRow, SpendReportResponse, SpendRow } from '@portal/contract/reports';
import { DateTime } from 'luxon';
import { localeFormat } from '../../lib/locale-format';

/*
 * What each chart draws and its table lists, built once from the report: the chart and the table render the same
 * model, so what a screen reader reads in the table is what the chart shows.
 */

export interface Category {
  key: string;
  label: string;
}

export interface Series {
  id: string;
  label: string;
  /** One per category, in the categories' order; null where there is nothing to show (a fill rate of no bookings). */
  values: Array<number | null>;
}

export interface ChartModel {
  categories: Category[];
  series: Series[];
}

/** The currencies of a spend report, the locale's own first: amounts of different currencies are never added. */
export function spendCurrencies(totals: SpendReportResponse['totals'], locale: string): string[] {
  const own = localeFormat(locale).currency;
  const codes = [...new Set(totals.map((total) => total.currency))];
  return codes.sort((a, b) => (a === own ? -1 : b === own ? 1 : a.localeCompare(b)));
}

/** Every month the range touches, 'YYYY-MM', in order. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  const last = DateTime.fromISO(to).startOf('month');
  for (let month = DateTime.fromISO(from).startOf('month'); month <= last; month = month.plus({ months: 1 })) {
    months.push(month.toFormat('yyyy-MM'));
  }
  return months;
}

/** 'YYYY-MM' as the locale writes a month: 'Oct 2026'. */
export function monthLabel(key: string, locale: string): string {
  return DateTime.fromFormat(key, 'yyyy-MM').setLocale(localeFormat(locale).intlLocale).toFormat('LLL yyyy');
}

/** The spend of one school by month, for the stacked chart. */
export interface SchoolSpend {
  clientId: number;
  name: string;
  rows: readonly SpendRow[];
}

/**
 * Spend by month in one currency: a series per school (stacked for a group), every month of the range a category
 * (a month without spend is 0, so the months read in order).
 */
export function spendByMonthModel(
  schools: readonly SchoolSpend[],
  currency: string,
  range: { from: string; to: string },
  locale: string,
): ChartModel {
  const months = monthsOf(range.from, range.to);
  return {
    categories: months.map((key) => ({ key, label: monthLabel(key, locale) })),
    series: schools
      .filter((school) => school.rows.some((row) => row.currency === currency))
      .map((school) => ({
        id: String(school.clientId),
        label: school.name,
        values: months.map(
          (month) =>
            school.rows.filter((row) => row.key === month && row.currency === currency).reduce((sum, row) => sum + row.amountMinor, 0) /
            100,
        ),
      })),
  };
}

/**
 * The rows of one currency under the name a reader knows them by, largest first: schools keep classifications of
 * their own, so a group's 'Primary Teacher' may be several classifications (keys) of one title, read as one.
 */
export function spendByName(
  rows: readonly SpendRow[],
  currency: string,
  name: (row: SpendRow) => string,
): Array<SpendRow & { name: string }> {
  const merged = new Map<string, SpendRow & { name: string }>();
  for (const row of rows) {
    if (row.currency !== currency) continue;
    const label = name(row);
    const seen = merged.get(label);
    merged.set(
      label,
      seen
        ? { ...seen, amountMinor: seen.amountMinor + row.amountMinor, days: seen.days + row.days, hours: seen.hours + row.hours }
        : { ...row, key: label, name: label },
    );
  }
  return [...merged.values()]
    .map((row) => ({ ...row, amount: row.amountMinor / 100, days: round2(row.days), hours: round2(row.hours) }))
    .sort((a, b) => b.amountMinor - a.amountMinor || a.name.localeCompare(b.name));
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Spend grouped by classification or reason (merged by name) in one currency: one series, the groups largest first. */
export function spendByGroupModel(named: ReadonlyArray<SpendRow & { name: string }>, seriesLabel: string): ChartModel {
  return {
    categories: named.map((row) => ({ key: row.key, label: row.name })),
    series: [{ id: 'amount', label: seriesLabel, values: named.map((row) => row.amountMinor / 100) }],
  };
}

/** How many educators the top educators report lists. */
export const TOP_EDUCATORS = 10;

/** One educator of the top educators report: days and hours over every currency, the amount in each of theirs. */
export interface TopEducator {
  key: string;
  name: string;
  days: number;
  hours: number;
  /** Spend before tax in each currency the educator was billed in, by currency code. */
  amounts: Array<{ currency: string; amount: number }>;
}

/**
 * The educators with the most days billed (spend by educator), most first (then more hours, then by name), up to
 * `limit`: days and hours are added over currencies, amounts never are. Spend with no educator on record and
 * educators billed by the hour only are not ranked. Two educators of one name read apart by a number after it.
 */
export function topEducators(rows: readonly SpendRow[], unknownKey: string, limit = TOP_EDUCATORS): TopEducator[] {
  const byKey = new Map<string, TopEducator & { minor: Map<string, number> }>();
  for (const row of rows) {
    if (row.key === unknownKey) continue;
    const seen = byKey.get(row.key) ?? { key: row.key, name: row.label, days: 0, hours: 0, amounts: [], minor: new Map<string, number>() };
    seen.days += row.days;
    seen.hours += row.hours;
    seen.minor.set(row.currency, (seen.minor.get(row.currency) ?? 0) + row.amountMinor);
    byKey.set(row.key, seen);
  }
  const ranked = [...byKey.values()]
    .filter((each) => round2(each.days) > 0)
    .sort((a, b) => b.days - a.days || b.hours - a.hours || a.name.localeCompare(b.name) || a.key.localeCompare(b.key))
    .slice(0, limit);
  const count = new Map<string, number>();
  ranked.forEach((each) => count.set(each.name, (count.get(each.name) ?? 0) + 1));
  const nth = new Map<string, number>();
  return ranked.map(({ minor, ...each }) => {
    const n = (nth.get(each.name) ?? 0) + 1;
    nth.set(each.name, n);
    return {
      ...each,
      name: (count.get(each.name) ?? 0) > 1 ? `${each.name} (${n})` : each.name,
      days: round2(each.days),
      hours: round2(each.hours),
      amounts: [...minor]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, amountMinor]) => ({ currency, amount: amountMinor / 100 })),
    };
  });
}

/** The top educators' days: one series, most first. */
export function topEducatorsModel(educators: readonly TopEducator[], seriesLabel: string): ChartModel {
  return {
    categories: educators.map((each) => ({ key: each.key, label: each.name })),
    series: [{ id: 'days', label: seriesLabel, values: educators.map((each) => each.days) }],
  };
}

/** A week's Monday as the locale writes a short date: '12 Oct' (en-AU), 'Oct 12' (en-US). */
export function weekLabel(key: string, locale: string): string {
  return DateTime.fromISO(key).setLocale(localeFormat(locale).intlLocale).toLocaleString({ day: 'numeric', month: 'short' });
}

/** An ISO weekday ('1' Monday … '7' Sunday) by its name in the locale: 'Monday'. */
export function weekdayLabel(key: string, locale: string): string {
  return DateTime.fromObject({ weekday: Number(key) as 1 | 2 | 3 | 4 | 5 | 6 | 7 })
    .setLocale(localeFormat(locale).intlLocale)
    .toFormat('cccc');
}

/** The fill rate of each group over time (weeks or months): null where there were no bookings. */
export function fillOverTimeModel(rows: readonly FillRow[], groupBy: 'week' | 'month', seriesLabel: string, locale: string): ChartModel {
  return {
    categories: rows.map((row) => ({ key: row.key, label: groupBy === 'week' ? weekLabel(row.key, locale) : monthLabel(row.key, locale) })),
    series: [{ id: 'fillRate', label: seriesLabel, values: rows.map(fillRate) }],
  };
}

/** The fill rate by weekday, in the locale's week order (Sunday first in the US), only days with bookings. */
export function fillByWeekdayModel(rows: readonly FillRow[], seriesLabel: string, locale: string): ChartModel {
  const start = localeFormat(locale).weekStart;
  const position = (key: string) => (Number(key) - start + 7) % 7;
  const ordered = [...rows].sort((a, b) => position(a.key) - position(b.key));
  return {
    categories: ordered.map((row) => ({ key: row.key, label: weekdayLabel(row.key, locale) })),
    series: [{ id: 'fillRate', label: seriesLabel, values: ordered.map(fillRate) }],
  };
}

/** Spec §9: -1 is 'no bookings', which is no rate at all. */
export function fillRate(row: Pick<FillRow, 'fillRatePercentage'>): number | null {
  return row.fillRatePercentage < 0 ? null : row.fillRatePercentage;
}

/** Weeks for a range of up to about four months, months beyond (a chart of 50 weekly bars reads as noise). */
export function fillTimeGrouping(range: { from: string; to: string }): 'week' | 'month' {
  return DateTime.fromISO(range.to).diff(DateTime.fromISO(range.from), 'days').days <= 126 ? 'week' : 'month';
}
