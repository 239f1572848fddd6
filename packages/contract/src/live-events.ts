import { z } from 'zod';

/**
 * The live stream: GET /v1/events answers text/event-stream, opened with a short-lived, single-use
 * ticket from POST /v1/events/ticket (an access token never goes in a URL). Each event is one row of live_events:
 * `id:` is its id (a reconnecting client resumes after it with Last-Event-ID or `lastEventId`), `event:` its kind,
 * `data:` a JSON object { id, kind, clientId, locationId, payload }. A `reset` event means the missed events are
 * no longer kept: refetch everything. A `heartbeat` event says the stream is alive.
 */

/** A ticket opens a stream for this long after it is issued, once. */
export const LIVE_TICKET_TTL_SECONDS = 30;
/** A reconnect replays at most this many missed events, of at most this age; beyond, a `reset` event. */
export const LIVE_REPLAY_MAX_EVENTS = 500;
export const LIVE_REPLAY_MAX_AGE_SECONDS = 600;
/**
 * The stream's heartbeat: an `event: heartbeat` (data `{}`) as the stream opens and every LIVE_HEARTBEAT_SECONDS. It
 * keeps proxies from closing an idle stream, and tells the page the stream is alive: a browser's EventSource never
 * shows a comment line to the page, so a comment could not tell a quiet stream from a dead one.
 */
export const LIVE_HEARTBEAT_SECONDS = 15;
export const LIVE_HEARTBEAT_EVENT = 'heartbeat';
/**
 * A stream that has sent nothing, not even its heartbeat, for this long is dead (a hung server, a proxy that keeps
 * the connection but passes nothing): the web app closes it and opens another. EventSource alone would wait forever.
 */
export const LIVE_SILENCE_SECONDS = 3 * LIVE_HEARTBEAT_SECONDS;
/** The `retry:` hint, in milliseconds. */
export const LIVE_RETRY_MS = 3000;

export const LIVE_EVENT_KINDS = [
  'booking.created',
  'booking.filled',
  'booking.cancelled',
  'booking.extended',
  'booking.changed',
  'pendingApproval.created',
  'pendingApproval.approved',
  'pendingApproval.rejected',
  'pendingApproval.withdrawn',
  'timesheet.submitted',
  'timesheet.decided',
  'invoice.issued',
  'serviceStatus.changed',
] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/** What part of the portal an event is about (the stream filters by it, the web app refreshes by it). */
export type LiveEventArea = 'booking' | 'pendingApproval' | 'timesheet' | 'invoice' | 'serviceStatus';
export function liveEventArea(kind: string): LiveEventArea | undefined {
  const area = kind.slice(0, kind.indexOf('.'));
  return (['booking', 'pendingApproval', 'timesheet', 'invoice', 'serviceStatus'] as const).find((a) => a === area);
}

export const LiveEventTicket = z
  .object({
    ticket: z.string().describe('Opens one stream: GET /v1/events?ticket=…; single use'),
    expiresInSeconds: z.number().int(),
  })
  .meta({ id: 'LiveEventTicket' });
export type LiveEventTicket = z.infer<typeof LiveEventTicket>;

export const LiveEventsQuery = z.strictObject({
  ticket: z.string().min(1).max(200).describe('From POST /v1/events/ticket'),
  lastEventId: z
    .string()
    .regex(/^\d{1,15}$/, { message: 'Must be an event id' })
    .optional()
    .describe('Resume after this event (as the Last-Event-ID header, for clients that reconnect themselves)'),
});

/** The small facts an event carries: ids and status, and for bookings what a toast names. */
export const LiveEventPayload = z
  .object({
    bookingId: z.number().int().optional(),
    requestId: z.number().int().optional(),
    invoiceId: z.number().int().optional(),
    status: z.string().optional(),
    createdByContactId: z.number().int().nullable().optional(),
    locationName: z.string().optional(),
    dateLocal: z.string().optional(),
    educatorName: z.string().nullable().optional(),
  })
  .loose();
export type LiveEventPayload = z.infer<typeof LiveEventPayload>;

export const LiveEvent = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    clientId: z.number().int().nullable(),
    locationId: z.number().int().nullable(),
    payload: LiveEventPayload,
  })
  .meta({ id: 'LiveEvent' });
export type LiveEvent = z.infer<typeof LiveEvent>;
