import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ReplaceMeBody,
  ReplaceMeRequest,
  ReplaceMeRequestParams,
  ReplaceMeStatus,
  ReplaceMeStatusQuery,
} from '@portal/contract/replace-me';
import { ProblemDetails } from '@portal/contract/problems';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { IdempotencyKeyHeaders, idempotentWrite } from '../../lib/idempotency';
import { requirePrincipal } from '../../plugins/authenticate';

/** Replace-me status and requests (spec §4, §7). */
const replaceMeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.replaceMe;
  const tags = ['replace-me'];
  const security = [{ bearer: [] }];

  app.get(
    '/v1/bookings/replace-me-status',
    {
      config: { permission: { need: 'replaceMe', per: 'location', forbidden: BOOKING_MESSAGES.replaceMeNotAvailable } },
      schema: {
        tags,
        security,
        summary: "The caller's replace-me locations at a client, the two days open now, and requests from today on",
        description:
          'Locations of the client tagged replace_me_feature_enabled where the caller holds replaceMe create (or all). ' +
          '403 when there is none (also for a client outside the caller’s tree); the web app treats that silently. ' +
          'The web app keeps it 5 minutes (spec §9) and refreshes it after its own request; browsers ask again every time (no-cache).',
        querystring: ReplaceMeStatusQuery,
        response: { 200: ReplaceMeStatus, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const status = await service.status(principal.contactId, await principal.tree(), request.query.clientId);
      // Not max-age: a browser's copy would outlive the caller's own new request (a reload showed it gone).
      reply.header('cache-control', 'private, no-cache');
      return status;
    },
  );

  app.post(
    '/v1/bookings/replaceMe',
    {
      config: { permission: { need: 'replaceMe', per: 'location', forbidden: BOOKING_MESSAGES.replaceMeNotAvailable } },
      schema: {
        tags,
        security,
        summary: 'Ask for a replacement today or on the next school day',
        description:
          'Accepts an Idempotency-Key. selectedDay tomorrow means the next school day; isNextMonday must be true exactly ' +
          'when that is a Monday after a weekend. locationId is needed when the caller has replace-me at more than one ' +
          'location. One request per day; the new request is scheduled.',
        headers: IdempotencyKeyHeaders,
        body: ReplaceMeBody,
        response: {
          201: ReplaceMeRequest,
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
      return idempotentWrite(request, reply, principal.contactId, (tx) => service.request(tx, principal.contactId, tree, request.body));
    },
  );

  app.delete(
    '/v1/bookings/replace-me/:id',
    {
      config: { permission: { need: 'replaceMe', per: 'location', forbidden: BOOKING_MESSAGES.replaceMeNotAvailable } },
      schema: {
        tags,
        security,
        summary: 'Withdraw one of my replace-me requests while no replacement is found yet',
        description:
          'Only the caller’s own request (another’s, or an unknown id, is 404), at a location where the caller still has ' +
          'replace-me (403). A scheduled or pending-approval request is withdrawn (204) and its day can be asked for ' +
          'again; withdrawing it again answers 204 too. Once a replacement is found or its booking is created: 409.',
        params: ReplaceMeRequestParams,
        response: {
          204: z.null(),
          400: ProblemDetails,
          401: ProblemDetails,
          403: ProblemDetails,
          404: ProblemDetails,
          409: ProblemDetails,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      await service.withdraw(principal.contactId, await principal.tree(), request.params.id, {
        requestId: request.id,
        ip: request.ip,
      });
      return reply.code(204).send(null);
    },
  );
};

export default replaceMeRoutes;
