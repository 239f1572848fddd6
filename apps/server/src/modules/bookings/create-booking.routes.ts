import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateBookingBody, CreatedBooking } from '@portal/contract/bookings';
import { ProblemDetails } from '@portal/contract/problems';
import { requirePrincipal } from '../../plugins/authenticate';
import { IdempotencyKeyHeaders, idempotentWrite } from '../../lib/idempotency';
import { flushBookingNotifications } from './booking-notifications';

/** POST /v1/bookings: one booking request and its per-date bookings, at most once per Idempotency-Key. */
const createBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.createBooking;
  // Confirmations go out after the reply; the app waits for them before it closes (and the database with it).
  app.addHook('onClose', async () => flushBookingNotifications());

  app.post(
    '/v1/bookings',
    {
      config: { permission: { need: 'bookingsCreate', per: 'location' } },
      schema: {
        tags: ['bookings'],
        summary: 'Create a booking request: one booking per date and per educator needed',
        description:
          'Every rule of spec §5 "Booking create" is checked: 400 names each wrong field (`dates.2`, ' +
          '`confirmations.0.sms`, `endTime`), 422 a business rule (same-day cut-off in the location’s zone, booking ' +
          'blocks, limits, no classifications), 403 without booking or pendingBooking create at the location, 404 for ' +
          'a location outside the caller’s tree. With booking create the request goes to the provider (bookings ' +
          'unfilled); with only pendingBooking create it waits for approval. Send an `Idempotency-Key`: a repeat ' +
          'answers the first result (header `idempotent-replayed`) and books nothing twice.',
        security: [{ bearer: [] }],
        headers: IdempotencyKeyHeaders,
        body: CreateBookingBody,
        response: {
          201: CreatedBooking,
          400: ProblemDetails,
          401: ProblemDetails,
          403: ProblemDetails,
          404: ProblemDetails,
          409: ProblemDetails,
          422: ProblemDetails,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const tree = await principal.tree();
      return idempotentWrite(request, reply, principal.contactId, (tx) =>
        service.create(
          tx,
          { contactId: principal.contactId, staffUserId: principal.staffUserId, impersonating: principal.impersonating, tree },
          request.body,
        ),
      );
    },
  );
};

export default createBookingRoutes;
