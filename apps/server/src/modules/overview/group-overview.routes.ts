import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GroupOverviewQuery, GroupOverviewResponse } from '@portal/contract/group-overview';
import { IdParams } from '@portal/contract/query-params';
import { ProblemDetails } from '@portal/contract/problems';
import { requirePrincipal } from '../../plugins/authenticate';
import { sendVersionedValue } from '../../plugins/http-cache';
import { assertTimeZone } from './time-zone';

/** GET /v1/client-groups/{id}/overview (spec §7). */
const groupOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/client-groups/:id/overview',
    {
      // The flag is the hook's; the permission at the group itself is the service's (data scoping).
      config: { permission: { need: 'signedIn', per: 'group', feature: 'clientGroupOverview' }, cacheable: true },
      schema: {
        tags: ['overview'],
        summary: 'Open and total bookings and the fill rate of every location of a client group on one day',
        description:
          'For contacts with the group overview enabled (isClientGroupOverviewEnabled) and a permission held at ' +
          'the group itself; otherwise 403. An unknown group is a 404. The answer carries an ETag named by the data ' +
          'it counts: `If-None-Match` with it answers 304 while none of it has changed.',
        security: [{ bearer: [] }],
        params: IdParams,
        querystring: GroupOverviewQuery,
        response: { 200: GroupOverviewResponse, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { timeZone, filterDate } = request.query;
      assertTimeZone(timeZone);
      const answer = await app.services.groupOverview.overviewAnswer(await principal.tree(), request.params.id, timeZone, filterDate);
      return sendVersionedValue(request, reply, app.services.answers, answer);
    },
  );
};

export default groupOverviewRoutes;
