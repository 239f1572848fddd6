import type { PendingBookingSummary } from '@portal/contract/bookings';
import { formatDateList } from '../../../lib/locale-format';

/** 'earliest – latest', or the one date when they are the same. */
export function dateSpan(details: Pick<PendingBookingSummary['details'], 'earliestDate' | 'latestDate'>, locale: string): string {
  const first = formatDateList(details.earliestDate, locale);
  return details.earliestDate === details.latestDate ? first : `${first} – ${formatDateList(details.latestDate, locale)}`;
}
