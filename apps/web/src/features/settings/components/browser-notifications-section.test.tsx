import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests, startSession } from '../../../lib/session';
import { jsonResponse, renderWithProviders, testRuntimeConfig } from '../../../testing/render';
import { BrowserNotificationsSection } from './browser-notifications-section';

const KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/browser-1';
const KEYS = { p256dh: `B${'C'.repeat(86)}`, auth: 'D'.repeat(22) };

/** A browser with the Push API: its service worker's push manager, and the permission the user answers. */
function fakeBrowser(answer: NotificationPermission, initial: NotificationPermission = 'default', subscribed = false) {
  let subscription: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
    subscription = {
      endpoint: ENDPOINT,
      expirationTime: null,
      options: { applicationServerKey: (options.applicationServerKey as Uint8Array).buffer, userVisibleOnly: true },
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
      unsubscribe,
    } as unknown as PushSubscription;
    return subscription;
  });
  if (subscribed) void subscribe({ applicationServerKey: new Uint8Array(65), userVisibleOnly: true });
  const registration = { active: {}, pushManager: { subscribe, getSubscription: async () => subscription } };
  const notification = { permission: initial, requestPermission: vi.fn(async () => answer) };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { subscribe, unsubscribe, notification };
}

/** The server's list of the caller's subscriptions, kept as the calls change it. */
function fakeServer(expiredAtStart: string[] = []) {
  const kept = new Set<string>(expiredAtStart);
  // Saving a subscription again makes it live (the server clears its expiry).
  const expired = new Set<string>(expiredAtStart);
  const calls: Array<{ method: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    expect(String(input)).toMatch(/\/v1\/push\/subscriptions$/);
    calls.push({ method, body });
    const endpoint = (body as { endpoint?: string } | undefined)?.endpoint ?? '';
    if (method === 'POST') {
      kept.add(endpoint);
      expired.delete(endpoint);
      return jsonResponse(201, { endpoint, createdAt: '2026-03-16T09:00:00.000Z', lastUsedAt: null, expiredAt: null });
    }
    if (method === 'DELETE') {
      kept.delete(endpoint);
      return new Response(null, { status: 204 });
    }
    return jsonResponse(
      200,
      [...kept].map((e) => ({
        endpoint: e,
        createdAt: '2026-03-16T09:00:00.000Z',
        lastUsedAt: null,
        expiredAt: expired.has(e) ? '2026-03-20T09:00:00.000Z' : null,
      })),
    );
  });
  return { kept, calls };
}

const render = () =>
  renderWithProviders(<BrowserNotificationsSection publicKey={KEY} />, {
    route: '/settings',
    config: { ...testRuntimeConfig, pushPublicKey: KEY },
  });

/** Renders the section, sees the switch off, and turns it on. */
async function renderAndTurnOn(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  render();
  const toggle = await screen.findByRole('switch', { name: 'Notifications in this browser' });
  await waitFor(() => expect(toggle).toBeEnabled());
  expect(toggle).not.toBeChecked();
  await user.click(toggle);
  await waitFor(() => expect(toggle).toBeChecked());
  return toggle;
}

describe('BrowserNotificationsSection', () => {
  beforeEach(() => {
    resetSessionForTests();
    startSession({ accessToken: 'token', expiresIn: 1800, tokenType: 'Bearer' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('asks the permission, subscribes with the server’s key and hands the subscription to the server; off forgets it on both sides', async () => {
    const user = userEvent.setup();
    const browser = fakeBrowser('granted');
    const server = fakeServer();
    const toggle = await renderAndTurnOn(user);
    expect(browser.notification.requestPermission).toHaveBeenCalled();
    const options = browser.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS });
    expect(screen.getByTestId('push-state')).toHaveTextContent('On: this browser shows your booking notifications');

    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(server.calls.find((c) => c.method === 'DELETE')?.body).toEqual({ endpoint: ENDPOINT });
    expect(browser.unsubscribe).toHaveBeenCalled();
    expect(server.kept.size).toBe(0);
  });

  it('shows off when the server marked this browser’s subscription expired (the push service gave it up), and on turns it back on', async () => {
    const user = userEvent.setup();
    fakeBrowser('granted', 'granted', true);
    const server = fakeServer([ENDPOINT]);
    await renderAndTurnOn(user);
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS });
  });

  it('stays off and says how to allow them when the user blocks notifications', async () => {
    const user = userEvent.setup();
    const browser = fakeBrowser('denied');
    const server = fakeServer();
    render();
    const toggle = await screen.findByRole('switch', { name: 'Notifications in this browser' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(server.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('says so in a browser without the Push API, with the switch off', async () => {
    fakeServer();
    render();
    expect(await screen.findByText(/This browser cannot show notifications from the portal/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Notifications in this browser' })).toBeDisabled();
  });
});
