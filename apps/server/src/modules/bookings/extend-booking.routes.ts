import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ExtendBookingBody, ExtendedBooking, ExtendScheduling, ExtendSchedulingQuery } from '@portal/contract/bookings';
import { ProblemDetails } from '@portal/contract/problems';
import { IdParams } from '@portal/contract/query-params';
import { IdempotencyKeyHeaders, idempotentWrite } from '../../lib/idempotency';
import { requirePrincipal } from '../../plugins/authenticate';
import { NEEDS } from '../../plugins/route-permission';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';

/** Extending a booking (spec §4, §5 'Extend', §7 bookings/{id}/extend and extend/scheduling). */
const extendBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.extendBooking;
  const tags = ['bookings'];
  const security = [{ bearer: [] }];
  const problems = { 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails, 422: ProblemDetails };
  const rules =
    'Needs booking create or modify at the location; the booking must be unfilled or filled. The end date must add ' +
    'at least one school day (weekday, not a booking block; today only before the client’s same-day cut-off and the ' +
    'start time) after the last date of the series, reach at most the ' +
    "client's maximum extension past it, and, at early-learning locations, keep the whole block within 4 weeks.";

  app.get(
    '/v1/bookings/:id/extend/scheduling',
    {
      config: {
        // The contact's enableExtendBooking flag (spec §3) opens both calls; off, they answer BOOKING_MESSAGES.extendDisabled.
        permission: { need: NEEDS.bookingChange, per: 'location', forbidden: BOOKING_MESSAGES.notBookable, feature: 'extendBooking' },
      },
      schema: {
        tags,
        security,
        summary:
          'The school days an extension to endDateLocal (or to the first date that adds one) would add, and whether the educator is free on each',
        description: rules,
        params: IdParams,
        querystring: ExtendSchedulingQuery,
        response: { 200: ExtendScheduling, ...problems },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      reply.header('cache-control', 'private, no-store');
      return service.scheduling(await principal.tree(), request.params.id, request.query.endDateLocal);
    },
  );

  app.post(
    '/v1/bookings/:id/extend',
    {
      config: {
        // The contact's enableExtendBooking flag (spec §3) opens both calls; off, they answer BOOKING_MESSAGES.extendDisabled.
        permission: { need: NEEDS.bookingChange, per: 'location', forbidden: BOOKING_MESSAGES.notBookable, feature: 'extendBooking' },
      },
      schema: {
        tags,
        security,
        summary: 'Extend a booking to a new end date',
        description:
          `${rules} Accepts an Idempotency-Key. Days the educator is free are filled (the educator is told tentatively); ` +
          'the others are unfilled and go to the provider (movedToUnfilled).',
        headers: IdempotencyKeyHeaders,
        params: IdParams,
        body: ExtendBookingBody,
        response: { 201: ExtendedBooking, ...problems, 409: ProblemDetails },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const tree = await principal.tree();
      return idempotentWrite(request, reply, principal.contactId, (tx) => service.extend(tx, tree, request.params.id, request.body));
    },
  );
};

export default extendBookingRoutes;
