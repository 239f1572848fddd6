import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OUTBOX_CHANNELS } from '@portal/contract/domain';
import { demoSurfaceGate } from '../../lib/demo-surface';
import { escapeHtml as escape } from '../../lib/html-text';

/**
 * Demo mode only: the messages that would have been sent (e-mail, SMS, voice, push), so a person and the tests
 * can follow a password-reset link. Not registered at all outside demo mode, and answers only loopback callers
 * unless DEMO=true was set explicitly.
 */
const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});
const OutboxQuery = z.strictObject({
  to: z.string().max(254).optional().describe('Only messages to this address (case-insensitive)'),
  take: z.coerce.number().int().min(1).max(200).default(50),
});

const linkify = (v: string) => escape(v).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reset and unlock links live here: loopback callers only, unless DEMO=true was set explicitly.
  const onRequest = demoSurfaceGate(app.config);
  const list = (to: string | undefined, take: number) => app.services.outbox.list(to, take);

  app.get(
    '/v1/dev/outbox',
    {
      config: { public: true },
      onRequest,
      schema: {
        tags: ['dev'],
        summary: 'Demo mode: messages kept instead of sent, newest first',
        querystring: OutboxQuery,
        response: { 200: z.array(OutboxMessage) },
      },
    },
    async (request) => list(request.query.to, request.query.take),
  );

  app.get(
    '/dev/outbox',
    { config: { public: true }, onRequest, schema: { hide: true, querystring: OutboxQuery } },
    async (request, reply) => {
      const messages = await list(request.query.to, request.query.take);
      const items = messages
        .map(
          (m) =>
            `<article><h2>${escape(m.subject ?? m.channel.toUpperCase())}</h2><p class="meta">${escape(m.channel)} to <strong>${escape(m.to)}</strong> · ${escape(m.createdAt)}</p><pre>${linkify(m.text)}</pre></article>`,
        )
        .join('');
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Demo outbox | Client Portal</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:860px;padding:24px;color:#1d2733}h1{color:#0077a8}article{border:1px solid #d5dde5;border-radius:8px;padding:12px 16px;margin:12px 0}h2{font-size:1.1rem;margin:0 0 4px}.meta{color:#52606d;margin:0 0 8px}pre{white-space:pre-wrap;font-family:inherit;margin:0}a{color:#0062a3}</style></head>
<body><main><h1>Demo outbox</h1><p>Messages the portal would have sent (demo mode keeps them here instead). Newest first.</p>${items || '<p>No messages yet.</p>'}</main></body></html>`;
    },
  );
};

export default outboxRoutes;
