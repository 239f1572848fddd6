import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LocationsQuery, LocationsResponse } from '@portal/contract/locations';
import { ProblemDetails } from '@portal/contract/problems';
import { requirePrincipal } from '../../plugins/authenticate';

/** GET /v1/locations: the selected clients' locations with addresses and coordinates (the dashboard's map layout). */
const locationListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/locations',
    {
      // Cacheable: locations and addresses change with the provider's set-up; the ETag over the body follows them.
      config: { permission: 'signedIn', cacheable: true },
      schema: {
        tags: ['locations'],
        summary: 'Locations of the selected clients that the caller can reach, with address and coordinates',
        description:
          "The locations are those of the caller's permission tree (every location of a client or group the caller " +
          'holds a permission at, or the single locations it holds one at). 403 when the caller reaches no location.',
        security: [{ bearer: [] }],
        querystring: LocationsQuery,
        response: { 200: LocationsResponse, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails },
      },
    },
    async (request) => {
      const tree = await requirePrincipal(request).tree();
      return app.services.locationList.locations(tree, request.query.clientIds);
    },
  );
};

export default locationListRoutes;
