import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookingDetail } from '@portal/contract/bookings';
import {
  PendingBookingActionBody,
  PendingBookingActionResult,
  PendingBookingsQuery,
  PendingBookingsResponse,
  PendingBookingWithdrawResult,
} from '@portal/contract/pending-bookings';
import { Id } from '@portal/contract/query-params';
import { ProblemDetails } from '@portal/contract/problems';
import { IdempotencyKeyHeaders, idempotentWrite } from '../../lib/idempotency';
import { requirePrincipal } from '../../plugins/authenticate';
import { NEEDS } from '../../plugins/route-permission';
import { DECIDE_FORBIDDEN, WITHDRAW_FORBIDDEN } from './pending-bookings.service';

const RequestIdParams = z.strictObject({ bookingId: Id.describe('Id of the booking request (the summary’s id)') });

type App = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['pending-bookings'];
const security = [{ bearer: [] }];

/** Pending approval: list, detail, approve or reject. */
const pendingBookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  pendingReadRoutes(app);
  pendingWriteRoutes(app);
};

/** The requests waiting for approval, and one request's detail. */
function pendingReadRoutes(app: App): void {
  const service = app.services.pendingBookings;
  app.get(
    '/v1/pending-bookings',
    {
      config: { permission: { need: NEEDS.pendingList, per: 'client' } },
      schema: {
        tags,
        security,
        summary: 'Booking requests pending approval at the selected clients, newest first (x-pagination header)',
        description:
          'Requests the caller can see: pendingBooking view or booking view at their location or client. A requested ' +
          'client outside the caller’s tree is refused with 403.',
        querystring: PendingBookingsQuery,
        response: { 200: PendingBookingsResponse, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { items, pagination } = await service.list(await principal.tree(), request.query);
      reply.header('x-pagination', JSON.stringify(pagination)).header('cache-control', 'private, no-cache');
      return items;
    },
  );

  app.get(
    '/v1/pending-bookings/:bookingId',
    {
      config: { permission: { need: NEEDS.pendingList, per: 'location' } },
      schema: {
        tags,
        security,
        summary: 'A booking request (spec §3 Booking detail) by its id; `booking` is its first booking',
        description:
          'Needs pendingBooking view or booking view at the request’s location; once decided, booking view. A request ' +
          'outside the caller’s reach is 404.',
        params: RequestIdParams,
        response: { 200: BookingDetail, 400: ProblemDetails, 401: ProblemDetails, 404: ProblemDetails },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      reply.header('cache-control', 'private, no-cache');
      return service.detail(await principal.tree(), request.params.bookingId);
    },
  );
}

/** Approving or rejecting a request, and withdrawing one. */
function pendingWriteRoutes(app: App): void {
  const service = app.services.pendingBookings;
  app.post(
    '/v1/pending-bookings/:bookingId/action',
    {
      config: { permission: { need: NEEDS.pendingBookingModify, per: 'location', forbidden: DECIDE_FORBIDDEN } },
      schema: {
        tags,
        security,
        summary: 'Approve (sent to the provider to fill) or reject with a reason a request pending approval (Idempotency-Key)',
        description:
          'Needs pendingBooking modify (or all) at the request’s location (403). Rejecting needs a reason (400). A ' +
          'request no longer pending approval is refused with 409. Approving sends to the provider only the dates that can ' +
          'still be booked (after today, or today before the client’s same-day cut-off and the start time); the others are ' +
          'cancelled, and with none left it is refused with 422. Its confirmation contacts are told.',
        headers: IdempotencyKeyHeaders,
        params: RequestIdParams,
        body: PendingBookingActionBody,
        response: {
          200: PendingBookingActionResult,
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
        service.act(tx, tree, principal.contactId, request.params.bookingId, request.body, {
          trace: { requestId: request.id, ip: request.ip },
        }),
      );
    },
  );

  app.post(
    '/v1/pending-bookings/:bookingId/withdraw',
    {
      config: { permission: { need: NEEDS.pendingBookingCreate, per: 'location', forbidden: WITHDRAW_FORBIDDEN } },
      schema: {
        tags,
        security,
        summary: 'Withdraw my own request while it waits for approval (Idempotency-Key)',
        description:
          'Only the contact who made the request, holding pendingBooking create at its location. The request becomes ' +
          'withdrawn and its bookings cancelled; approvers no longer see it and its e-mailed Approve and Reject links say it ' +
          'was withdrawn. Withdrawing it again answers the same. Someone else’s request is 403 when the caller can see it, ' +
          'else 404; a request already approved or rejected is refused with 409.',
        headers: IdempotencyKeyHeaders,
        params: RequestIdParams,
        response: {
          200: PendingBookingWithdrawResult,
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
      const tree = await principal.tree();
      return idempotentWrite(request, reply, principal.contactId, (tx) =>
        service.withdraw(tx, tree, principal.contactId, request.params.bookingId, { requestId: request.id, ip: request.ip }),
      );
    },
  );
}

export default pendingBookingsRoutes;
