import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProblemDetails } from '@portal/contract/problems';
import { PushSubscriptionBody, PushSubscriptionList, PushSubscriptionRecord, PushUnsubscribeBody } from '@portal/contract/push';
import { AppError } from '../../lib/app-error';
import { requirePrincipal } from '../../plugins/authenticate';

/** A subscription is a few hundred bytes; anything much larger is refused before it is parsed. */
const BODY_LIMIT = 4096;

/**
 * Browser notifications: the signed-in contact's push subscriptions (Settings → Browser notifications). Each call
 * reaches only the caller's own. Saving is idempotent by its endpoint, so a retried call does the same again.
 */
const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.pushSubscriptions;
  const security = [{ bearer: [] }];

  app.get(
    '/v1/push/subscriptions',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['push'],
        summary: "The caller's browser notification subscriptions",
        security,
        response: { 200: PushSubscriptionList, 401: ProblemDetails, 403: ProblemDetails },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      reply.header('cache-control', 'no-store');
      return service.list(principal.contactId);
    },
  );

  app.post(
    '/v1/push/subscriptions',
    {
      bodyLimit: BODY_LIMIT,
      config: { permission: 'signedIn' },
      schema: {
        tags: ['push'],
        summary: "Keeps this browser's push subscription for the caller (201 new, 200 already kept)",
        description:
          "The body is the browser's PushSubscription.toJSON(). An endpoint kept for another contact (the same browser, " +
          'signed in as someone else before) moves to the caller. Not while staff act as the contact: their browser is not the contact’s.',
        security,
        body: PushSubscriptionBody,
        response: {
          200: PushSubscriptionRecord,
          201: PushSubscriptionRecord,
          400: ProblemDetails,
          401: ProblemDetails,
          403: ProblemDetails,
          413: ProblemDetails,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      if (principal.staffUserId !== undefined) {
        throw new AppError('forbidden', { detail: 'Browser notifications are for the contact’s own browser, not while acting as them.' });
      }
      const created = await service.subscribe(principal.contactId, request.body);
      const kept = (await service.list(principal.contactId)).find((s) => s.endpoint === request.body.endpoint)!;
      return reply
        .code(created ? 201 : 200)
        .header('cache-control', 'no-store')
        .send(kept);
    },
  );

  app.delete(
    '/v1/push/subscriptions',
    {
      bodyLimit: BODY_LIMIT,
      config: { permission: 'signedIn' },
      schema: {
        tags: ['push'],
        summary: "Forgets one of the caller's push subscriptions, by its endpoint (404 when the caller has none such)",
        security,
        body: PushUnsubscribeBody,
        response: {
          204: z.null(),
          400: ProblemDetails,
          401: ProblemDetails,
          403: ProblemDetails,
          404: ProblemDetails,
          413: ProblemDetails,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      await service.unsubscribe(principal.contactId, request.body.endpoint);
      return reply.code(204).header('cache-control', 'no-store').send(null);
    },
  );
};

export default pushRoutes;
