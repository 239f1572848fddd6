import type { PushSubscriptionBody } from '@portal/contract/push';

/**
 * This browser's side of browser notifications: the Push API through the portal's service worker
 * (app/service-worker/, whose script imports public/push-handler.js to show them). Settings turns them on and off;
 * signing out ends them in this browser (session.ts).
 */

/** How long to wait for the service worker, or for the browser's push service to answer a subscribe. */
const WAIT_MS = 20_000;

/** Whether this browser can receive push at all (iPhone and iPad: only the portal added to the Home Screen). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function notificationPermission(): NotificationPermission {
  return pushSupported() ? Notification.permission : 'default';
}

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not answer within ${WAIT_MS / 1000} s`)), WAIT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The portal's service worker, once it is active (it registers a moment after the first screen). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing?.active) return existing;
  return within(navigator.serviceWorker.ready, 'The service worker');
}

/** This browser's current subscription, if any (none while the service worker is not registered yet). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const existing = await navigator.serviceWorker.getRegistration();
  return existing ? existing.pushManager.getSubscription() : null;
}

function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(key: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (!key || key.byteLength !== expected.length) return false;
  const bytes = new Uint8Array(key);
  return bytes.every((b, i) => b === expected[i]);
}

/**
 * Subscribes this browser with the server's VAPID public key (a subscription made with another key, before the
 * server's keys changed, is replaced) and answers it as the server takes it.
 */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscriptionBody> {
  const serverKey = base64UrlToBytes(publicKey);
  const { pushManager } = await registration();
  let subscription = await pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await within(pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey }), 'The push service');
  return bodyOf(subscription);
}

export function bodyOf(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: subscription.expirationTime,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/**
 * Signing out: this browser stops showing the contact's notifications (a shared computer must not show the next
 * person the last one's bookings). The subscription ends at the push service, so the server's next push to it is
 * answered 410 and it is deleted there too. Never throws, and waits at most a couple of seconds.
 */
export async function endBrowserPush(): Promise<string | undefined> {
  try {
    const subscription = await Promise.race([currentSubscription(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000))]);
    if (!subscription) return undefined;
    await subscription.unsubscribe();
    return subscription.endpoint;
  } catch {
    return undefined;
  }
}
