import type { PendingBookingSummary } from '@portal/contract/bookings';
import { formatDateSpan } from '../../../lib/locale-format';

/** 'earliest – latest', or the one date when they are the same. */
export function dateSpan(details: Pick<PendingBookingSummary['details'], 'earliestDate' | 'latestDate'>, locale: string): string {
  return formatDateSpan(details.earliestDate, details.latestDate, locale);
}

/** Consecutive or not says something only about several days: undefined for a one-day request. */
export function consecutiveKey(
  request: Pick<PendingBookingSummary, 'days'> & { details: Pick<PendingBookingSummary['details'], 'areDatesConsecutive'> },
): 'pending.consecutive' | 'pending.notConsecutive' | undefined {
  if (request.days <= 1) return undefined;
  return request.details.areDatesConsecutive ? 'pending.consecutive' : 'pending.notConsecutive';
}
