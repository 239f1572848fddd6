import { createECDH, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet } from '../../support/api';
import { apiSignIn, expectHeading, signIn } from '../../support/auth';
import {
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  expectVisible,
  screenshotAtBothWidths,
  useBrowser,
} from '../../support/browser';
import { baseUrl, useWorld } from '../../support/world';

/** The server's VAPID key pair (as `npx web-push generate-vapid-keys` makes one): browser notifications are on. */
function vapidKeys() {
  for (;;) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const privateKey = ecdh.getPrivateKey();
    if (privateKey.length === 32)
      return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
  }
}
const vapid = vapidKeys();
useWorld({ env: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@portal.test' } });

const ACCOUNT = 'school.admin@demo.test';

/**
 * Chromium's push service: pushManager.subscribe asks Google's push service for an endpoint, which this machine
 * cannot reach. In a headless Chromium it never settles (a persistent profile) or is refused at once with
 * "Registration failed - permission denied" (Playwright's contexts are off the record, where Chromium has no push).
 * So the browser's push manager answers here with a subscription as a push service would make it (a real P-256 key
 * and secret); everything else is real: the notification permission, the service worker the build makes, the
 * Settings switch, the server's routes and table, and a push message delivered to that service worker.
 */
function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(8).toString('hex')}`,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

async function standInPushService(page: Page, subscription: ReturnType<typeof browserSubscription>): Promise<void> {
  await page.context().addInitScript((made) => {
    let current: PushSubscription | null = null;
    const seen: Array<{ userVisibleOnly: boolean; key: number[] }> = [];
    Object.assign(window, { portalPushSubscribeCalls: seen });
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = options?.applicationServerKey as Uint8Array;
      seen.push({ userVisibleOnly: options?.userVisibleOnly === true, key: Array.from(key) });
      const json = { endpoint: made.endpoint, expirationTime: null, keys: { p256dh: made.p256dh, auth: made.auth } };
      current = {
        endpoint: made.endpoint,
        expirationTime: null,
        options: { applicationServerKey: key.buffer, userVisibleOnly: true },
        toJSON: () => json,
        unsubscribe: async () => {
          current = null;
          return true;
        },
        getKey: () => null,
      } as unknown as PushSubscription;
      return current;
    };
  }, subscription);
}

async function serverEndpoints(token: string): Promise<string[]> {
  return (await apiGet<Array<{ endpoint: string }>>(token, 'push/subscriptions')).map((s) => s.endpoint);
}

describe('browser notifications in settings', () => {
  const browser = useBrowser();

  it('turns them on (the subscription reaches the server), shows a push, and turns them off', async () => {
    const page = await browser.newPage('desktop', { serviceWorker: true });
    await page.context().grantPermissions(['notifications'], { origin: baseUrl() });
    const subscription = browserSubscription();
    await standInPushService(page, subscription);
    const token = await apiSignIn(ACCOUNT);

    await signIn(page, ACCOUNT, '/settings');
    await expectHeading(page, 'Settings');
    // The service worker registers a moment after the first screen.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    const section = page.getByRole('region', { name: 'Browser notifications' });
    await expectVisible(section);
    const toggle = section.getByRole('switch', { name: 'Notifications in this browser' });
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.isChecked()).toBe(false);
    expect(await serverEndpoints(token)).not.toContain(subscription.endpoint);

    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await expectVisible(section.getByText('On: this browser shows your booking notifications'));
    const calls = await page.evaluate(
      () =>
        (window as unknown as { portalPushSubscribeCalls: Array<{ userVisibleOnly: boolean; key: number[] }> }).portalPushSubscribeCalls,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]!.userVisibleOnly).toBe(true);
    expect(Buffer.from(calls[0]!.key).toString('base64url')).toBe(vapid.publicKey);
    expect(await serverEndpoints(token)).toContain(subscription.endpoint);
    await expectNoSeriousA11yViolations(page);
    // From the top (the click scrolled the section into view), so the full-page picture has its header in place.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotAtBothWidths(page, 'settings-browser-notifications-on');

    // A push message delivered to the portal's service worker (as the push service would) is shown as a notification.
    const cdp = await page.context().newCDPSession(page);
    const registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((r) => !r.isDeleted)).toBe(true);
    const title = 'Booking confirmed: Harbour Primary, Mon 23 Mar 2026';
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl(),
      registrationId: registrations.find((r) => !r.isDeleted)!.registrationId,
      data: JSON.stringify({ title, url: '/' }),
    });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, data: n.data as unknown })),
      );
    await expect.poll(shown).toEqual([{ title, data: { url: '/' } }]);

    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await expectVisible(section.getByText('Off', { exact: true }));
    expect(await serverEndpoints(token)).not.toContain(subscription.endpoint);
    expectNoPageErrors(page);
  }, 150_000);

  it('stays off and says how to allow them when notifications are blocked', async () => {
    const page = await browser.newPage('mobile', { serviceWorker: true });
    await page.context().addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    await signIn(page, ACCOUNT, '/settings');
    const section = page.getByRole('region', { name: 'Browser notifications' });
    await expectVisible(section.getByText(/Notifications are blocked for this site/));
    expect(await section.getByRole('switch', { name: 'Notifications in this browser' }).isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await screenshotAtBothWidths(page, 'settings-browser-notifications-blocked');
    expectNoPageErrors(page);
  }, 90_000);
});
