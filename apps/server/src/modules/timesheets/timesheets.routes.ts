import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TimesheetDownloadParams,
  TimesheetListQuery,
  TimesheetListResponse,
  TimesheetsCandidateQuery,
  TimesheetsQuery,
  TimesheetsResponse,
  TimesheetSubmitBody,
  TimesheetSubmitResponse,
} from '@portal/contract/timesheets';
import { FileBytes } from '@portal/contract/files';
import { ProblemDetails } from '@portal/contract/problems';
import { idempotentWrite } from '../../lib/idempotency';
import { requirePrincipal } from '../../plugins/authenticate';
import { sendVersionedPage } from '../../plugins/http-cache';
import { attachmentDisposition } from '../../lib/content-disposition';
import { csvAnswer, sendCsv, varyOnAccept, wantsCsv } from '../../lib/csv-export';
import { TIMESHEET_CSV_COLUMNS } from './timesheet-export';

function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer) {
  return reply
    .header('content-disposition', attachmentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .type('application/pdf')
    .send(pdf);
}

type App = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['timesheets'];
const security = [{ bearer: [] }];
const listResponses = { 200: TimesheetsResponse, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails };
const scoping =
  'Counts and lists the timesheets of the given clients (or single locations) where the caller holds timesheets view; ' +
  '403 when that is none of them. `approvedCount` counts approved for invoice (not yet invoiced); `pendingApprovalList` ' +
  'is a page (skip/take, oldest booking first) of those pending approval, and the `x-pagination` header counts them all. ' +
  '`weekOf` (a Monday) narrows the counts and the list to the bookings of that week, by their local date.';

/** Timesheets: the list, one educator's, browse by status, submit decisions, download a PDF. */
const timesheetsRoutes: FastifyPluginAsyncZod = async (app) => {
  timesheetListRoutes(app);
  timesheetWriteRoutes(app);
};

/** The timesheet counts and lists: per client, per educator, and the filtered list (JSON or CSV). */
function timesheetListRoutes(app: App): void {
  const service = app.services.timesheets;
  const answers = app.services.answers;
  app.get(
    '/v1/timesheets',
    {
      config: { permission: 'timesheets', cacheable: true },
      schema: {
        tags,
        security,
        summary: 'Timesheets: approved and pending review counts, and a page of those pending approval (x-pagination)',
        description: scoping,
        querystring: TimesheetsQuery,
        response: listResponses,
      },
    },
    async (request, reply) => {
      return sendVersionedPage(request, reply, answers, await service.listAnswer(await requirePrincipal(request).tree(), request.query));
    },
  );

  app.get(
    '/v1/timesheets/candidate',
    {
      config: { permission: 'timesheets', cacheable: true },
      schema: {
        tags,
        security,
        summary: 'The same answer as GET /v1/timesheets, for one educator (x-pagination)',
        description: scoping,
        querystring: TimesheetsCandidateQuery,
        response: listResponses,
      },
    },
    async (request, reply) => {
      return sendVersionedPage(request, reply, answers, await service.listAnswer(await requirePrincipal(request).tree(), request.query));
    },
  );

  app.get(
    '/v1/timesheets/list',
    {
      config: { permission: 'timesheets', cacheable: true },
      schema: {
        tags,
        security,
        summary: 'Browse timesheets by status (default: pending review, approved for invoice and invoiced), newest first (x-pagination)',
        description:
          'Timesheets of the given clients (or single locations) where the caller holds timesheets view; 403 when none. ' +
          'Filter by `status` (repeated) and `candidateId`; `sort=date` for oldest first. `Accept: text/csv` answers every ' +
          'timesheet matching the filters as a CSV attachment, with the hours each bills (see the 200 answer).',
        querystring: TimesheetListQuery,
        response: {
          200: {
            description: 'A page of timesheets (JSON), or with Accept: text/csv every timesheet matching the filters',
            content: { 'application/json': { schema: TimesheetListResponse }, 'text/csv': csvAnswer(TIMESHEET_CSV_COLUMNS) },
          },
          400: ProblemDetails,
          401: ProblemDetails,
          403: ProblemDetails,
        },
      },
    },
    async (request, reply) => {
      const tree = await requirePrincipal(request).tree();
      if (wantsCsv(request)) {
        const batches = app.services.timesheetExport.exportBatches(tree, request.query);
        return sendCsv(request, reply, { list: 'timesheets', columns: TIMESHEET_CSV_COLUMNS, batches });
      }
      varyOnAccept(reply);
      return sendVersionedPage(request, reply, answers, await service.browseAnswer(tree, request.query));
    },
  );
}

/** Submitting timesheets, and downloading one as a PDF. */
function timesheetWriteRoutes(app: App): void {
  const service = app.services.timesheets;
  app.post(
    '/v1/timesheets/submit',
    {
      config: { permission: 'timesheets' },
      schema: {
        tags,
        security,
        summary: 'Submit one decision (approved, modified or did_not_happen) for 1–100 timesheets (Idempotency-Key); 207 with issues',
        description:
          '`approved` → approved for invoice; `modified` (start, end `HH:mm` in the location’s zone, end after start, break ' +
          'inside the shift) and `did_not_happen` (a reason) → pending review, settled by the provider. 400 names each wrong ' +
          'field (`timesheets.0.endTimeLocal`). Needs timesheets modify (or all) at the location of every timesheet the ' +
          'caller can see, else 403 and nothing is written. 200 when all were decided; 207 when some were not, each with a ' +
          'reason: `already_actioned` (a school contact decided it already, also the second of two approving at once), ' +
          '`already_approved_for_invoice` (approved for invoice by the provider), `cancelled` (the booking is cancelled), ' +
          '`already_invoiced`, `unknown` (no such timesheet, or one the caller cannot see). The answer is stored with the ' +
          'decisions in one transaction: a repeat with the same `Idempotency-Key` answers the same and decides nothing twice.',
        headers: z.looseObject({
          'idempotency-key': z.string().optional().describe('8 to 255 visible ASCII characters, new for each submit the user makes'),
        }),
        body: TimesheetSubmitBody,
        response: {
          200: TimesheetSubmitResponse,
          207: TimesheetSubmitResponse,
          400: ProblemDetails,
          401: ProblemDetails,
          403: ProblemDetails,
          409: ProblemDetails,
          422: ProblemDetails,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const tree = await principal.tree();
      return idempotentWrite(request, reply, principal.contactId, (tx) => service.submit(tx, tree, principal.contactId, request.body));
    },
  );

  app.get(
    '/v1/timesheets/download/:bookingId',
    {
      // Without timesheets view at the booking's location the timesheet does not exist for the caller (404, spec
      // §6 data scoping), so no coarse 403 here.
      config: { permission: 'signedIn' },
      schema: {
        tags,
        security,
        summary: 'The timesheet of a booking as a PDF (attachment)',
        description:
          'School, location, educator, date (in the school’s locale format), times, breaks, total hours, status, who ' +
          'decided and when. 404 unless the caller holds timesheets view at the booking’s location (existence does not leak).',
        params: TimesheetDownloadParams,
        response: {
          200: { description: 'The PDF', content: { 'application/pdf': { schema: FileBytes } } },
          400: ProblemDetails,
          401: ProblemDetails,
          404: ProblemDetails,
        },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.download(await requirePrincipal(request).tree(), request.params.bookingId);
      return sendPdf(reply, fileName, pdf);
    },
  );
}

export default timesheetsRoutes;
