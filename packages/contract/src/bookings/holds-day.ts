import type { BookingStatus } from '../domain';

/**
 * Which bookings hold their educator's day. A cancelled booking, or one whose request was rejected, is released: the
 * educator is free for another booking on that date. A booking in any other status holds the day of the educator
 * it names.
 */
export const RELEASED_STATUSES = ['cancelled', 'rejected'] as const satisfies readonly BookingStatus[];
