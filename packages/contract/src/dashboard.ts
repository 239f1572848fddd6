import { z } from 'zod';
import { ClientIds, dateRange, LocalDate, MAX_RANGE_DAYS, TimeZoneName } from './query-params';
import { hasPermission, meetsRequirement, PAGE_REQUIREMENTS, ROUTE_REQUIREMENTS, type PermissionTree } from './permissions';

/**
 * The home dashboard's calls: bookings per day, the dashboard tiles, a client's year by month, the
 * outstanding invoices count and the timesheet summary. Booking counts use each booking's local date at its
 * location (`dateLocal`), so no time zone shifts a booking to another day.
 */

/** Spec §9: the rounded percentage of filled over total, and -1 when there are none. */
export function fillRatePercentage(totalBookings: number, openBookings: number): number {
  return totalBookings === 0 ? -1 : Math.round(((totalBookings - openBookings) / totalBookings) * 100);
}

const Count = z.number().int().nonnegative();

// GET /v1/bookings/overview

export const BookingsOverviewQuery = z
  .strictObject({
    clientIds: ClientIds,
    dateFromLocal: LocalDate.describe('First local date, YYYY-MM-DD (inclusive)'),
    dateToLocal: LocalDate.describe(`Last local date, YYYY-MM-DD (inclusive), at most ${MAX_RANGE_DAYS} days after dateFromLocal`),
  })
  .superRefine(dateRange('dateFromLocal', 'dateToLocal'));
export type BookingsOverviewQuery = z.infer<typeof BookingsOverviewQuery>;

export const BookingsOverviewEntry = z
  .object({
    dateLocal: z.string().describe('Local date, YYYY-MM-DD'),
    totalBookingsCount: Count.describe('Bookings on that date, cancelled and rejected ones excluded'),
  })
  .meta({ id: 'BookingsOverviewEntry' });
export type BookingsOverviewEntry = z.infer<typeof BookingsOverviewEntry>;

export const BookingsOverviewResponse = z
  .array(BookingsOverviewEntry)
  .describe('One entry per local date that has bookings, in date order; dates without bookings are left out');
export type BookingsOverviewResponse = z.infer<typeof BookingsOverviewResponse>;

// Booking counts by status, shared by the dashboard summary and the yearly overview.

export const BookingStatusCounts = z
  .object({
    total: Count.describe('Every booking except cancelled and rejected ones'),
    pendingApproval: Count.describe('Awaiting approval by the client (pending bookings)'),
    unfilled: Count.describe('Approved, not yet filled with an educator (open)'),
    filled: Count.describe('An educator is assigned; the day has not begun'),
    commenced: Count.describe('Under way today'),
    completed: Count.describe('Done'),
    cancelled: Count.describe('Cancelled (not in total)'),
    rejected: Count.describe('Rejected pending bookings (not in total)'),
    fillRatePercentage: z
      .number()
      .int()
      .min(-1)
      .max(100)
      .describe('Rounded percent of total that is not unfilled (as the group overview counts it); -1 when total is 0'),
  })
  .meta({ id: 'BookingStatusCounts' });
export type BookingStatusCounts = z.infer<typeof BookingStatusCounts>;

// GET /v1/bookings/summary

/** The dashboard tiles look this many days ahead, the first day included: four weeks. */
export const SUMMARY_PERIOD_DAYS = 28;

export const BookingsSummaryQuery = z.strictObject({
  clientIds: ClientIds,
  dateFromLocal: LocalDate.describe('First local date, YYYY-MM-DD; the web app passes today'),
});
export type BookingsSummaryQuery = z.infer<typeof BookingsSummaryQuery>;

export const BookingsSummaryResponse = z
  .object({
    dateFromLocal: z.string().describe('First local date counted'),
    dateToLocal: z.string().describe(`Last local date counted: dateFromLocal plus ${SUMMARY_PERIOD_DAYS - 1} days`),
    today: BookingStatusCounts.describe('Bookings on dateFromLocal'),
    period: BookingStatusCounts.describe(`Bookings from dateFromLocal to dateToLocal (${SUMMARY_PERIOD_DAYS} days)`),
  })
  .meta({ id: 'BookingsSummaryResponse' });
export type BookingsSummaryResponse = z.infer<typeof BookingsSummaryResponse>;

// GET /v1/clients/{clientId}/bookings/summary

export const ClientBookingsSummaryQuery = z
  .strictObject({
    timeZone: TimeZoneName.optional().describe(
      "The caller's IANA zone, checked but not needed: each booking is counted on its location's own local date",
    ),
    dateFromLocal: LocalDate.describe('First local date, YYYY-MM-DD (inclusive)'),
    dateToLocal: LocalDate.describe(`Last local date, YYYY-MM-DD (inclusive), at most ${MAX_RANGE_DAYS} days after dateFromLocal`),
  })
  .superRefine(dateRange('dateFromLocal', 'dateToLocal'));
export type ClientBookingsSummaryQuery = z.infer<typeof ClientBookingsSummaryQuery>;

export const MonthBookingCounts = BookingStatusCounts.extend({
  month: z.string().describe('YYYY-MM'),
}).meta({ id: 'MonthBookingCounts' });

export const ClientBookingsSummaryResponse = z
  .object({
    clientId: z.number().int(),
    dateFromLocal: z.string(),
    dateToLocal: z.string(),
    months: z
      .array(MonthBookingCounts)
      .describe('Every month the range touches, in order, zeros included; the first and last count only dates in the range'),
    totals: BookingStatusCounts.describe('The whole range'),
  })
  .meta({ id: 'ClientBookingsSummaryResponse' });
export type ClientBookingsSummaryResponse = z.infer<typeof ClientBookingsSummaryResponse>;

// GET /v1/invoices/outstanding-invoices-count

export const OutstandingInvoicesCountQuery = z.strictObject({ clientIds: ClientIds });
export const OutstandingInvoicesCountResponse = z
  .object({
    outstandingInvoicesCount: Count.describe(
      'Unpaid invoices of the clients where the caller holds accounts view at the client (or its group); invoices belong to a client, so accounts view at a single location does not count',
    ),
  })
  .meta({ id: 'OutstandingInvoicesCountResponse' });
export type OutstandingInvoicesCountResponse = z.infer<typeof OutstandingInvoicesCountResponse>;

// GET /v1/timesheets/overview (spec §3 'Timesheet summary')

export const TimesheetsOverviewQuery = z.strictObject({ clientIds: ClientIds });

const timesheetCounts = {
  approved: Count.describe('Approved for invoice (not yet invoiced)'),
  pendingReview: Count.describe('Pending review'),
  pendingApproval: Count.describe('Pending approval by the client'),
};
export const TimesheetCounts = z.object(timesheetCounts).meta({ id: 'TimesheetCounts' });
export type TimesheetCounts = z.infer<typeof TimesheetCounts>;

export const TimesheetsOverviewResponse = z
  .object({
    totals: TimesheetCounts,
    clients: z
      .array(
        z.object({
          clientId: z.number().int(),
          clientName: z.string(),
          ...timesheetCounts,
          pendingApprovalWeeks: z
            .array(z.object({ weekOf: z.string().describe("The week's Monday, 'YYYY-MM-DD'"), pendingApproval: Count }))
            .describe("The weeks (by the booking's local date) with timesheets pending approval, newest first"),
        }),
      )
      .describe('Clients with at least one counted timesheet, by name'),
    candidates: z
      .array(z.object({ candidateId: z.number().int(), candidateName: z.string(), ...timesheetCounts }))
      .describe('Educators with at least one counted timesheet over the clients asked for, by name'),
  })
  .describe('Invoiced timesheets are not counted')
  .meta({ id: 'TimesheetsOverviewResponse' });
export type TimesheetsOverviewResponse = z.infer<typeof TimesheetsOverviewResponse>;

// GET /v1/clients/{id}/additional-details

export const AdditionalDetails = z
  .record(z.string(), z.unknown())
  .describe('Free-form facts for people booking at the client (arrival instructions, parking, dress code, ...)')
  .meta({ id: 'AdditionalDetails' });
export type AdditionalDetails = z.infer<typeof AdditionalDetails>;

/**
 * What a contact may see on Home for a selection of clients, by the permission engine (the server refuses the rest
 * anyway): the web app's dashboard and the first page the server draws ask here.
 */
export function homeAccess(tree: PermissionTree, selectedClientIds: readonly number[]) {
  const context = { selectedClientIds };
  return {
    bookings: hasPermission(tree, { scope: 'booking', action: 'view', level: 'selected_client_and_below' }, context),
    /** Approves requests: counts what waits for them. */
    approves: meetsRequirement(tree, PAGE_REQUIREMENTS.approveBookings, context),
    /** Asks for bookings without approving them: counts their own requests. */
    requests: hasPermission(tree, { scope: 'pendingBooking', action: 'create', level: 'selected_client_and_below' }, context),
    accounts: meetsRequirement(tree, ROUTE_REQUIREMENTS.finance, context),
    timesheets: meetsRequirement(tree, ROUTE_REQUIREMENTS.timesheets, context),
    replaceMe: meetsRequirement(tree, PAGE_REQUIREMENTS.replaceMe, context),
    /** Books or asks for bookings: Home offers the quick entry to the create form. */
    createBookings: meetsRequirement(tree, PAGE_REQUIREMENTS.createBookings, context),
  };
}
export type HomeAccess = ReturnType<typeof homeAccess>;

/** Does Home show counts (and so its choice of layout)? Bookings', requests', invoices' or timesheets'. */
export function homeShowsCounts(access: HomeAccess): boolean {
  return access.bookings || access.requests || access.accounts || access.timesheets;
}
