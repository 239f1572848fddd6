import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, testRuntimeConfig } from '../testing/render';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { setRuntimeConfig } from './runtime-config';
import {
  activateImpersonation,
  beginImpersonation,
  getSession,
  refreshSession,
  resetSessionForTests,
  restoreSessionOnce,
  signOut,
  startSession,
  subscribeToSession,
  TOKEN_MAX_AGE_MS,
} from './session';

const token = (accessToken: string, expiresIn = 1800) => ({ accessToken, expiresIn, tokenType: 'Bearer' as const });

/** A fetch stub routing by path: refresh answers come from `refreshAnswers`, everything else from `handler`. */
function stubServer(
  handler: (url: string, init: RequestInit) => Response | Promise<Response>,
  refreshAnswers: Array<() => Response | Promise<Response>> = [],
) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = String(input);
    if (url === '/v1/auth/refresh') {
      const next = refreshAnswers.shift();
      if (!next) throw new Error('unexpected refresh');
      return next();
    }
    return handler(url, init);
  });
}

const calls = (spy: ReturnType<typeof stubServer>, url: string) => spy.mock.calls.filter(([input]) => String(input) === url);
const authorization = (init: RequestInit | undefined) => new Headers(init?.headers).get('Authorization');

describe('API client and session', () => {
  beforeEach(() => {
    setRuntimeConfig(testRuntimeConfig);
    resetSessionForTests();
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('sends the bearer token and Accept-Version, and no token on anonymous calls', async () => {
    startSession(token('a1'));
    const spy = stubServer(() => jsonResponse(200, { ok: true }));
    await expect(apiRequest('profile')).resolves.toEqual({ ok: true });
    await apiRequest('auth/password-reset', { method: 'POST', body: { email: 'x@y.z' }, anonymous: true });
    const [first, second] = spy.mock.calls;
    expect(authorization(first?.[1])).toBe('Bearer a1');
    expect(new Headers(first?.[1]?.headers).get('Accept-Version')).toBe('1');
    expect(authorization(second?.[1])).toBeNull();
  });

  it('on a 401 refreshes once and retries the call once with the new token', async () => {
    startSession(token('old'));
    const spy = stubServer(
      (_url, init) =>
        authorization(init) === 'Bearer new' ? jsonResponse(200, { ok: 1 }) : jsonResponse(401, { title: 'Unauthorized', status: 401 }),
      [() => jsonResponse(200, token('new'))],
    );
    await expect(apiRequest('profile')).resolves.toEqual({ ok: 1 });
    expect(calls(spy, '/v1/auth/refresh')).toHaveLength(1);
    expect(calls(spy, '/v1/profile').map(([, init]) => authorization(init))).toEqual(['Bearer old', 'Bearer new']);
    expect(getSession()?.accessToken).toBe('new');
  });

  it('retries only once: a second 401 is the answer', async () => {
    startSession(token('old'));
    const spy = stubServer(
      () => jsonResponse(401, { title: 'Unauthorized', status: 401, detail: 'Your session has ended.' }),
      [() => jsonResponse(200, token('new'))],
    );
    const error = await apiRequest('profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(calls(spy, '/v1/profile')).toHaveLength(2);
    expect(calls(spy, '/v1/auth/refresh')).toHaveLength(1);
  });

  it('concurrent 401s share one refresh', async () => {
    startSession(token('old'));
    let releaseRefresh: () => void = () => {};
    const refreshed = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const spy = stubServer(
      (_url, init) =>
        authorization(init) === 'Bearer new' ? jsonResponse(200, { ok: 1 }) : jsonResponse(401, { status: 401, title: 'Unauthorized' }),
      [
        async () => {
          await refreshed;
          return jsonResponse(200, token('new'));
        },
      ],
    );
    const all = Promise.all([apiRequest('a'), apiRequest('b'), apiRequest('c')]);
    await vi.waitFor(() => expect(calls(spy, '/v1/auth/refresh')).toHaveLength(1));
    releaseRefresh();
    await expect(all).resolves.toEqual([{ ok: 1 }, { ok: 1 }, { ok: 1 }]);
    expect(calls(spy, '/v1/auth/refresh')).toHaveLength(1);
  });

  it('a call whose token was replaced while in flight retries with the new one without refreshing again', async () => {
    startSession(token('old'));
    const spy = stubServer(async (url, init) => {
      if (url === '/v1/slow' && authorization(init) === 'Bearer old') {
        startSession(token('newer')); // e.g. another call refreshed meanwhile
        return jsonResponse(401, { status: 401, title: 'Unauthorized' });
      }
      return jsonResponse(200, { token: authorization(init) });
    });
    await expect(apiRequest('slow')).resolves.toEqual({ token: 'Bearer newer' });
    expect(calls(spy, '/v1/auth/refresh')).toHaveLength(0);
  });

  it('refreshes a token older than 30 minutes before the call (spec §9)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T09:00:00Z'));
    startSession(token('aging', 3600));
    const spy = stubServer(
      (_url, init) => jsonResponse(200, { token: authorization(init) }),
      [() => jsonResponse(200, token('fresh', 3600))],
    );
    vi.setSystemTime(Date.now() + TOKEN_MAX_AGE_MS - 1000);
    await expect(apiRequest('a')).resolves.toEqual({ token: 'Bearer aging' });
    vi.setSystemTime(Date.now() + 2000);
    await expect(apiRequest('b')).resolves.toEqual({ token: 'Bearer fresh' });
    expect(calls(spy, '/v1/auth/refresh')).toHaveLength(1);
  });

  it('a refused refresh ends the session and clears local and session storage (spec §4)', async () => {
    startSession(token('old'));
    localStorage.setItem('portal.selectedClientIds', '[1,2]');
    sessionStorage.setItem('anything', 'x');
    const events: string[] = [];
    subscribeToSession((event) => events.push(event));
    stubServer(
      () => jsonResponse(401, { status: 401, title: 'Unauthorized' }),
      [() => jsonResponse(401, { status: 401, title: 'Unauthorized' })],
    );
    await expect(apiRequest('profile')).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(events).toContain('ended');
  });

  it('no answer to a refresh keeps everything as it was', async () => {
    startSession(token('old'));
    localStorage.setItem('portal.selectedClientIds', '[1]');
    stubServer(() => jsonResponse(500, {}), [() => Promise.reject(new TypeError('Failed to fetch'))]);
    await expect(refreshSession()).resolves.toBe('unreachable');
    expect(getSession()?.accessToken).toBe('old');
    expect(localStorage.getItem('portal.selectedClientIds')).toBe('[1]');
  });

  it('refreshes with a POST without body or content type, sending the cookie', async () => {
    const spy = stubServer(() => jsonResponse(200, {}), [() => jsonResponse(200, token('t'))]);
    await refreshSession();
    const [, init] = calls(spy, '/v1/auth/refresh')[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
    expect(init?.credentials).toBe('same-origin');
  });

  it('restores the session once at app start', async () => {
    const spy = stubServer(() => jsonResponse(200, {}), [() => jsonResponse(200, token('restored'))]);
    await expect(restoreSessionOnce()).resolves.toBe('refreshed');
    await expect(restoreSessionOnce()).resolves.toBe('refreshed');
    expect(calls(spy, '/v1/auth/refresh')).toHaveLength(1);
    expect(getSession()?.accessToken).toBe('restored');
  });

  it('names the impersonated contact on every call while impersonating, and keeps it across reloads', async () => {
    beginImpersonation(42);
    activateImpersonation(42);
    resetSessionForTests(); // a reload: memory gone, localStorage kept
    const spy = stubServer(
      (_url, init) => jsonResponse(200, { contact: new Headers(init.headers).get('Impersonated-Contact') }),
      [() => jsonResponse(200, token('staff'))],
    );
    await restoreSessionOnce();
    await expect(apiRequest('profile')).resolves.toEqual({ contact: '42' });
    await apiRequest('auth/login', { method: 'POST', body: {}, anonymous: true });
    expect(new Headers(spy.mock.calls.at(-1)?.[1]?.headers).get('Impersonated-Contact')).toBeNull();
  });

  it('a contact signing in ends a stored impersonation', () => {
    beginImpersonation(42);
    startSession(token('contact'));
    expect(localStorage.getItem('portal.impersonation')).toBeNull();
  });

  it('signs out at the server with the bearer token, then clears everything even when the server is unreachable', async () => {
    startSession(token('t1'));
    localStorage.setItem('portal.selectedClientIds', '[3]');
    const spy = stubServer(() => new Response(null, { status: 204 }));
    await expect(signOut()).resolves.toBe(true);
    expect(authorization(calls(spy, '/v1/auth/logout')[0]?.[1])).toBe('Bearer t1');
    expect(getSession()).toBeNull();
    expect(localStorage.length).toBe(0);

    startSession(token('t2'));
    spy.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(signOut()).resolves.toBe(false);
    expect(getSession()).toBeNull();
  });
});
