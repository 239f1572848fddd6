import { afterEach, describe, expect, it, vi } from 'vitest';
import { endBrowserPush } from './browser-push';
import { testRuntimeConfig } from '../testing/render';
import { setRuntimeConfig } from './runtime-config';
import { resetSessionForTests, signOut, startSession } from './session';

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/browser-1';

/** A browser with the Push API whose service worker holds a subscription (or none). */
function browserWith(subscribed: boolean) {
  const unsubscribe = vi.fn(async () => true);
  const subscription = subscribed ? { endpoint: ENDPOINT, unsubscribe } : null;
  vi.stubGlobal('Notification', { permission: 'granted' });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }) },
  });
  return { unsubscribe };
}

describe('signing out ends this browser’s notifications', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('ends the subscription at the push service, and at the server with the token before it signs out', async () => {
    const { unsubscribe } = browserWith(true);
    setRuntimeConfig(testRuntimeConfig);
    resetSessionForTests();
    startSession({ accessToken: 'token', expiresIn: 1800, tokenType: 'Bearer' });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(null, { status: 204 }));
    await signOut();
    expect(unsubscribe).toHaveBeenCalled();
    const [first, second] = fetchSpy.mock.calls;
    expect(String(first![0])).toBe('/v1/push/subscriptions');
    expect(first![1]).toMatchObject({ method: 'DELETE', body: JSON.stringify({ endpoint: ENDPOINT }) });
    expect(new Headers(first![1]!.headers).get('authorization')).toBe('Bearer token');
    expect(String(second![0])).toBe('/v1/auth/logout');
  });

  it('does nothing more without a subscription, or without the Push API', async () => {
    browserWith(false);
    expect(await endBrowserPush()).toBeUndefined();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    expect(await endBrowserPush()).toBeUndefined();
  });
});
