import type { PermissionTree } from '@portal/contract/permissions';
import type { BookingStatus } from '@portal/contract/domain';
import {
  fillRatePercentage,
  SUMMARY_PERIOD_DAYS,
  type BookingsOverviewResponse,
  type BookingsSummaryResponse,
  type BookingStatusCounts,
  type ClientBookingsSummaryResponse,
} from '@portal/contract/dashboard';
import { addDays } from '@portal/contract/query-params';
import type { DbOrTx } from '@portal/db/client';
import { viewScope } from '../data-scope/data-scope';
import { bookingsByMonthAndStatus, bookingsByStatus, bookingsPerDay } from './booking-summaries.repository';

/** The dashboard's booking figures: bookings per day, the tiles, and one client's year by month. */

const STATUS_FIELD: Record<BookingStatus, Exclude<keyof BookingStatusCounts, 'total' | 'fillRatePercentage'>> = {
  pending_approval: 'pendingApproval',
  unfilled: 'unfilled',
  filled: 'filled',
  commenced: 'commenced',
  completed: 'completed',
  cancelled: 'cancelled',
  rejected: 'rejected',
};

export function statusCounts(rows: Iterable<{ status: BookingStatus; count: number }>): BookingStatusCounts {
  const counts: BookingStatusCounts = {
    total: 0,
    pendingApproval: 0,
    unfilled: 0,
    filled: 0,
    commenced: 0,
    completed: 0,
    cancelled: 0,
    rejected: 0,
    fillRatePercentage: -1,
  };
  for (const { status, count } of rows) {
    counts[STATUS_FIELD[status]] += count;
    if (status !== 'cancelled' && status !== 'rejected') counts.total += count;
  }
  counts.fillRatePercentage = fillRatePercentage(counts.total, counts.unfilled);
  return counts;
}

/** The months from `from` to `to` ('YYYY-MM-DD'), as 'YYYY-MM'. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

export async function bookingsOverview(
  db: DbOrTx,
  tree: PermissionTree,
  query: { clientIds?: number[] | undefined; dateFromLocal: string; dateToLocal: string },
): Promise<BookingsOverviewResponse> {
  const scope = viewScope(tree, 'booking', query.clientIds);
  return bookingsPerDay(db, scope, query.dateFromLocal, query.dateToLocal);
}

export async function bookingsSummary(
  db: DbOrTx,
  tree: PermissionTree,
  query: { clientIds?: number[] | undefined; dateFromLocal: string },
): Promise<BookingsSummaryResponse> {
  const scope = viewScope(tree, 'booking', query.clientIds);
  const from = query.dateFromLocal;
  const to = addDays(from, SUMMARY_PERIOD_DAYS - 1);
  const rows = await bookingsByStatus(db, scope, from, to, from);
  return {
    dateFromLocal: from,
    dateToLocal: to,
    today: statusCounts(rows.map((r) => ({ status: r.status, count: r.onFirstDay }))),
    period: statusCounts(rows),
  };
}

export async function clientBookingsSummary(
  db: DbOrTx,
  tree: PermissionTree,
  clientId: number,
  query: { dateFromLocal: string; dateToLocal: string },
): Promise<ClientBookingsSummaryResponse> {
  const scope = viewScope(tree, 'booking', [clientId]);
  const rows = await bookingsByMonthAndStatus(db, clientId, scope, query.dateFromLocal, query.dateToLocal);
  return {
    clientId,
    dateFromLocal: query.dateFromLocal,
    dateToLocal: query.dateToLocal,
    months: monthsOf(query.dateFromLocal, query.dateToLocal).map((month) => ({
      month,
      ...statusCounts(rows.filter((r) => r.month === month)),
    })),
    totals: statusCounts(rows),
  };
}
