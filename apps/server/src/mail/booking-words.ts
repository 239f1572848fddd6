import type { BookingStatus } from '@portal/contract/domain';
import { formatCount, formatDateSpan, formatDay } from '@portal/contract/format/locale-format';

/**
 * How messages name a booking and what happened to it, in the reader's locale: by school, dates and times (the
 * portal shows no request number), with the block's series reference where it has one. Shared by the e-mails and
 * the short SMS, voice and push texts, which must not load the e-mail templates.
 */

export type BookingEvent = 'created' | 'pending_approval' | 'approved' | 'rejected' | 'filled' | 'extended' | 'cancelled';

/** What happened, as a subject line starts and an SMS says it. */
export const BOOKING_EVENT_TITLES: Record<BookingEvent, string> = {
  created: 'Booking received',
  pending_approval: 'Booking waiting for approval',
  approved: 'Booking approved',
  rejected: 'Booking rejected',
  filled: 'Educator confirmed',
  extended: 'Booking extended',
  cancelled: 'Booking cancelled',
};

/** A booking's status as the portal's bookings list writes it. */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending_approval: 'Pending approval',
  rejected: 'Rejected',
  unfilled: 'Unfilled',
  filled: 'Filled',
  commenced: 'Commenced',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export function statusLabel(status: string): string {
  return BOOKING_STATUS_LABELS[status as BookingStatus] ?? status.replace(/_/g, ' ');
}

/** 'Mon 6 Apr 2026' for one date; '6 Apr 2026 – 10 Apr 2026 (5 days)' for several ('YYYY-MM-DD', any order). */
export function datesInBrief(dates: readonly string[], locale: string): string {
  const distinct = [...new Set(dates)].sort();
  const first = distinct[0];
  const last = distinct[distinct.length - 1];
  if (first === undefined || last === undefined) return '';
  if (distinct.length === 1) return formatDay(first, locale);
  return `${formatDateSpan(first, last, locale)} (${formatCount(distinct.length, locale)} days)`;
}

/** "Title: School, dates · BLK-123": a booking message's subject, the reference last when there is one. */
export function bookingSubject(title: string, school: string, dates: readonly string[], reference: string | null, locale: string): string {
  return `${title}: ${school}, ${datesInBrief(dates, locale)}${reference ? ` · ${reference}` : ''}`;
}

/** An educator's SMS: a school extended their booking and they are tentatively booked on these days. */
export function extensionOfferText(firstName: string, school: string, dates: readonly string[], locale: string): string {
  const days = dates.map((d) => formatDay(d, locale)).join(', ');
  return `Hi ${firstName}, ${school} would like you to stay on: you are tentatively booked on ${days}. We will confirm shortly.`;
}
