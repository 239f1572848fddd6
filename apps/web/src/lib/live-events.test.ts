import { QueryClient } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  connectLiveEvents,
  FAILURES_BEFORE_POLLING,
  invalidateForEvent,
  POLL_MS,
  RETRY_WHILE_POLLING_MS,
  SILENCE_MS,
  type LiveEventsDeps,
} from './live-events';
import { setRuntimeConfig } from './runtime-config';

class FakeSource {
  onopen: (() => void) | null = null;
  onmessage: ((m: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  listeners = new Map<string, () => void>();
  constructor(readonly url: string) {}
  addEventListener(name: string, fn: () => void) {
    this.listeners.set(name, fn);
  }
  close() {
    this.closed = true;
  }
  emit(id: string, data: object) {
    this.onmessage?.({ lastEventId: id, data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

function harness(ticket: () => Promise<string> = async () => `t${Math.random()}`) {
  const sources: FakeSource[] = [];
  const timers: Array<{ fn: () => void; ms: number; cleared: boolean; ran: boolean }> = [];
  const intervals: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  const deps: Partial<LiveEventsDeps> = {
    eventSource: (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s as unknown as EventSource;
    },
    ticket,
    setTimeout: (fn, ms) => {
      const timer = { fn, ms, cleared: false, ran: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
    setInterval: (fn, ms) => {
      const i = { fn, ms, cleared: false };
      intervals.push(i);
      return i;
    },
    clearInterval: (i) => {
      (i as { cleared: boolean }).cleared = true;
    },
  };
  const handlers = { onEvent: vi.fn(), onReset: vi.fn(), onPoll: vi.fn() };
  /** Runs the first pending timer of this length (a retry's, or the silence watchdog's), as if its time had come. */
  const fire = (ms: (ms: number) => boolean) => {
    const timer = timers.find((t) => !t.cleared && !t.ran && ms(t.ms));
    if (!timer) throw new Error('no such timer pending');
    timer.ran = true;
    timer.fn();
  };
  const retry = () => fire((ms) => ms !== SILENCE_MS);
  const silence = () => fire((ms) => ms === SILENCE_MS);
  const watching = () => timers.filter((t) => t.ms === SILENCE_MS && !t.cleared && !t.ran).length;
  return { sources, timers, intervals, deps, handlers, retry, silence, watching };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const event = (id: number) => ({ id, kind: 'booking.filled', clientId: 1, locationId: 2, payload: { bookingId: 9 } });

beforeAll(() => {
  setRuntimeConfig({
    apiBaseUrl: '/',
    apiVersion: '1',
    localeByOrigin: {},
    defaultLocale: 'en-AU',
    serviceStatusUrl: null,
    mapTilesUrl: null,
    errorReportingDsn: null,
    providerContacts: {},
    appStoreLinks: {},
    environment: 'test',
    demo: false,
    confirmationMethods: ['email', 'sms', 'voice', 'push'],
    pushPublicKey: null,
    appVersion: '1.0.0',
    release: 'v1.0.0-test',
  } as Parameters<typeof setRuntimeConfig>[0]);
});

describe('live events connection', () => {
  it('opens the stream with a ticket, hands events on, and reconnects after a drop with a new ticket and the last id', async () => {
    const h = harness();
    const connection = connectLiveEvents(h.handlers, h.deps);
    await flush();
    expect(h.sources[0]!.url).toMatch(/^\/v1\/events\?ticket=t/);
    h.sources[0]!.onopen?.();
    h.sources[0]!.emit('41', event(41));
    expect(h.handlers.onEvent).toHaveBeenCalledWith(expect.objectContaining({ id: 41, kind: 'booking.filled' }));
    h.sources[0]!.onerror?.();
    expect(h.sources[0]!.closed).toBe(true);
    h.retry();
    await flush();
    expect(h.sources[1]!.url).toMatch(/[?&]lastEventId=41$/);
    expect(h.sources[1]!.url).not.toBe(h.sources[0]!.url);
    h.sources[1]!.listeners.get('reset')?.();
    expect(h.handlers.onReset).toHaveBeenCalledTimes(1);
    connection.stop();
    expect(h.sources[1]!.closed).toBe(true);
  });

  it('falls back to polling after repeated failures, and stops polling once the stream opens again', async () => {
    let offline = true;
    const h = harness(() => (offline ? Promise.reject(new Error('offline')) : Promise.resolve('back')));
    connectLiveEvents(h.handlers, h.deps);
    for (let i = 0; i < FAILURES_BEFORE_POLLING; i++) {
      await flush();
      if (i < FAILURES_BEFORE_POLLING - 1) h.retry();
    }
    expect(h.handlers.onPoll).toHaveBeenCalledTimes(1);
    expect(h.intervals[0]!.ms).toBe(POLL_MS);
    expect(h.timers.at(-1)!.ms).toBe(RETRY_WHILE_POLLING_MS);
    offline = false;
    h.retry();
    await flush();
    h.sources[0]!.onopen?.();
    expect(h.intervals[0]!.cleared).toBe(true);
    expect(h.handlers.onReset).toHaveBeenCalledTimes(1);
  });

  it('takes a stream silent for longer than its heartbeat allows as dead: closes it and resumes on a new one', async () => {
    const h = harness();
    const connection = connectLiveEvents(h.handlers, h.deps);
    await flush();
    const first = h.sources[0]!;
    first.onopen?.();
    expect(h.watching()).toBe(1);
    expect(h.timers.find((t) => t.ms === SILENCE_MS)).toBeDefined();
    // Each event and each heartbeat gives the stream another SILENCE_MS; only one watchdog is ever pending.
    first.emit('7', event(7));
    first.listeners.get('heartbeat')?.();
    first.listeners.get('heartbeat')?.();
    expect(h.watching()).toBe(1);
    expect(first.closed).toBe(false);
    // Then nothing, not even a heartbeat: the watchdog closes it and a new stream resumes after event 7.
    h.silence();
    expect(first.closed).toBe(true);
    h.retry();
    await flush();
    expect(h.sources[1]!.url).toMatch(/[?&]lastEventId=7$/);
    h.sources[1]!.onopen?.();
    expect(h.handlers.onReset).not.toHaveBeenCalled();
    // Stopped: no watchdog left to fire.
    connection.stop();
    expect(h.watching()).toBe(0);
    expect(h.sources[1]!.closed).toBe(true);
  });

  it('invalidates the queries an event concerns, never reference data', () => {
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    invalidateForEvent(client, 'booking.filled');
    expect(spy.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['bookings'], ['group-overview']]);
    const predicate = spy.mock.calls[0]![0]!.predicate!;
    expect(predicate({ queryKey: ['bookings', 'reference', 'grades'] } as never)).toBe(false);
    expect(predicate({ queryKey: ['bookings', 'list'] } as never)).toBe(true);
    spy.mockClear();
    invalidateForEvent(client, 'timesheet.submitted');
    expect(spy.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['timesheets']]);
  });
});
