import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutstandingInvoicesCountQuery, OutstandingInvoicesCountResponse } from '@portal/contract/dashboard';
import { ProblemDetails } from '@portal/contract/problems';
import { requirePrincipal } from '../../plugins/authenticate';
import { sendVersionedValue } from '../../plugins/http-cache';

/** GET /v1/invoices/outstanding-invoices-count (spec §7): a versioned answer (InvoicesService). */
const invoiceCountRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.invoices;
  app.get(
    '/v1/invoices/outstanding-invoices-count',
    {
      config: { permission: { need: 'finance', per: 'client' }, cacheable: true },
      schema: {
        tags: ['invoices'],
        summary: 'How many invoices are unpaid over the clients whose accounts the caller may view',
        description:
          'The web app passes nothing: every client of the caller with accounts view counts. 403 when the caller ' +
          'holds accounts view at no client (or at none of the clients asked for). The answer carries an ETag named ' +
          'by the data it counts: `If-None-Match` with it answers 304 while no invoice of those clients has changed.',
        security: [{ bearer: [] }],
        querystring: OutstandingInvoicesCountQuery,
        response: { 200: OutstandingInvoicesCountResponse, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails },
      },
    },
    async (request, reply) => {
      const answer = await service.outstandingCountAnswer(await requirePrincipal(request).tree(), request.query.clientIds);
      return sendVersionedValue(request, reply, app.services.answers, answer);
    },
  );
};

export default invoiceCountRoutes;
