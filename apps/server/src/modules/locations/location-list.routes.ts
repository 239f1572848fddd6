import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fullAddress, LocationsQuery, LocationsResponse } from '@portal/contract/locations';
import { ProblemDetails } from '@portal/contract/problems';
import { requirePrincipal } from '../../plugins/authenticate';
import { forbidden, visibleClients } from '../data-scope/data-scope';
import { findLocations } from './location-list.repository';

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
      const locationIds = visibleClients(tree, request.query.clientIds).flatMap((c) => c.locations.map((l) => l.locationId));
      if (locationIds.length === 0) throw forbidden();
      const rows = await findLocations(app.database.db, locationIds);
      return rows.map(({ locationId, locationName, clientId, clientName, timeZone, ...address }) => ({
        locationId,
        locationName,
        clientId,
        clientName,
        timeZone,
        address: { ...address, fullAddress: fullAddress(address) },
      }));
    },
  );
};

export default locationListRoutes;
