import { z } from 'zod';
import { REPLACE_ME_STATUSES } from './domain';
import { Id } from './query-params';

/** Replace-me (spec §4, §9): a teacher asks for a replacement for today or the next school day. */

export const REPLACE_ME_DAYS = ['today', 'tomorrow'] as const;

// GET /v1/bookings/replace-me-status?clientId  (403 when the caller has no replace-me location at the client)
export const ReplaceMeStatusQuery = z.strictObject({ clientId: Id });

export const ReplaceMeRequest = z
  .object({
    id: z.number().int(),
    locationId: z.number().int(),
    locationName: z.string(),
    selectedDay: z.string().describe('Local date, YYYY-MM-DD'),
    isNextMonday: z.boolean(),
    status: z.enum(REPLACE_ME_STATUSES),
    bookingId: z.number().int().nullable().describe('The booking made for the replacement (status booking_created)'),
    candidateName: z.string().nullable().describe('The replacement, once found'),
    createdAt: z.string(),
  })
  .meta({ id: 'ReplaceMeRequest' });
export type ReplaceMeRequest = z.infer<typeof ReplaceMeRequest>;

export const ReplaceMeStatus = z
  .object({
    clientId: z.number().int(),
    timestamp: z.string().describe('When this answer was made (ISO 8601)'),
    locations: z.array(z.object({ id: z.number().int(), name: z.string(), timeZone: z.string() })),
    /** The two days a request can be made for now, in the first location's zone. */
    days: z.object({ today: z.string(), tomorrow: z.string(), isNextMonday: z.boolean() }),
    requests: z.array(ReplaceMeRequest).describe('Requests for today onwards'),
  })
  .meta({ id: 'ReplaceMeStatus' });
export type ReplaceMeStatus = z.infer<typeof ReplaceMeStatus>;

// DELETE /v1/bookings/replace-me/{id}: the teacher withdraws a request still waiting (204; again: 204).
export const ReplaceMeRequestParams = z.strictObject({ id: Id.describe('Id of one of the caller’s replace-me requests') });

// POST /v1/bookings/replaceMe (Idempotency-Key)
export const ReplaceMeBody = z
  .strictObject({
    selectedDay: z.enum(REPLACE_ME_DAYS).describe('Today or Tomorrow (the next school day)'),
    isNextMonday: z.boolean().default(false).describe('Tomorrow is next Monday (a Friday request); must match the calendar'),
    locationId: Id.optional().describe('Needed when the caller has replace-me at more than one location'),
  })
  .meta({ id: 'ReplaceMeBody' });
export type ReplaceMeBody = z.input<typeof ReplaceMeBody>;
