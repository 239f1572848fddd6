import type { BookingCandidate } from '@portal/contract/bookings';
import type { BookingRequestStatus, BookingStatus } from '@portal/contract/domain';
import { DateTime } from 'luxon';
import { formatDate, formatDateList, localeFormat } from '../../../lib/locale-format';

/** 'Mon 4 Mar 2026' (day-first locales) or 'Mon Mar 4, 2026': the list format of spec §9 with the weekday. */
export function formatDay(date: string, locale: string): string {
  return `${DateTime.fromISO(date).setLocale('en').toFormat('ccc')} ${formatDateList(date, locale)}`;
}

/** The short date of the locale (D/MM/YYYY, MM/DD/YYYY). */
export function formatShortDate(date: string, locale: string): string {
  return formatDate(date, locale);
}

/** An ISO instant in the given zone, as the locale's short date and 'HH:mm'. */
export function formatInstant(iso: string, locale: string, timeZone?: string): string {
  const at = timeZone ? DateTime.fromISO(iso, { zone: timeZone }) : DateTime.fromISO(iso);
  if (!at.isValid) return iso;
  return `${formatDate(at, locale)} ${at.toFormat('HH:mm')}`;
}

/** 'HH:mm[:ss]' → 'HH:mm' (the server answers 'HH:mm'; older rows may carry seconds). */
export function formatTime(time: string): string {
  const [h = '0', m = '00'] = time.split(':');
  return `${h.padStart(2, '0')}:${m.padStart(2, '0')}`;
}

/** The name an educator goes by: the preferred first name when there is one. */
export function educatorName(candidate: Pick<BookingCandidate, 'preferredName' | 'lastName' | 'fullName'>): string {
  return candidate.preferredName ? `${candidate.preferredName} ${candidate.lastName}` : candidate.fullName;
}

/**
 * Colours of the status chips (MUI palette names): open work in warning, settled work in success, what
 * cannot happen any more in default. Each pairs with the status text, never colour alone.
 */
export function statusColour(status: BookingStatus | BookingRequestStatus): 'default' | 'success' | 'warning' | 'info' | 'error' {
  switch (status) {
    case 'filled':
    case 'commenced':
    case 'approved':
      return 'success';
    case 'unfilled':
    case 'pending_approval':
      return 'warning';
    case 'completed':
      return 'info';
    case 'rejected':
      return 'error';
    case 'cancelled':
      return 'default';
  }
}

/** A count with the locale's digit grouping: 1481 → '1,481'. */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(localeFormat(locale).intlLocale).format(value);
}
