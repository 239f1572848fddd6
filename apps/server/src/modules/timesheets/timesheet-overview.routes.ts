import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TimesheetsOverviewQuery, TimesheetsOverviewResponse } from '@portal/contract/dashboard';
import { ProblemDetails } from '@portal/contract/problems';
import { requirePrincipal } from '../../plugins/authenticate';
import { sendVersionedValue } from '../../plugins/http-cache';

/** GET /v1/timesheets/overview (spec §3 'Timesheet summary'). */
const timesheetOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/timesheets/overview',
    {
      config: { permission: { need: 'timesheets', per: 'client' }, cacheable: true },
      schema: {
        tags: ['timesheets'],
        summary: 'Timesheets approved for invoice, pending review and pending approval: totals, per client and per educator',
        description:
          'Counts the timesheets of the clients (or single locations) where the caller holds timesheets view. ' +
          'Revalidated by ETag (304 while nothing it counts has changed).',
        security: [{ bearer: [] }],
        querystring: TimesheetsOverviewQuery,
        response: { 200: TimesheetsOverviewResponse, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails },
      },
    },
    async (request, reply) => {
      const answer = await app.services.timesheets.overviewAnswer(await requirePrincipal(request).tree(), request.query.clientIds);
      return sendVersionedValue(request, reply, app.services.answers, answer);
    },
  );
};

export default timesheetOverviewRoutes;
