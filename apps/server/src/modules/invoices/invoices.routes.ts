import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  InvoiceDetailsResponse,
  InvoiceIdParams,
  InvoiceNoParams,
  InvoicesAgeingQuery,
  InvoicesAgeingResponse,
  InvoicesQuery,
  InvoicesResponse,
} from '@portal/contract/invoices';
import { FileBytes } from '@portal/contract/files';
import { ProblemDetails } from '@portal/contract/problems';
import { requirePrincipal } from '../../plugins/authenticate';
import { sendVersionedPage } from '../../plugins/http-cache';
import { attachmentDisposition } from '../../lib/content-disposition';
import { csvAnswer, sendCsv, varyOnAccept, wantsCsv } from '../../lib/csv-export';
import { INVOICE_CSV_COLUMNS } from './invoice-export';

/** Invoices: the list, one invoice with its lines, its PDF, and the ageing of what is outstanding. */
const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.invoices;
  const answers = app.services.answers;
  const tags = ['invoices'];
  const security = [{ bearer: [] }];
  const access =
    'Accounts view at the invoice’s client (or its group) is needed: 403 for an invoice of a client outside it ' +
    '(spec §8), 404 for an unknown one.';

  app.get(
    '/v1/invoices',
    {
      config: { permission: 'finance', cacheable: true },
      schema: {
        tags,
        security,
        summary: 'A page of invoices (spec §3 invoices, total, currentPage; x-pagination)',
        description:
          'Invoices of the clients asked for (clientIds, repeated), every one of which needs accounts view at the ' +
          'client or its group (else 403); omitted: every client where the caller holds it. Optional status (paid, ' +
          'unpaid, overdue: past due in the client’s time zone) and sort. Amounts in major units and, in the …Minor ' +
          'fields, integer minor units; currency is the ISO code and taxLabel the client’s (VAT, GST or Tax). ' +
          '`Accept: text/csv` answers every invoice matching the filters as a CSV attachment (see the 200 answer).',
        querystring: InvoicesQuery,
        response: {
          200: {
            description: 'A page of invoices (JSON), or with Accept: text/csv every invoice matching the filters',
            content: { 'application/json': { schema: InvoicesResponse }, 'text/csv': csvAnswer(INVOICE_CSV_COLUMNS) },
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
        const batches = service.exportBatches(tree, request.query);
        return sendCsv(request, reply, { list: 'invoices', columns: INVOICE_CSV_COLUMNS, batches });
      }
      varyOnAccept(reply);
      return sendVersionedPage(request, reply, answers, await service.listAnswer(tree, request.query));
    },
  );

  app.get(
    '/v1/invoices/ageing',
    {
      config: { permission: 'finance' },
      schema: {
        tags,
        security,
        summary: 'Outstanding (unpaid) totals per currency: not yet due, 1–30, 31–60, 61–90 and over 90 days overdue',
        description: 'The same clients as GET /v1/invoices (accounts view at each client asked for, else 403).',
        querystring: InvoicesAgeingQuery,
        response: { 200: InvoicesAgeingResponse, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails },
      },
    },
    async (request, reply) => {
      const body = await service.ageing(await requirePrincipal(request).tree(), request.query.clientIds);
      reply.header('cache-control', 'private, no-cache');
      return body;
    },
  );

  app.get(
    '/v1/invoices/GetInvoice/:invoiceNo',
    {
      config: { permission: 'invoiceDetails' },
      schema: {
        tags,
        security,
        summary: 'One invoice with its lines (educator, description, quantity, unit, unit price, amount, tax) and totals',
        description: access,
        params: InvoiceNoParams,
        response: { 200: InvoiceDetailsResponse, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails },
      },
    },
    async (request, reply) => {
      const body = await service.details(await requirePrincipal(request).tree(), request.params.invoiceNo);
      reply.header('cache-control', 'private, no-cache');
      return body;
    },
  );

  app.get(
    '/v1/invoices/:id/file',
    {
      config: { permission: 'invoiceDetails' },
      schema: {
        tags,
        security,
        summary: 'The invoice as a PDF (attachment)',
        description:
          `${access} Provider and client addresses, number, dates, lines, subtotal, the client’s tax label and amount, ` +
          'total in the currency as the client’s locale writes it, and a PAID stamp once paid. The file is made whole ' +
          'before it is sent: a failure answers a 500 problem, never a broken file.',
        params: InvoiceIdParams,
        response: {
          200: { description: 'The PDF', content: { 'application/pdf': { schema: FileBytes } } },
          400: ProblemDetails,
          401: ProblemDetails,
          403: ProblemDetails,
          404: ProblemDetails,
          500: ProblemDetails,
        },
      },
    },
    async (request, reply) => {
      const { pdf, fileName, renderMs } = await service.file(await requirePrincipal(request).tree(), request.params.id);
      request.log.debug({ renderMs: Math.round(renderMs) }, 'invoice PDF rendered');
      return (reply as FastifyReply)
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'private, no-store')
        .type('application/pdf')
        .send(pdf);
    },
  );
};

export default invoicesRoutes;
