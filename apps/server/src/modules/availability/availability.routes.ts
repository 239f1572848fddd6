import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DayAway, DayAwayBody, DaysAwayQuery, DaysAwayResponse } from '@portal/contract/availability';
import { ProblemDetails } from '@portal/contract/problems';
import { IdParams } from '@portal/contract/query-params';
import { requirePrincipal } from '../../plugins/authenticate';

/** The signed-in contact's own days away (spec §2 myAvailability). */
const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.availability;
  const tags = ['availability'];
  const security = [{ bearer: [] }];

  app.get(
    '/v1/me/days-away',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        security,
        summary: 'My days away, with the replace-me offer on each',
        querystring: DaysAwayQuery,
        response: { 200: DaysAwayResponse, 400: ProblemDetails },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const tree = await principal.tree();
      reply.header('cache-control', 'private, no-store');
      return { today: service.today(tree), daysAway: await service.list(principal.contactId, tree, request.query) };
    },
  );

  app.post(
    '/v1/me/days-away',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        security,
        summary: 'Add a day away',
        body: DayAwayBody,
        response: { 201: DayAway, 400: ProblemDetails, 404: ProblemDetails, 409: ProblemDetails, 422: ProblemDetails },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const created = await service.add(principal.contactId, await principal.tree(), request.body);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/v1/me/days-away/:id',
    {
      config: { permission: 'signedIn' },
      schema: { tags, security, summary: 'Remove one of my days away', params: IdParams, response: { 204: z.null(), 404: ProblemDetails } },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      await service.remove(principal.contactId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default availabilityRoutes;
