import { z } from 'zod';
import { MAX_REASON_LENGTH } from './limits';
import { PendingBookingActionResult } from './pending-bookings';

/**
 * Approve from the e-mail: the pending-approval e-mail gives each approver an Approve and a Reject
 * link, single-use, bound to that approver and that request, valid EMAIL_ACTION_LINK_HOURS. The link opens a public
 * page (no sign-in) that reads what it is for (GET, which changes nothing) and acts only on a POST from that page.
 */

export const EMAIL_ACTIONS = ['approve', 'reject'] as const;
export type EmailAction = (typeof EMAIL_ACTIONS)[number];

/** The link's secret: 32 random bytes, base64url (43 characters). */
export const EmailActionParams = z.strictObject({
  token: z.string().min(1).max(200).describe('The secret of the e-mailed link'),
});

// GET /v1/email-actions/{token}
export const EmailActionView = z
  .object({
    action: z.enum(EMAIL_ACTIONS).describe('What the link does'),
    expiresAt: z.string().describe('ISO 8601 instant after which the link no longer works'),
    approverName: z.string().describe('The approver the link was sent to (first name)'),
    request: z.object({
      id: z.number().int().describe('Booking request id'),
      reference: z.string().nullable().describe('Series reference, if any'),
      clientName: z.string(),
      locationName: z.string(),
      dates: z.array(z.string()).describe('Local dates (YYYY-MM-DD), earliest first'),
      startTime: z.string().describe('Local start time (HH:mm)'),
      endTime: z.string().describe('Local end time (HH:mm)'),
      classification: z.string(),
      requesterName: z.string(),
    }),
    decided: z
      .object({
        outcome: z.enum(['approved', 'rejected', 'withdrawn']).describe('withdrawn: the requester took the request back'),
        byName: z.string().nullable().describe('Who decided, or withdrew (first and last name); null when not a contact of the school'),
        at: z.string().nullable().describe('ISO 8601 instant of the decision'),
      })
      .nullable()
      .describe('Set once the request was decided (through this link, another approver’s or the portal): the link acts no more'),
  })
  .meta({ id: 'EmailActionView' });
export type EmailActionView = z.infer<typeof EmailActionView>;

/** POST on a link whose request was decided meanwhile (409): the page reads the link again to say by whom. */
export const ALREADY_DECIDED = 'This booking request has already been decided.';

// POST /v1/email-actions/{token} (Idempotency-Key)
export const EmailActionBody = z
  .strictObject({
    reason: z.string().trim().max(MAX_REASON_LENGTH).optional().describe('Required when the link rejects'),
  })
  .meta({ id: 'EmailActionBody' });
export type EmailActionBody = z.infer<typeof EmailActionBody>;

export const EmailActionResult = PendingBookingActionResult;
export type EmailActionResult = z.infer<typeof EmailActionResult>;
