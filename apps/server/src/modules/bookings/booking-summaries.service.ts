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
import type { Versioned, VersionedAnswers } from '../../lib/versioned-answers';
import { viewScope, visibleClientIds } from '../data-scope/data-scope';
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

/**
 * The dashboard's booking figures as versioned answers (docs/decisions/009): they read only the bookings of the
 * clients the caller sees, and no clock (every date comes with the query), so each is named by the route, the
 * caller's resolved scope and the query, over the versions of the visible clients.
 */
export class BookingSummariesService {
  constructor(
    private readonly db: DbOrTx,
    private readonly answers: VersionedAnswers,
  ) {}

  /** Bookings per local date over a range (the dashboard calendar). */
  async overviewAnswer(
    tree: PermissionTree,
    query: { clientIds?: number[] | undefined; dateFromLocal: string; dateToLocal: string },
  ): Promise<Versioned<BookingsOverviewResponse>> {
    const scope = viewScope(tree, 'booking', query.clientIds);
    const { dateFromLocal: from, dateToLocal: to } = query;
    return this.answers.versioned(['bookings-overview', scope, from, to], visibleClientIds(tree, query.clientIds), () =>
      bookingsPerDay(this.db, scope, from, to),
    );
  }

  /** The tiles: bookings by status on a day and over the period from it. */
  async summaryAnswer(
    tree: PermissionTree,
    query: { clientIds?: number[] | undefined; dateFromLocal: string },
  ): Promise<Versioned<BookingsSummaryResponse>> {
    const scope = viewScope(tree, 'booking', query.clientIds);
    const from = query.dateFromLocal;
    const to = addDays(from, SUMMARY_PERIOD_DAYS - 1);
    return this.answers.versioned(['bookings-summary', scope, from], visibleClientIds(tree, query.clientIds), async () => {
      const rows = await bookingsByStatus(this.db, scope, from, to, from);
      return {
        dateFromLocal: from,
        dateToLocal: to,
        today: statusCounts(rows.map((r) => ({ status: r.status, count: r.onFirstDay }))),
        period: statusCounts(rows),
      };
    });
  }

  /** One client's bookings by month and status over a range (the yearly overview). */
  async clientSummaryAnswer(
    tree: PermissionTree,
    clientId: number,
    query: { dateFromLocal: string; dateToLocal: string },
  ): Promise<Versioned<ClientBookingsSummaryResponse>> {
    const scope = viewScope(tree, 'booking', [clientId]);
    const { dateFromLocal: from, dateToLocal: to } = query;
    return this.answers.versioned(['client-bookings-summary', clientId, scope, from, to], [clientId], async () => {
      const rows = await bookingsByMonthAndStatus(this.db, clientId, scope, from, to);
      return {
        clientId,
        dateFromLocal: from,
        dateToLocal: to,
        months: monthsOf(from, to).map((month) => ({ month, ...statusCounts(rows.filter((r) => r.month === month)) })),
        totals: statusCounts(rows),
      };
    });
  }
}
