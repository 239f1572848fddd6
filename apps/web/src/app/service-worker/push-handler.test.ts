import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

/**
 * public/push-handler.js, the service worker's `push` and `notificationclick` handlers, run against a stand-in of
 * the worker's globals (the browser journey e2e/tests/settings/browser-notifications.spec.ts delivers a real push).
 */
const source = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../public/push-handler.js'), 'utf8');
const ORIGIN = 'https://portal.example';

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function worker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const showNotification = vi.fn(async () => {});
  const openWindow = vi.fn(async () => null);
  const renewed = { toJSON: () => ({ endpoint: 'https://push.example/new', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }) };
  const subscribe = vi.fn(async (_options: unknown) => renewed);
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    registration: { showNotification, pushManager: { subscribe } },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  const clients = { matchAll: vi.fn(async () => windows), openWindow };
  const stored = new Map<string, Map<string, Response>>();
  const caches = {
    open: async (name: string) => {
      const cache = stored.get(name) ?? new Map<string, Response>();
      stored.set(name, cache);
      return { put: async (key: string, response: Response) => void cache.set(key, response) };
    },
  };
  new Function('self', 'clients', 'caches', source)(self, clients, caches);
  async function dispatch(type: string, event: object) {
    let waited: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) });
    await waited;
  }
  return { dispatch, showNotification, openWindow, subscribe, stored };
}

const pushOf = (text: string) => ({ data: { json: () => JSON.parse(text) as unknown, text: () => text } });

describe('push-handler.js', () => {
  it('shows the pushed title, with the portal’s icon and the page to open', async () => {
    const w = worker();
    await w.dispatch('push', pushOf(JSON.stringify({ title: 'Booking filled: Harbour Primary, Mon 23 Mar 2026', url: '/bookings' })));
    expect(w.showNotification).toHaveBeenCalledWith('Booking filled: Harbour Primary, Mon 23 Mar 2026', {
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: '/bookings' },
    });
  });

  it('shows a text that is not JSON as it came, and never opens another site', async () => {
    const w = worker();
    await w.dispatch('push', pushOf('Booking received'));
    expect(w.showNotification).toHaveBeenLastCalledWith('Booking received', expect.objectContaining({ data: { url: '/' } }));
    await w.dispatch('push', pushOf(JSON.stringify({ title: 'x', url: 'https://elsewhere.example/' })));
    expect(w.showNotification).toHaveBeenLastCalledWith('x', expect.objectContaining({ data: { url: '/' } }));
  });

  it('on a click, focuses a tab of the portal already open, else opens one', async () => {
    const close = vi.fn();
    const open: FakeWindow = { url: `${ORIGIN}/timesheets`, focus: vi.fn(), navigate: vi.fn() };
    open.focus.mockResolvedValue(open);
    const other: FakeWindow = { url: 'https://elsewhere.example/', focus: vi.fn(), navigate: vi.fn() };
    const w = worker([other, open]);
    await w.dispatch('notificationclick', { notification: { close, data: { url: '/' } } });
    expect(close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(other.focus).not.toHaveBeenCalled();
    expect(w.openWindow).not.toHaveBeenCalled();

    const none = worker([]);
    await none.dispatch('notificationclick', { notification: { close, data: { url: '/bookings' } } });
    expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}/bookings`);
  });

  it('subscribes again with the same server key when the push service changes the subscription, and leaves both for the portal', async () => {
    const w = worker();
    const applicationServerKey = new Uint8Array([4, 1, 2]).buffer;
    await w.dispatch('pushsubscriptionchange', {
      oldSubscription: { endpoint: 'https://push.example/old', options: { applicationServerKey } },
    });
    expect(w.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey });
    const left = w.stored.get('portal-push-renewal')?.get('/push-renewal');
    expect(await left?.json()).toEqual({
      oldEndpoint: 'https://push.example/old',
      subscription: { endpoint: 'https://push.example/new', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } },
    });
  });

  it('keeps the browser’s own new subscription when it gives one, and leaves nothing when there was none before', async () => {
    const w = worker();
    const own = { toJSON: () => ({ endpoint: 'https://push.example/own', keys: { p256dh: 'p', auth: 'a' } }) };
    await w.dispatch('pushsubscriptionchange', {
      oldSubscription: { endpoint: 'https://push.example/old', options: {} },
      newSubscription: own,
    });
    expect(w.subscribe).not.toHaveBeenCalled();
    expect(await w.stored.get('portal-push-renewal')?.get('/push-renewal')?.json()).toMatchObject({
      subscription: { endpoint: 'https://push.example/own' },
    });

    const fresh = worker();
    await fresh.dispatch('pushsubscriptionchange', { oldSubscription: null });
    expect(fresh.stored.size).toBe(0);
  });
});
