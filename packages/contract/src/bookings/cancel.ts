import { DateTime } from 'luxon';
import { BOOKING_MESSAGES } from '../booking-messages';
import type { BookingStatus } from '../domain';

/**
 * Spec §4 'Booking cancel': a booking is cancelled online with a reason unless an educator is already assigned to
 * it or it has already commenced (then the school calls the provider); a closed booking cannot be cancelled at all.
 * One rule for the cancel endpoint, the cancellation request (which is for exactly the refused cases) and the
 * actions a booking's answer offers.
 */

/** What a cancel turns into `cancelled`. */
export const CANCELLABLE_STATUSES: readonly BookingStatus[] = ['pending_approval', 'unfilled'];
/** Bookings that are over, one way or another. */
export const CLOSED_STATUSES: readonly BookingStatus[] = ['cancelled', 'completed', 'rejected'];
/** What an extension may start from. */
export const EXTENDABLE_STATUSES: readonly BookingStatus[] = ['unfilled', 'filled'];

export type CancelRefusal = 'closed' | 'commenced' | 'assigned';

/** The local start of a booking has passed (in its location's zone). */
export function hasStarted(b: { dateLocal: string; startTimeLocal: string; timeZone: string }, now: Date): boolean {
  const start = DateTime.fromISO(`${b.dateLocal}T${b.startTimeLocal.slice(0, 5)}`, { zone: b.timeZone });
  return start.isValid ? start.toMillis() <= now.getTime() : false;
}

/** Why a booking cannot be cancelled online now, or null. */
export function cancelRefusal(
  b: { status: BookingStatus; candidateId: number | null; dateLocal: string; startTimeLocal: string; timeZone: string },
  now: Date,
): CancelRefusal | null {
  if (CLOSED_STATUSES.includes(b.status)) return 'closed';
  if (b.status === 'commenced' || hasStarted(b, now)) return 'commenced';
  if (b.status === 'filled' || b.candidateId !== null) return 'assigned';
  if (!CANCELLABLE_STATUSES.includes(b.status)) return 'closed';
  return null;
}

/** The API's English text of a refusal. */
export const CANCEL_REFUSAL_TEXT: Record<CancelRefusal, string> = {
  closed: BOOKING_MESSAGES.cancelClosed,
  commenced: BOOKING_MESSAGES.cancelCommenced,
  assigned: BOOKING_MESSAGES.cancelAssigned,
};
