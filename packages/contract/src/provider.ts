import { z } from 'zod';
import { BOOKING_STATUSES, REPLACE_ME_STATUSES } from './domain';
import { Id } from './query-params';

/**
 * The provider's side (staff tokens only): fill, start and finish bookings and move replace-me
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
    requestedCandidateId: z
      .number()
      .int()
      .nullable()
      .describe('The educator the school asked for (a favourite or past educator): fill with them first when free'),
  })
  .meta({ id: 'OpenBooking' });
export type OpenBooking = z.infer<typeof OpenBooking>;
export const OpenBookingsResponse = z.array(OpenBooking);

// Timesheets: the educator's submission, settling a review, the invoicing run.

// POST /v1/provider/bookings/{id}/timesheet — the educator submits the hours of a completed booking
export const EducatorTimesheetBody = z
  .strictObject({
    startTimeLocal: z.string().optional().describe("The educator's start, 'HH:mm' local; omitted: as booked"),
    endTimeLocal: z.string().optional().describe("The educator's end, 'HH:mm' local; omitted: as booked"),
    breakMinutes: z.number().int().min(0).max(600).optional().describe('omitted: as booked'),
    didNotHappen: z.boolean().optional().describe('The educator says the booking did not happen (needs a reason)'),
    reason: z.string().trim().max(500).optional(),
  })
  .meta({ id: 'EducatorTimesheetBody' });
export type EducatorTimesheetBody = z.infer<typeof EducatorTimesheetBody>;

// POST /v1/provider/timesheets/{bookingId}/settle — a timesheet pending review, after talking to the educator
export const SettleTimesheetBody = z
  .strictObject({
    outcome: z
      .enum(['approved', 'cancelled'])
      .describe('approved: approved for invoice with the agreed hours; cancelled: the booking is cancelled, no charge'),
    startTimeLocal: z.string().optional().describe("Agreed start 'HH:mm'; omitted: the school's, else the educator's"),
    endTimeLocal: z.string().optional().describe("Agreed end 'HH:mm'; omitted: the school's, else the educator's"),
    breakMinutes: z.number().int().min(0).max(600).optional(),
  })
  .meta({ id: 'SettleTimesheetBody' });
export type SettleTimesheetBody = z.infer<typeof SettleTimesheetBody>;

export const ProviderTimesheet = z
  .object({
    bookingId: z.number().int(),
    bookingStatus: z.enum(BOOKING_STATUSES),
    status: z
      .enum(['pending_review', 'pending_approval', 'approved_for_invoice', 'invoiced'])
      .nullable()
      .describe('Null once the booking is cancelled'),
  })
  .meta({ id: 'ProviderTimesheet' });
export type ProviderTimesheet = z.infer<typeof ProviderTimesheet>;

// POST /v1/provider/invoicing/run — invoices the timesheets approved for invoice
export const InvoicingRunBody = z
  .strictObject({
    approvedBefore: z.iso.datetime({ offset: true }).optional().describe('Only timesheets approved before this instant; omitted: now'),
    clientId: Id.optional().describe('Only this client'),
  })
  .meta({ id: 'InvoicingRunBody' });
export type InvoicingRunBody = z.infer<typeof InvoicingRunBody>;

export const InvoicingRunResponse = z
  .object({
    invoices: z.array(
      z.object({
        invoiceNo: z.string(),
        clientId: z.number().int(),
        periodStart: z.string(),
        periodEnd: z.string(),
        timesheets: z.number().int(),
        lines: z.number().int(),
        currency: z.string(),
        totalMinor: z.number().int(),
      }),
    ),
    cancelled: z.array(z.number().int()).describe('Bookings the educator said did not happen, approved as such: cancelled with no charge'),
  })
  .meta({ id: 'InvoicingRunResponse' });
export type InvoicingRunResponse = z.infer<typeof InvoicingRunResponse>;
