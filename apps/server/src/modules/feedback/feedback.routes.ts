import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FeedbackFormResponse,
  PendingFeedbackQuery,
  PendingFeedbackResponse,
  QuickFeedbackBody,
  QuickFeedbackResult,
} from '@portal/contract/feedback';
import { ProblemDetails } from '@portal/contract/problems';
import { IdParams } from '@portal/contract/query-params';
import { requirePrincipal } from '../../plugins/authenticate';
import { NEEDS } from '../../plugins/route-permission';

/** Feedback on completed bookings (spec §7: feedbacks/getBookingsPendingFeedback, quick-feedback, feedback-form). */
const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.feedback;
  const tags = ['feedback'];
  const security = [{ bearer: [] }];
  const problems = { 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails };

  app.get(
    '/v1/feedbacks/getBookingsPendingFeedback',
    {
      config: { permission: { need: NEEDS.bookingView, per: 'client' } },
      schema: {
        tags,
        security,
        summary: 'Completed bookings with an educator of the last 30 days, with whether feedback was given',
        description:
          'At the locations of the client where the caller holds booking view. 403 when the client is outside the ' +
          'caller’s tree or no booking view is held there. The web app keeps it 5 minutes (spec §9); browsers ask again every time.',
        querystring: PendingFeedbackQuery,
        response: { 200: PendingFeedbackResponse, ...problems },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const items = await service.pending(await principal.tree(), request.query.clientId);
      // Not max-age: a browser's copy would still list a booking the caller has just given feedback on.
      reply.header('cache-control', 'private, no-cache');
      return items;
    },
  );

  app.post(
    '/v1/bookings/:id/quick-feedback',
    {
      config: { permission: { need: NEEDS.bookingView, per: 'location' } },
      schema: {
        tags,
        security,
        summary: 'Rate the educator of a completed booking',
        description: 'Once per booking (409 after). The booking must be completed and have an educator (422).',
        params: IdParams,
        body: QuickFeedbackBody,
        response: { 201: QuickFeedbackResult, ...problems, 404: ProblemDetails, 409: ProblemDetails, 422: ProblemDetails },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const result = await service.quick(principal.contactId, await principal.tree(), request.params.id, request.body);
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/v1/bookings/:id/feedback-form',
    {
      config: { permission: { need: NEEDS.bookingView, per: 'location' } },
      schema: {
        tags,
        security,
        summary: 'Where the full feedback form of a booking is',
        params: IdParams,
        response: { 200: FeedbackFormResponse, ...problems, 404: ProblemDetails },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      reply.header('cache-control', 'private, no-cache');
      return service.formUrl(await principal.tree(), request.params.id);
    },
  );
};

export default feedbackRoutes;
