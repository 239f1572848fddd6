import { z } from 'zod';
import { PendingBookingSummary, Paging } from './bookings';
import { MAX_REASON_LENGTH } from './limits';
import { ClientIds } from './query-params';

/** Pending approval (spec §4): requests made by contacts who may only create pending bookings. */

// GET /v1/pending-bookings  (list of PendingBookingSummary, x-pagination)
export const PendingBookingsQuery = z.strictObject({ clientIds: ClientIds, ...Paging });
export const PendingBookingsResponse = z.array(PendingBookingSummary);

// GET /v1/pending-bookings/{bookingId} answers a BookingDetail (bookingId is the request id of the summary).

// POST /v1/pending-bookings/{bookingId}/action (Idempotency-Key)
export const PENDING_ACTIONS = ['accept', 'reject'] as const;
export const PendingBookingActionBody = z
  .strictObject({
    action: z.enum(PENDING_ACTIONS).describe('accept: sent to the provider to fill; reject: needs a reason'),
    reason: z.string().trim().max(MAX_REASON_LENGTH).optional().describe('Required when rejecting'),
  })
  .meta({ id: 'PendingBookingActionBody' });
export type PendingBookingActionBody = z.infer<typeof PendingBookingActionBody>;

export const PendingBookingActionResult = z
  .object({ id: z.number().int(), status: z.enum(['approved', 'rejected']), bookingIds: z.array(z.number().int()) })
  .meta({ id: 'PendingBookingActionResult' });
export type PendingBookingActionResult = z.infer<typeof PendingBookingActionResult>;

// POST /v1/pending-bookings/{bookingId}/withdraw (Idempotency-Key): the contact who asked takes the request back.
export const PendingBookingWithdrawResult = z
  .object({
    id: z.number().int(),
    status: z.literal('withdrawn'),
    bookingIds: z.array(z.number().int()).describe('The request’s bookings, now cancelled'),
  })
  .meta({ id: 'PendingBookingWithdrawResult' });
export type PendingBookingWithdrawResult = z.infer<typeof PendingBookingWithdrawResult>;
