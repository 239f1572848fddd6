import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdditionalDetails } from '@portal/contract/dashboard';
import { IdParams } from '@portal/contract/query-params';
import { ProblemDetails } from '@portal/contract/problems';
import { requirePrincipal } from '../../plugins/authenticate';

/** GET /v1/clients/{id}/additional-details (spec §7: 204 means empty). */
const clientDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/clients/:id/additional-details',
    {
      // Cacheable: a client's notes for bookers change with the provider's set-up; the ETag over the body follows them.
      config: { permission: 'signedIn', cacheable: true },
      schema: {
        tags: ['clients'],
        summary: "A client's additional details for bookers; 204 when it has none",
        description: "Any client in the caller's permission tree; others are refused with 403.",
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: AdditionalDetails, 204: z.null(), 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails },
      },
    },
    async (request, reply) => {
      const tree = await requirePrincipal(request).tree();
      const details = await app.services.clientDetails.additionalDetails(tree, request.params.id);
      if (details === null) return reply.code(204).send(null);
      return details;
    },
  );
};

export default clientDetailsRoutes;
