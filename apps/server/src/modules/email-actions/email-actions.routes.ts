import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmailActionBody, EmailActionParams, EmailActionResult, EmailActionView } from '@portal/contract/email-actions';
import { EMAIL_ACTION_LINK_HOURS } from '@portal/contract/limits';
import { ProblemDetails } from '@portal/contract/problems';
import { AppError } from '../../lib/app-error';
import { IdempotencyKeyHeaders, idempotentWrite } from '../../lib/idempotency';
import type { AttemptCounters } from '../identity/attempt-counters';

/** Uses of e-mailed links (reading and acting together) per client address and window; 429 beyond. */
export const EMAIL_ACTION_RATE = { max: 30, windowSeconds: 15 * 60 } as const;

/**
 * The Approve and Reject links of the pending-approval e-mail. Public: the link's secret is the
 * credential, bound to one approver and one request. The GET only reads; the POST (from the confirmation page)
 * acts. A used, expired, superseded or unknown link is 410, alike.
 */
const emailActionRoutes: FastifyPluginAsyncZod<{ counters: AttemptCounters }> = async (app, { counters }) => {
  const service = app.services.emailActions;
  const tags = ['email-actions'];

  async function limit(request: FastifyRequest): Promise<void> {
    const { count, resetInSeconds } = await counters.consume(`email-action:${request.ip}`, EMAIL_ACTION_RATE.windowSeconds);
    if (count > EMAIL_ACTION_RATE.max)
      throw new AppError('rate-limited', {
        detail: 'Too many requests. Please try again later.',
        headers: { 'retry-after': String(resetInSeconds) },
      });
  }

  app.get(
    '/v1/email-actions/:token',
    {
      config: { public: true },
      schema: {
        tags,
        security: [],
        summary: 'What an e-mailed Approve or Reject link is for: the request and the action (changes nothing)',
        description:
          `No bearer token: the link's secret is the credential. A link works once, for its approver, within ${EMAIL_ACTION_LINK_HOURS} ` +
          'hours, while the request waits for approval; otherwise (used, expired, superseded by another decision, unknown) ' +
          `410. At most ${EMAIL_ACTION_RATE.max} uses of links per address in ${EMAIL_ACTION_RATE.windowSeconds / 60} minutes (429).`,
        params: EmailActionParams,
        response: { 200: EmailActionView, 400: ProblemDetails, 410: ProblemDetails, 429: ProblemDetails },
      },
    },
    async (request, reply) => {
      await limit(request);
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');
      return service.view(request.params.token);
    },
  );

  app.post(
    '/v1/email-actions/:token',
    {
      config: { public: true },
      schema: {
        tags,
        security: [],
        headers: IdempotencyKeyHeaders,
        summary: 'Approve or reject the request of an e-mailed link, as its approver (Idempotency-Key)',
        description:
          'The same decision as POST /v1/pending-bookings/{bookingId}/action, by the link’s approver: their permission is ' +
          'read now (403, and the link stays unused, when they may no longer approve there); a reject needs a reason (400). ' +
          'Spends the link and every other link of the request. A dead link, or a request no longer pending approval, is 410. ' +
          'Approving sends only the dates that can still be booked; with none left it is refused with 422.',
        params: EmailActionParams,
        body: EmailActionBody,
        response: {
          200: EmailActionResult,
          400: ProblemDetails,
          403: ProblemDetails,
          409: ProblemDetails,
          410: ProblemDetails,
          422: ProblemDetails,
          429: ProblemDetails,
        },
      },
    },
    async (request, reply) => {
      await limit(request);
      reply.header('cache-control', 'no-store');
      const contactId = await service.ownerOf(request.params.token);
      return idempotentWrite(request, reply, contactId, (tx) =>
        service.act(tx, request.params.token, request.body, { requestId: request.id, ip: request.ip }),
      );
    },
  );
};

export default emailActionRoutes;
