import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BookingDetail,
  BookingsQuery,
  BookingsResponse,
  CancelBookingBody,
  CancellationRequestBody,
  CancellationRequestSent,
  ClientBookingsQuery,
} from '@portal/contract/bookings';
import { ClientIdParams, IdParams } from '@portal/contract/query-params';
import { ProblemDetails } from '@portal/contract/problems';
import { IdempotencyKeyHeaders, idempotentWrite } from '../../lib/idempotency';
import { requirePrincipal } from '../../plugins/authenticate';
import { sendVersionedPage } from '../../plugins/http-cache';
import { NEEDS } from '../../plugins/route-permission';
import { CANCEL_FORBIDDEN } from './bookings.service';
import { csvAnswer, sendCsv, varyOnAccept, wantsCsv } from '../../lib/csv-export';
import { BOOKING_CSV_COLUMNS } from './booking-export';

type App = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['bookings'];
const security = [{ bearer: [] }];

/** The bookings list and detail, and cancel. Scoped by booking view; see bookings.service.ts. */
const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  bookingReadRoutes(app);
  cancellationRoutes(app);
};

/** The bookings list (JSON or CSV), a client's bookings from a date, and one booking's detail. */
function bookingReadRoutes(app: App): void {
  const service = app.services.bookings;
  const answers = app.services.answers;
  app.get(
    '/v1/bookings',
    {
      config: { permission: { need: NEEDS.bookingOrPendingView, per: 'client' }, cacheable: true },
      schema: {
        tags,
        security,
        summary: 'The bookings of the selected clients: filtered, sorted and paged (x-pagination header)',
        description:
          'Bookings at the clients (or single locations) where the caller holds booking view; pendingBooking view ' +
          'adds the bookings pending approval there. Filters: local date range, status (repeated), location, ' +
          'educator. Every sort ends on date, start time and id. The `x-pagination` header holds ' +
          '`{"total","skip","take"}` as JSON. A requested client outside the caller’s tree is refused with 403. ' +
          'The answer carries an ETag named by the data it shows: `If-None-Match` with it answers 304 while nothing ' +
          'it shows has changed. `Accept: text/csv` answers every booking matching the filters, in the same order, as a ' +
          'CSV attachment (see the 200 answer).',
        querystring: BookingsQuery,
        response: {
          200: {
            description: 'A page of bookings (JSON), or with Accept: text/csv every booking matching the filters',
            content: { 'application/json': { schema: BookingsResponse }, 'text/csv': csvAnswer(BOOKING_CSV_COLUMNS) },
          },
          400: ProblemDetails,
          401: ProblemDetails,
          403: ProblemDetails,
        },
      },
    },
    async (request, reply) => {
      const tree = await requirePrincipal(request).tree();
      if (wantsCsv(request)) {
        const batches = service.exportBatches(tree, request.query);
        return sendCsv(request, reply, { list: 'bookings', columns: BOOKING_CSV_COLUMNS, batches });
      }
      varyOnAccept(reply);
      return sendVersionedPage(request, reply, answers, await service.listAnswer(tree, request.query));
    },
  );

  app.get(
    '/v1/clients/:clientId/bookings',
    {
      config: { permission: { need: NEEDS.bookingOrPendingView, per: 'client' }, cacheable: true },
      schema: {
        tags,
        security,
        summary: "One client's bookings from a local date (default: today at the client), by date (x-pagination header)",
        description:
          "The same rows as GET /v1/bookings for one client. A client outside the caller's tree is refused with 403. " +
          'Revalidated by ETag like GET /v1/bookings.',
        params: ClientIdParams,
        querystring: ClientBookingsQuery,
        response: { 200: BookingsResponse, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const page = await service.clientListAnswer(await principal.tree(), request.params.clientId, request.query);
      return sendVersionedPage(request, reply, answers, page);
    },
  );

  app.get(
    '/v1/bookings/:id',
    {
      config: { permission: { need: NEEDS.bookingOrPendingView, per: 'location' } },
      schema: {
        tags,
        security,
        summary: 'A booking with its request (spec §3 Booking detail), all bookings of the request, and what the caller may do',
        description:
          '`booking.actions` says whether the caller may cancel (booking delete at the location, pending approval or ' +
          'unfilled, not commenced; otherwise `cancelBlockedReason` explains an assigned or commenced booking), extend ' +
          'and give quick feedback. A booking outside the caller’s reach is 404.',
        params: IdParams,
        response: { 200: BookingDetail, 400: ProblemDetails, 401: ProblemDetails, 404: ProblemDetails },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      reply.header('cache-control', 'private, no-cache');
      return service.detail(await principal.tree(), request.params.id, principal.features);
    },
  );
}

/** Cancelling a booking, and asking the provider to cancel one. */
function cancellationRoutes(app: App): void {
  const service = app.services.bookings;
  const cancellationRequests = app.services.cancellationRequests;
  app.post(
    '/v1/bookings/:id/cancel',
    {
      config: { permission: { need: NEEDS.bookingDelete, per: 'location', forbidden: CANCEL_FORBIDDEN } },
      schema: {
        tags,
        security,
        summary: 'Cancel a booking with a reason (Idempotency-Key)',
        description:
          'Needs booking delete (or all) at the booking’s location (403). Only a booking pending approval or unfilled ' +
          'whose start has not passed in its location’s time zone can be cancelled: once an educator is assigned or ' +
          'the booking has commenced it is refused with 422 and the reason; a cancelled, completed or rejected booking ' +
          'with 409. Its confirmation contacts are told. Answers the updated booking detail.',
        headers: IdempotencyKeyHeaders,
        params: IdParams,
        body: CancelBookingBody,
        response: {
          200: BookingDetail,
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
        service.cancel(tx, tree, principal.contactId, request.params.id, request.body.cancelReason, principal.features),
      );
    },
  );

  app.post(
    '/v1/bookings/:id/cancellation-request',
    {
      // Booking delete somewhere; the booking's own location is checked by the service.
      config: { permission: { need: NEEDS.bookingDelete, per: 'location' } },
      schema: {
        tags,
        security,
        summary: 'Ask the provider to cancel a booking that cannot be cancelled online (Idempotency-Key)',
        description:
          'For a booking with an educator assigned or already started (spec §4), which POST /v1/bookings/{id}/cancel ' +
          'refuses. Needs booking delete (or all) at the booking’s location (403). Sends the reason by e-mail to the ' +
          'provider office of the school’s region (runtime `providerContacts`), records it in the audit log, and ' +
          'answers 202 with where it went. A booking that can still be cancelled online, or is closed, is refused with 409.',
        headers: IdempotencyKeyHeaders,
        params: IdParams,
        body: CancellationRequestBody,
        response: {
          202: CancellationRequestSent,
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
      const contact = principal.contact;
      const who = {
        contactId: principal.contactId,
        staffUserId: principal.staffUserId,
        name: contact ? `${contact.firstName} ${contact.lastName}` : 'A contact',
        email: contact?.email ?? null,
      };
      return idempotentWrite(request, reply, principal.contactId, (tx) =>
        cancellationRequests.request(tx, tree, who, request.params.id, request.body.reason, { requestId: request.id, ip: request.ip }),
      );
    },
  );
}

export default bookingsRoutes;
