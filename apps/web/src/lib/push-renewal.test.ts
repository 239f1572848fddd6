import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, testRuntimeConfig } from '../testing/render';
import { movePushRenewal, RENEWAL_CACHE, RENEWAL_KEY } from './push-renewal';
import { setRuntimeConfig } from './runtime-config';
import { resetSessionForTests, startSession } from './session';

const OLD = 'https://fcm.googleapis.com/fcm/send/old-endpoint';
const NEW = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/new-endpoint',
  expirationTime: null,
  keys: {
    p256dh: 'BAcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc',
    auth: 'CQkJCQkJCQkJCQkJCQkJCQ',
  },
};

/** The Cache Storage the service worker leaves a renewal in, as a map. */
function fakeCaches(renewal?: unknown) {
  const entries = new Map<string, Response>();
  if (renewal !== undefined) entries.set(RENEWAL_KEY, new Response(JSON.stringify(renewal)));
  const opened: string[] = [];
  vi.stubGlobal('caches', {
    has: async (name: string) => name === RENEWAL_CACHE && entries.size > 0,
    open: async (name: string) => {
      opened.push(name);
      return {
        match: async (key: string) => entries.get(key),
        delete: async (key: string) => entries.delete(key),
      };
    },
  });
  return { entries, opened };
}

/** The server: the contact's kept subscriptions, and every call made to it. */
function fakeServer(kept: string[], expired: string[] = []) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, url: String(input), body });
    if (method === 'GET')
      return jsonResponse(
        200,
        kept.map((endpoint, id) => ({
          id: id + 1,
          endpoint,
          createdAt: '2026-11-01T00:00:00.000Z',
          lastUsedAt: null,
          expiredAt: expired.includes(endpoint) ? '2026-11-28T00:00:00.000Z' : null,
        })),
      );
    if (method === 'POST')
      return jsonResponse(201, { id: 9, endpoint: NEW.endpoint, createdAt: '2026-11-29T00:00:00.000Z', lastUsedAt: null, expiredAt: null });
    return new Response(null, { status: 204 });
  });
  return calls;
}

describe('movePushRenewal', () => {
  beforeEach(() => {
    setRuntimeConfig(testRuntimeConfig);
    resetSessionForTests();
    startSession({ accessToken: 'p1', expiresIn: 1800, tokenType: 'Bearer' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('does nothing, and calls no server, when the service worker left no renewal', async () => {
    const { opened } = fakeCaches();
    const calls = fakeServer([OLD]);
    expect(await movePushRenewal()).toBe('none');
    expect(calls).toEqual([]);
    expect(opened).toEqual([]);
  });

  it('puts the new subscription in place of the old one the server keeps for the contact, then drops the renewal', async () => {
    const { entries, opened } = fakeCaches({ oldEndpoint: OLD, subscription: NEW });
    const calls = fakeServer([OLD]);
    expect(await movePushRenewal()).toBe('moved');
    expect(opened).toContain(RENEWAL_CACHE);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /v1/push/subscriptions',
      'POST /v1/push/subscriptions',
      'DELETE /v1/push/subscriptions',
    ]);
    expect(calls[1]!.body).toEqual(NEW);
    expect(calls[2]!.body).toEqual({ endpoint: OLD });
    expect(entries.size).toBe(0);
  });

  it('hands it over too when a push reached the old endpoint first and the server marked it expired', async () => {
    const { entries } = fakeCaches({ oldEndpoint: OLD, subscription: NEW });
    const calls = fakeServer([OLD], [OLD]);
    expect(await movePushRenewal()).toBe('moved');
    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST', 'DELETE']);
    expect(calls[1]!.body).toEqual(NEW);
    expect(entries.size).toBe(0);
  });

  it('hands nothing over when the old endpoint is not the contact’s, and drops the renewal', async () => {
    const { entries } = fakeCaches({ oldEndpoint: OLD, subscription: NEW });
    const calls = fakeServer(['https://fcm.googleapis.com/fcm/send/someone-else']);
    expect(await movePushRenewal()).toBe('not-kept');
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    expect(entries.size).toBe(0);
  });

  it('drops a renewal that is not one (anything else in the cache is never sent)', async () => {
    const { entries } = fakeCaches({ oldEndpoint: OLD, subscription: { endpoint: 'http://127.0.0.1/steal', keys: {} } });
    const calls = fakeServer([OLD]);
    expect(await movePushRenewal()).toBe('not-kept');
    expect(calls).toEqual([]);
    expect(entries.size).toBe(0);
  });

  it('keeps the renewal for a later visit when the server refuses (staff acting as the contact)', async () => {
    const { entries } = fakeCaches({ oldEndpoint: OLD, subscription: NEW });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) =>
      (init?.method ?? 'GET') === 'GET'
        ? jsonResponse(200, [{ id: 1, endpoint: OLD, createdAt: '2026-11-01T00:00:00.000Z', lastUsedAt: null, expiredAt: null }])
        : jsonResponse(403, { title: 'Forbidden', status: 403, detail: 'Browser notifications are for the contact’s own browser' }),
    );
    await expect(movePushRenewal()).rejects.toThrow();
    expect(entries.size).toBe(1);
  });
});
