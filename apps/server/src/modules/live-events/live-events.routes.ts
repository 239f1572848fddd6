import { z } from 'zod';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LIVE_HEARTBEAT_EVENT,
  LIVE_HEARTBEAT_SECONDS,
  LIVE_RETRY_MS,
  LIVE_SILENCE_SECONDS,
  LiveEventTicket,
  LiveEventsQuery,
} from '@portal/contract/live-events';
import { ProblemDetails } from '@portal/contract/problems';
import { AppError } from '../../lib/app-error';
import { requirePrincipal } from '../../plugins/authenticate';
import type { AttemptCounters } from '../identity/attempt-counters';
import type { LiveEventHub } from './live-events.hub';
import type { LiveEventRow } from './live-events.service';

/** Live updates tickets one contact may ask for per minute (each opens one stream, once). */
const LIVE_TICKETS_PER_MINUTE = 30;

/** A stream whose client reads too slowly is closed past this much unsent data (it reconnects and resumes). */
const MAX_BUFFERED_BYTES = 1 << 20;

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The heartbeat: an event the page sees (a comment it would not), so the web app can tell a dead stream. */
const BEAT = `event: ${LIVE_HEARTBEAT_EVENT}\ndata: {}\n\n`;
const tags = ['live-events'];

const frame = (event: LiveEventRow) =>
  `id: ${event.id}\ndata: ${JSON.stringify({ id: event.id, kind: event.kind, clientId: event.clientId, locationId: event.locationId, payload: event.payload })}\n\n`;

/**
 * Live updates: POST /v1/events/ticket, then GET /v1/events?ticket=… as server-sent events.
 * Registered with fastify-plugin: its hook (announcing committed events after each write request) is app-wide.
 */
const liveEventsRoutes: FastifyPluginAsyncZod<{ counters: AttemptCounters }> = async (app, { counters }) => {
  startHub(app);
  ticketRoute(app, counters);
  streamRoute(app);
};

/** This process's hub: started with the app, closed before it stops, woken after every write request. */
function startHub(app: App): void {
  const hub = app.services.liveEventHub;
  app.decorate('liveEvents', hub);
  hub.start();
  // Before the server stops taking connections: open streams would otherwise hold the shutdown.
  app.addHook('preClose', () => hub.close());
  // A write request's transaction has committed when it is answered: wake the stream readers of every process.
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') hub.announce();
  });
}

/** POST /v1/events/ticket: a single-use ticket, a limited number per contact and minute. */
function ticketRoute(app: App, counters: AttemptCounters): void {
  const service = app.services.liveEvents;
  app.post(
    '/v1/events/ticket',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: 'A ticket that opens one live updates stream (GET /v1/events)',
        description:
          'Single use, valid for a few seconds (expiresInSeconds): the access token never goes in a URL. Only its hash is stored.',
        security: [{ bearer: [] }],
        response: { 200: LiveEventTicket, 401: ProblemDetails, 403: ProblemDetails },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      // A ticket costs a row: a sign-in asks for one per (re)connection, not hundreds a minute.
      const count = await counters.hit(`live-ticket:${principal.contactId}`, 60);
      if (count > LIVE_TICKETS_PER_MINUTE) {
        reply.header('retry-after', '60');
        throw new AppError('rate-limited', { detail: 'Too many live updates tickets. Please wait a minute.' });
      }
      reply.header('cache-control', 'no-store');
      return service.issueTicket({
        contactId: principal.contactId,
        staffUserId: principal.staffUserId,
        familyId: principal.familyId,
        tokenVersion: principal.contact!.tokenVersion,
        accessExpiresAt: principal.accessExpiresAt,
      });
    },
  );
}

/** GET /v1/events: the stream a ticket opens, as server-sent events. */
function streamRoute(app: App): void {
  const service = app.services.liveEvents;
  const hub = app.services.liveEventHub;
  app.get(
    '/v1/events',
    {
      // The ticket is the credential (request logs redact it).
      config: { public: true },
      schema: {
        tags,
        summary: 'Live updates of the caller’s clients as server-sent events',
        description:
          'text/event-stream. The stream belongs to the sign-in its ticket was asked from: it ends when that sign-in ends (sign-out, a reused refresh token, a password change) or when the access token the ticket was asked with expires (reconnect with a new ticket). Each event: `id:` (resume with the Last-Event-ID header or `lastEventId`), `data:` a ' +
          'LiveEvent JSON object (kind, clientId, locationId, payload). Only events of the clients and locations ' +
          'where the ticket’s contact holds the permission the event needs (bookings: booking view; pending ' +
          'approvals: pendingBooking modify or view; timesheets: timesheets view; invoices: accounts view; service ' +
          `status: everyone), checked again at every event. A \`${LIVE_HEARTBEAT_EVENT}\` event (data \`{}\`) as it opens and every ${LIVE_HEARTBEAT_SECONDS} s: a stream silent for ${LIVE_SILENCE_SECONDS} s is dead, open another. A \`reset\` ` +
          'event: the missed events are no longer kept, refetch. The stream ends when the contact signs out.',
        querystring: LiveEventsQuery.partial({ ticket: true }),
        headers: z.object({ 'last-event-id': z.string().optional() }).loose(),
        response: {
          200: {
            description: 'The stream',
            content: { 'text/event-stream': { schema: z.string().describe('Server-sent events') } },
          },
          400: ProblemDetails,
          401: ProblemDetails,
          429: ProblemDetails,
        },
      },
    },
    async (request, reply) => {
      const holder = await service.redeem(request.query.ticket);
      // The slot is taken before anything else awaits: streams opened at once cannot all pass the count.
      const slot = hub.reserve(holder.contactId);
      if (!slot) {
        throw new AppError('rate-limited', { detail: 'Too many live update streams are open. Close a window and try again.' });
      }
      const header = request.headers['last-event-id'];
      const lastText = (typeof header === 'string' && /^\d{1,15}$/.test(header) ? header : undefined) ?? request.query.lastEventId;
      const lastEventId = lastText === undefined ? undefined : Number(lastText);

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        'x-request-id': request.id,
      });
      let open = true;
      const write = (text: string) => {
        if (!open) return;
        res.write(text);
        if (res.writableLength > MAX_BUFFERED_BYTES) close();
      };
      const heartbeat = setInterval(() => write(BEAT), LIVE_HEARTBEAT_SECONDS * 1000);
      heartbeat.unref();
      let remove: (() => void) | undefined;
      const close = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        remove?.();
        res.end();
      };
      request.raw.on('close', close);
      res.on('close', close);
      write(`retry: ${LIVE_RETRY_MS}\n${BEAT}`);

      try {
        remove = await hub.add(
          {
            contactId: holder.contactId,
            tokenVersion: holder.tokenVersion,
            familyId: holder.familyId,
            endsAt: holder.endsAt,
            send: (event) => write(frame(event)),
            end: close,
          },
          lastEventId === undefined
            ? undefined
            : async () => {
                const missed = await service.missed(holder.contactId, lastEventId);
                if (missed === null) write('event: reset\ndata: {}\n\n');
                else for (const event of missed) write(frame(event));
                return missed ?? [];
              },
          slot,
        );
        if (!open) remove();
      } catch (err) {
        request.log.warn({ err }, 'live stream failed to start');
        slot();
        close();
      }
    },
  );
}

export default fp(liveEventsRoutes, { name: 'live-events' });

declare module 'fastify' {
  interface FastifyInstance {
    /** The live events fan-out of this process (modules/live-events). */
    liveEvents: LiveEventHub;
  }
}
