import type { z } from 'zod';
import { candidateFullName } from '@portal/contract/candidates';
import { CURRENCIES, type Currency } from '@portal/contract/domain';
import { fillRatePercentage } from '@portal/contract/dashboard';
import { toMajor } from '@portal/contract/invoices';
import type { PermissionTree } from '@portal/contract/permissions';
import {
  REPORT_UNKNOWN_KEY,
  type FillReportQuery,
  type FillReportResponse,
  type FillRow,
  type FillTotals,
  type SpendReportQuery,
  type SpendReportResponse,
  type SpendRow,
  type SpendTotal,
} from '@portal/contract/reports';
import type { DbOrTx } from '@portal/db/client';
import type { Versioned, VersionedAnswers } from '../../lib/versioned-answers';
import { viewScope, visibleClientIds } from '../data-scope/data-scope';
import type { InvoicesService } from '../invoices/invoices.service';
import { clientNamesOf, fillGroups, spendLineDates, type FillGroupRow, type SpendLineDateRow } from './reports.repository';

/**
 * The spend and fill reports. Spend has the invoice list's access (accounts view at every client asked for, through
 * the invoices service); fill has the bookings figures' (booking view at the clients or some of their locations,
 * through data-scope). Both are versioned answers (docs/decisions/009) over the clients they read.
 */

type SpendQuery = z.output<typeof SpendReportQuery>;
type FillQuery = z.output<typeof FillReportQuery>;

/** The reason of a booking that names none: spec §3's 'not provided'. */
const REASON_NOT_GIVEN = 'not provided';

/**
 * The part of `amount` (integer minor units) that falls on the `position`-th of `count` dates: equal shares, the
 * cents left over going one each to the first dates, so the parts add up to the amount exactly.
 */
export function shareOf(amount: number, count: number, position: number): number {
  const sign = amount < 0 ? -1 : 1;
  const whole = Math.abs(amount);
  const base = Math.floor(whole / count);
  return sign * (base + (position <= whole - base * count ? 1 : 0));
}

/** Days and hours a line bills per unit of quantity. */
function unitsOf(unit: string): { days: number; hours: number } {
  if (unit === 'hour') return { days: 0, hours: 1 };
  if (unit === 'half_day') return { days: 0.5, hours: 0 };
  return { days: 1, hours: 0 };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const asCurrency = (c: string): Currency => ((CURRENCIES as readonly string[]).includes(c) ? (c as Currency) : 'USD');

interface Sum {
  key: string;
  label: string;
  currency: Currency;
  amountMinor: number;
  days: number;
  hours: number;
}

/** The group a (line, date) falls in. */
function spendGroup(row: SpendLineDateRow, groupBy: SpendQuery['groupBy'], names: Map<number, string>): { key: string; label: string } {
  switch (groupBy) {
    case 'month':
      return { key: row.date_local.slice(0, 7), label: row.date_local.slice(0, 7) };
    case 'client':
      return { key: String(row.client_id), label: names.get(row.client_id) ?? '' };
    case 'classification':
      return row.classification_id === null
        ? { key: REPORT_UNKNOWN_KEY, label: '' }
        : { key: String(row.classification_id), label: row.classification_title ?? '' };
    case 'reason':
      if (row.classification_id === null) return { key: REPORT_UNKNOWN_KEY, label: '' };
      return { key: row.absence_reason ?? REASON_NOT_GIVEN, label: row.absence_reason ?? REASON_NOT_GIVEN };
    case 'educator':
      return row.candidate_id === null
        ? { key: REPORT_UNKNOWN_KEY, label: '' }
        : {
            key: String(row.candidate_id),
            label: candidateFullName({ firstName: row.first_name ?? '', lastName: row.last_name ?? '', preferredName: row.preferred_name }),
          };
  }
}

/** Months in key order; clients, classifications, reasons and educators by label, the unknown last; then currency. */
function compareRows(byKey: boolean) {
  return (a: Sum, b: Sum) => {
    if (a.key !== b.key) {
      if (byKey) return a.key < b.key ? -1 : 1;
      if (a.key === REPORT_UNKNOWN_KEY) return 1;
      if (b.key === REPORT_UNKNOWN_KEY) return -1;
      return a.label.localeCompare(b.label, 'en') || (a.key < b.key ? -1 : 1);
    }
    return a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0;
  };
}

const spendAmounts = (s: Omit<Sum, 'key' | 'label'>): SpendTotal => ({
  currency: s.currency,
  amount: toMajor(s.amountMinor),
  amountMinor: s.amountMinor,
  days: round2(s.days),
  hours: round2(s.hours),
});

/** The spend report from the (line, date) rows: each line's amount, days and hours spread over its dates. */
export function spendReport(rows: readonly SpendLineDateRow[], query: SpendQuery, names: Map<number, string>): SpendReportResponse {
  const groups = new Map<string, Sum>();
  const totals = new Map<Currency, Sum>();
  for (const row of rows) {
    if (row.date_local < query.from || row.date_local > query.to) continue;
    const currency = asCurrency(row.currency);
    const units = unitsOf(row.unit);
    const quantity = row.quantity / row.date_count;
    const part = {
      amountMinor: shareOf(row.amount_minor, row.date_count, row.position),
      days: quantity * units.days,
      hours: quantity * units.hours,
    };
    const { key, label } = spendGroup(row, query.groupBy, names);
    for (const [map, id, k, l] of [
      [groups, `${key}\u0000${currency}`, key, label],
      [totals, currency, '', ''],
    ] as const) {
      const sum = (map as Map<string, Sum>).get(id) ?? { key: k, label: l, currency, amountMinor: 0, days: 0, hours: 0 };
      sum.amountMinor += part.amountMinor;
      sum.days += part.days;
      sum.hours += part.hours;
      (map as Map<string, Sum>).set(id, sum);
    }
  }
  const ordered = [...groups.values()].sort(compareRows(query.groupBy === 'month'));
  return {
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    rows: ordered.map((s): SpendRow => ({ key: s.key, label: s.label, ...spendAmounts(s) })),
    totals: [...totals.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1)).map(spendAmounts),
  };
}

const fillCounts = (r: FillGroupRow): FillTotals => ({
  bookings: r.bookings,
  filled: r.filled,
  unfilled: r.unfilled,
  cancelled: r.cancelled,
  fillRatePercentage: fillRatePercentage(r.bookings, r.unfilled),
  medianHoursToFill: r.median_hours === null ? null : Number(r.median_hours),
});

const NO_BOOKINGS: FillGroupRow = { key: null, bookings: 0, filled: 0, unfilled: 0, cancelled: 0, median_hours: null };

/** The fill report from the grouped counts (the totals row has no key). */
export function fillReport(groups: readonly FillGroupRow[], query: FillQuery, names: Map<number, string>): FillReportResponse {
  const total = groups.find((g) => g.key === null) ?? NO_BOOKINGS;
  const rows = groups
    .filter((g): g is FillGroupRow & { key: string } => g.key !== null)
    .map((g): FillRow => ({ key: g.key, label: query.groupBy === 'client' ? (names.get(Number(g.key)) ?? '') : g.key, ...fillCounts(g) }));
  if (query.groupBy === 'client') rows.sort((a, b) => a.label.localeCompare(b.label, 'en') || Number(a.key) - Number(b.key));
  return { from: query.from, to: query.to, groupBy: query.groupBy, rows, totals: fillCounts(total) };
}

export class ReportsService {
  constructor(
    private readonly db: DbOrTx,
    private readonly answers: VersionedAnswers,
    private readonly invoices: InvoicesService,
  ) {}

  /** GET /v1/reports/spend: 403 unless every client asked for grants accounts view (decided before anything is read). */
  async spendAnswer(tree: PermissionTree, query: SpendQuery): Promise<Versioned<SpendReportResponse>> {
    const clientIds = this.invoices.accountsClientIds(tree, query.clientIds);
    return this.answers.versioned(['reports-spend', clientIds, query.from, query.to, query.groupBy], clientIds, async () => {
      const [rows, names] = await Promise.all([
        spendLineDates(this.db, clientIds, query.from, query.to),
        clientNamesOf(this.db, clientIds),
      ]);
      return spendReport(rows, query, names);
    });
  }

  /** GET /v1/reports/fill: the bookings figures' scope (booking view at the clients or some of their locations). */
  async fillAnswer(tree: PermissionTree, query: FillQuery): Promise<Versioned<FillReportResponse>> {
    const scope = viewScope(tree, 'booking', query.clientIds);
    const clientIds = visibleClientIds(tree, query.clientIds);
    return this.answers.versioned(['reports-fill', scope, query.from, query.to, query.groupBy], clientIds, async () => {
      const [groups, names] = await Promise.all([
        fillGroups(this.db, scope, query.from, query.to, query.groupBy),
        clientNamesOf(this.db, clientIds),
      ]);
      return fillReport(groups, query, names);
    });
  }
}
