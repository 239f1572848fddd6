import { z } from 'zod';
import { BOOKING_STATUSES, REPLACE_ME_STATUSES } from './domain';
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

/** A booking as the provider's endpoints answer it. */
export const ProviderBooking = z
  .object({
    id: z.number().int(),
    requestId: z.number().int(),
    status: z.enum(BOOKING_STATUSES),
    dateLocal: z.string(),
    candidateId: z.number().int().nullable(),
  })
  .meta({ id: 'ProviderBooking' });
export type ProviderBooking = z.infer<typeof ProviderBooking>;

/** An unfilled booking waiting for an educator (GET /v1/provider/bookings/open). */
export const OpenBooking = z
  .object({
    id: z.number().int(),
    requestId: z.number().int(),
    clientId: z.number().int(),
    clientName: z.string(),
    country: z.string().describe('ISO 3166-1 alpha-2 of the client'),
    locationId: z.number().int(),
    locationName: z.string(),
    dateLocal: z.string(),
    startTimeLocal: z.string(),
    endTimeLocal: z.string(),
    timeZone: z.string(),
    requestCreatedAt: z.string().describe('When the request was made (ISO 8601)'),
    sentAt: z.string().describe('When the request reached the provider: made, or approved when it waited for approval (ISO 8601)'),
  })
  .meta({ id: 'OpenBooking' });
export type OpenBooking = z.infer<typeof OpenBooking>;
export const OpenBookingsResponse = z.array(OpenBooking);
