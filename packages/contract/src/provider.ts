import { z } from 'zod';
import { REPLACE_ME_STATUSES } from './domain';
import { Id } from './query-params';

/**
 * The provider's side (staff tokens only, issue 5 item 9): fill, start and finish bookings and move replace-me
 * requests along. The demo simulator uses the same service.
 */

// POST /v1/provider/bookings/{id}/assign
export const AssignBookingBody = z
  .strictObject({ candidateId: Id.describe('The educator; must be free on that date') })
  .meta({ id: 'AssignBookingBody' });

// POST /v1/provider/bookings/{id}/progress
export const ProgressBookingBody = z.strictObject({ status: z.enum(['commenced', 'completed']) }).meta({ id: 'ProgressBookingBody' });

// POST /v1/provider/replace-me/{id}/advance
export const AdvanceReplaceMeBody = z
  .strictObject({
    status: z.enum(REPLACE_ME_STATUSES).describe('The next state: pending_approval → replacement_found → booking_created'),
    candidateId: Id.optional().describe('The replacement (replacement_found)'),
  })
  .meta({ id: 'AdvanceReplaceMeBody' });

// GET /v1/provider/bookings/open?take — unfilled bookings from today on, oldest request first
export const OpenBookingsQuery = z.strictObject({ take: z.coerce.number().int().min(1).max(500).default(50) });
