import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EducatorTimesheetBody,
  InvoicingRunBody,
  InvoicingRunResponse,
  ProviderTimesheet,
  SettleTimesheetBody,
} from '@portal/contract/provider';
import { TimesheetDownloadParams } from '@portal/contract/timesheets';
import { ProblemDetails } from '@portal/contract/problems';
import { IdParams } from '@portal/contract/query-params';

/**
 * The provider's side of timesheets for its staff (staff token, not impersonating; contacts get 403): the educator's
 * submission, settling a review, and the invoicing run. The demo simulator calls the same service.
 */
const providerTimesheetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.providerTimesheets;
  const tags = ['provider'];
  const security = [{ bearer: [] }];
  const config = { staff: true };
  const problems = { 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails };

  app.post(
    '/v1/provider/bookings/:id/timesheet',
    {
      config,
      schema: {
        tags,
        security,
        summary: "The educator's timesheet of a completed booking: pending approval by the school (staff only)",
        description:
          'Times omitted are as booked; times that differ, or didNotHappen with a reason, are shown to the school as the ' +
          "educator's changes (isApprovedByCandidate false). 409 when the booking already has a timesheet.",
        params: IdParams,
        body: EducatorTimesheetBody,
        response: { 201: ProviderTimesheet, ...problems, 409: ProblemDetails, 422: ProblemDetails },
      },
    },
    async (request, reply) => reply.code(201).send(await service.submitByEducator(request.params.id, request.body)),
  );

  app.post(
    '/v1/provider/timesheets/:bookingId/settle',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Settle a timesheet pending review with the educator: approved for invoice, or the booking cancelled (staff only)',
        description:
          'approved: with the agreed hours (given; else the school’s modified times; else the educator’s; else as booked). ' +
          'cancelled: the booking is cancelled with no charge.',
        params: TimesheetDownloadParams,
        body: SettleTimesheetBody,
        response: { 200: ProviderTimesheet, ...problems, 422: ProblemDetails },
      },
    },
    async (request) => service.settle(request.params.bookingId, request.body),
  );

  app.post(
    '/v1/provider/invoicing/run',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'The invoicing run: approved timesheets onto invoices, one per client and week (staff only)',
        description:
          'A line per educator, classification and unit (hours, days, or half days: a day booked as half a day or under 4 ' +
          'hours worked, at half the day rate) with its dates, in the client’s currency; tax once on the subtotal ' +
          '(docs/decisions/011); the timesheets become invoiced. A timesheet approved as the educator said (did not happen) is cancelled ' +
          'with no charge instead.',
        body: InvoicingRunBody,
        response: { 200: InvoicingRunResponse, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails },
      },
    },
    async (request) =>
      service.runInvoicing({
        approvedBefore: request.body.approvedBefore ? new Date(request.body.approvedBefore) : undefined,
        clientId: request.body.clientId,
      }),
  );
};

export default providerTimesheetsRoutes;
