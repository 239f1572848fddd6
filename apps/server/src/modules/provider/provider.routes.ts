import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdvanceReplaceMeBody,
  AssignBookingBody,
  OpenBookingsQuery,
  OpenBookingsResponse,
  ProgressBookingBody,
  ProviderBooking,
} from '@portal/contract/provider';
import { ReplaceMeRequest } from '@portal/contract/replace-me';
import { ProblemDetails } from '@portal/contract/problems';
import { IdParams } from '@portal/contract/query-params';

/**
 * The provider's side for its staff (staff token, not impersonating; contacts get 403): open bookings, assigning an
 * educator, commenced/completed, and replace-me requests. The demo simulator calls the same service.
 */
const providerRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.provider;
  const tags = ['provider'];
  const security = [{ bearer: [] }];
  const config = { staff: true };
  const problems = { 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails };

  app.get(
    '/v1/provider/bookings/open',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Unfilled bookings from today on, oldest request first (staff only)',
        querystring: OpenBookingsQuery,
        response: { 200: OpenBookingsResponse, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.openBookings(request.query.take);
    },
  );

  app.post(
    '/v1/provider/bookings/:id/assign',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Fill an unfilled booking with an educator who is free that date (staff only)',
        description: "Sends the 'Educator confirmed' confirmations and adds the educator to the client's known educators.",
        params: IdParams,
        body: AssignBookingBody,
        response: { 200: ProviderBooking, ...problems, 409: ProblemDetails, 422: ProblemDetails },
      },
    },
    async (request) => service.assign(request.params.id, request.body.candidateId),
  );

  app.post(
    '/v1/provider/bookings/:id/progress',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Mark a booking commenced (from filled) or completed (from commenced) (staff only)',
        params: IdParams,
        body: ProgressBookingBody,
        response: { 200: ProviderBooking, ...problems, 422: ProblemDetails },
      },
    },
    async (request) => service.progress(request.params.id, request.body.status),
  );

  app.post(
    '/v1/provider/replace-me/:id/advance',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Move a replace-me request to its next state (staff only)',
        description:
          'scheduled → pending_approval → replacement_found (candidateId required: books that educator, filled, at the ' +
          'location on the selected day, covering the teacher) → booking_created.',
        params: IdParams,
        body: AdvanceReplaceMeBody,
        response: { 200: ReplaceMeRequest, ...problems, 409: ProblemDetails, 422: ProblemDetails },
      },
    },
    async (request) =>
      service.advanceReplaceMe(request.params.id, request.body.status, {
        candidateId: request.body.candidateId,
        staffUserId: request.principal?.staffUserId ?? null,
      }),
  );
};

export default providerRoutes;
