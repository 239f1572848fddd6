import type { QueryClient } from '@tanstack/react-query';
import {
  LIVE_HEARTBEAT_EVENT,
  LIVE_SILENCE_SECONDS,
  LiveEvent,
  LiveEventTicket,
  liveEventArea,
  type LiveEventArea,
} from '@portal/contract/live-events';
import { apiRequest, apiUrl } from './api-client';

/**
 * The live updates stream, kept open while signed in: a single-use ticket (POST /v1/events/ticket),
 * then an EventSource on GET /v1/events. The ticket cannot be used twice, so EventSource's own reconnect would fail:
 * on any error this closes it and reconnects itself with a new ticket and the last event id (`lastEventId`). After
 * `FAILURES_BEFORE_POLLING` failed attempts in a row it falls back to polling (the caller refetches what is on
 * screen every `POLL_MS`) and tries the stream again every `RETRY_WHILE_POLLING_MS`. A stream that has said
 * nothing, not even its heartbeat, for `SILENCE_MS` counts as failed too: EventSource would wait on a hung server or a
 * proxy that passes nothing for as long as the connection stays up.
 */
export const FAILURES_BEFORE_POLLING = 3;
export const SILENCE_MS = LIVE_SILENCE_SECONDS * 1000;

/**
 * A browser can switch live updates off (`localStorage['portal.liveUpdates'] = 'off'`): no stream and no polling,
 * the pages refresh as they did before (their own cache lifetimes). For support sessions that need a still page,
 * and for browser journeys that compare a page with an earlier API answer while the demo simulator changes the
 * world (live-updates.spec.ts keeps them on).
 */
export function liveUpdatesSwitchedOff(): boolean {
  try {
    return globalThis.localStorage?.getItem('portal.liveUpdates') === 'off';
  } catch {
    return false;
  }
}
export const POLL_MS = 30_000;
export const RETRY_WHILE_POLLING_MS = 60_000;

export interface LiveEventsHandlers {
  onEvent(event: LiveEvent): void;
  /** Events were missed (too old to replay, or the stream had none to resume from): refetch everything. */
  onReset(): void;
  /** Polling mode: refetch everything on screen. */
  onPoll(): void;
}

export interface LiveEventsConnection {
  stop(): void;
}

/** Factories, replaced by tests. */
export interface LiveEventsDeps {
  eventSource: (url: string) => EventSource;
  ticket: () => Promise<string>;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

const defaultDeps = (): LiveEventsDeps => ({
  eventSource: (url) => new EventSource(url),
  ticket: async () => (await apiRequest('events/ticket', { method: 'POST', schema: LiveEventTicket })).ticket,
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
});

export function connectLiveEvents(handlers: LiveEventsHandlers, overrides: Partial<LiveEventsDeps> = {}): LiveEventsConnection {
  const deps = { ...defaultDeps(), ...overrides };
  let source: EventSource | undefined;
  let lastEventId: string | undefined;
  let failures = 0;
  let everOpened = false;
  let stopped = false;
  let retry: unknown;
  let poll: unknown;
  let watchdog: unknown;

  const quiet = () => {
    if (watchdog !== undefined) deps.clearTimeout(watchdog);
    watchdog = undefined;
  };
  /** The stream said something: it is alive for another SILENCE_MS. */
  const heard = (es: EventSource) => {
    quiet();
    watchdog = deps.setTimeout(() => {
      watchdog = undefined;
      if (source === es) failed();
    }, SILENCE_MS);
  };

  const stopPolling = () => {
    if (poll !== undefined) deps.clearInterval(poll);
    poll = undefined;
  };

  const failed = () => {
    quiet();
    source?.close();
    source = undefined;
    if (stopped) return;
    failures += 1;
    if (failures >= FAILURES_BEFORE_POLLING) {
      if (poll === undefined) {
        handlers.onPoll();
        poll = deps.setInterval(() => handlers.onPoll(), POLL_MS);
      }
      retry = deps.setTimeout(() => void open(), RETRY_WHILE_POLLING_MS);
    } else {
      // Quickly after a drop, then backing off a little.
      retry = deps.setTimeout(() => void open(), 1000 * 2 ** (failures - 1));
    }
  };

  const open = async () => {
    retry = undefined;
    if (stopped) return;
    let ticket: string;
    try {
      ticket = await deps.ticket();
    } catch {
      failed();
      return;
    }
    if (stopped) return;
    const es = deps.eventSource(apiUrl('events', { ticket, lastEventId }));
    source = es;
    es.onopen = () => {
      heard(es);
      // Reconnected without an event to resume from: what happened meanwhile is unknown.
      if (everOpened && lastEventId === undefined) handlers.onReset();
      everOpened = true;
      failures = 0;
      if (poll !== undefined) {
        stopPolling();
        handlers.onReset();
      }
    };
    es.onmessage = (message: MessageEvent<string>) => {
      heard(es);
      if (message.lastEventId) lastEventId = message.lastEventId;
      let parsed: LiveEvent;
      try {
        parsed = LiveEvent.parse(JSON.parse(message.data));
      } catch {
        return;
      }
      handlers.onEvent(parsed);
    };
    es.addEventListener(LIVE_HEARTBEAT_EVENT, () => heard(es));
    es.addEventListener('reset', () => {
      heard(es);
      handlers.onReset();
    });
    es.onerror = () => {
      if (source === es) failed();
    };
  };

  void open();
  return {
    stop() {
      stopped = true;
      quiet();
      source?.close();
      source = undefined;
      if (retry !== undefined) deps.clearTimeout(retry);
      stopPolling();
    },
  };
}

/** The query keys each area of events makes stale (every feature's keys start with these). */
const KEYS: Record<LiveEventArea, ReadonlyArray<readonly string[]>> = {
  booking: [['bookings'], ['group-overview']],
  pendingApproval: [['bookings']],
  timesheet: [['timesheets']],
  invoice: [['invoices']],
  serviceStatus: [['service-status']],
};

/** Reference data (classifications, grades…) never changes with an event. */
const notReference = (query: { queryKey: readonly unknown[] }) => query.queryKey[1] !== 'reference';

export function invalidateForEvent(queryClient: QueryClient, kind: string): void {
  const area = liveEventArea(kind);
  if (!area) return;
  for (const queryKey of KEYS[area]) void queryClient.invalidateQueries({ queryKey, predicate: notReference });
}

/** Polling, or events were missed: everything the stream would have refreshed. */
export function invalidateAllLive(queryClient: QueryClient): void {
  const seen = new Set<string>();
  for (const keys of Object.values(KEYS))
    for (const queryKey of keys) {
      if (seen.has(queryKey.join('/'))) continue;
      seen.add(queryKey.join('/'));
      void queryClient.invalidateQueries({ queryKey, predicate: notReference });
    }
}
