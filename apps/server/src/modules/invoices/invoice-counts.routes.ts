import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutstandingInvoicesCountQuery, OutstandingInvoicesCountResponse } from '@portal/contract/dashboard';
import { scopeOf } from '@portal/contract/permissions';
import { ProblemDetails } from '@portal/contract/problems';
import { requirePrincipal } from '../../plugins/authenticate';
import { forbidden, visibleClients } from '../data-scope/data-scope';
import { countUnpaidInvoices } from './invoice-counts.repository';

/** GET /v1/invoices/outstanding-invoices-count (spec §7). */
const invoiceCountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/invoices/outstanding-invoices-count',
    {
      config: { permission: { need: 'finance', per: 'client' } },
      schema: {
        tags: ['invoices'],
        summary: 'How many invoices are unpaid over the clients whose accounts the caller may view',
        description:
          'The web app passes nothing: every client of the caller with accounts view counts. 403 when the caller ' +
          'holds accounts view at no client (or at none of the clients asked for).',
        security: [{ bearer: [] }],
        querystring: OutstandingInvoicesCountQuery,
        response: { 200: OutstandingInvoicesCountResponse, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails },
      },
    },
    async (request, reply) => {
      const tree = await requirePrincipal(request).tree();
      const clientIds = visibleClients(tree, request.query.clientIds).map((c) => c.clientId);
      // Invoices belong to a client: accounts view at one location alone does not open them.
      const scope = scopeOf(tree, 'accounts', 'view', clientIds);
      if (scope.clientIds.length === 0) throw forbidden();
      reply.header('cache-control', 'private, no-cache');
      return { outstandingInvoicesCount: await countUnpaidInvoices(app.database.db, scope.clientIds) };
    },
  );
};

export default invoiceCountRoutes;
