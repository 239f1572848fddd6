import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BookingsOverviewQuery,
  BookingsOverviewResponse,
  BookingsSummaryQuery,
  BookingsSummaryResponse,
  ClientBookingsSummaryQuery,
  ClientBookingsSummaryResponse,
} from '@portal/contract/dashboard';
import { ClientIdParams } from '@portal/contract/query-params';
import { ProblemDetails } from '@portal/contract/problems';
import { requirePrincipal } from '../../plugins/authenticate';
import { NEEDS } from '../../plugins/route-permission';
import { assertTimeZone } from '../overview/time-zone';
import { sendVersionedValue } from '../../plugins/http-cache';

/**
 * Booking figures of the home dashboard. Scoped by booking view permission; versioned answers
 * (BookingSummariesService): each carries an ETag named by the data it counts, and `If-None-Match` with it answers
 * 304 while none of those bookings has changed.
 */
const bookingSummaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.bookingSummaries;
  const answers = app.services.answers;
  const tags = ['bookings'];
  const problems = { 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails };

  app.get(
    '/v1/bookings/overview',
    {
      config: { permission: { need: NEEDS.bookingView, per: 'client' }, cacheable: true },
      schema: {
        tags,
        summary: 'Bookings per local date over a range (cancelled and rejected ones excluded), for the dashboard calendar',
        description:
          'Counts the bookings of the clients (or single locations) where the caller holds booking view. ' +
          'The range may span at most 366 days.',
        security: [{ bearer: [] }],
        querystring: BookingsOverviewQuery,
        response: { 200: BookingsOverviewResponse, ...problems },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return sendVersionedValue(request, reply, answers, await service.overviewAnswer(await principal.tree(), request.query));
    },
  );

  app.get(
    '/v1/bookings/summary',
    {
      config: { permission: { need: NEEDS.bookingView, per: 'client' }, cacheable: true },
      schema: {
        tags,
        summary: 'The dashboard tiles: bookings by status on a day and over the four weeks from it',
        description:
          '`today` counts the bookings on dateFromLocal and `period` those of the 28 days from it, by status, ' +
          'for the clients (or single locations) where the caller holds booking view.',
        security: [{ bearer: [] }],
        querystring: BookingsSummaryQuery,
        response: { 200: BookingsSummaryResponse, ...problems },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return sendVersionedValue(request, reply, answers, await service.summaryAnswer(await principal.tree(), request.query));
    },
  );

  app.get(
    '/v1/clients/:clientId/bookings/summary',
    {
      config: { permission: { need: NEEDS.bookingView, per: 'client' }, cacheable: true },
      schema: {
        tags,
        summary: "A client's bookings by month and status over a range of up to a year (the yearly overview)",
        description:
          'Needs booking view at the client, or at some of its locations (then only theirs are counted). ' +
          "A client outside the caller's permission tree is refused with 403.",
        security: [{ bearer: [] }],
        params: ClientIdParams,
        querystring: ClientBookingsSummaryQuery,
        response: { 200: ClientBookingsSummaryResponse, ...problems },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      assertTimeZone(request.query.timeZone);
      const answer = await service.clientSummaryAnswer(await principal.tree(), request.params.clientId, request.query);
      return sendVersionedValue(request, reply, answers, answer);
    },
  );
};

export default bookingSummaryRoutes;
