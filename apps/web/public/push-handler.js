/* global self, clients, caches */
// Browser notifications (Web Push), imported by the service worker that Workbox generates (vite.config.ts,
// serviceWorker: importScripts). The server sends {"title", "url"} encrypted for this browser
// (apps/server/src/modules/push/web-push-delivery.ts); the text is already in the contact's language.

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    // Not JSON: shown as it came.
    message = { title: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : self.location.host;
  const url = typeof message.url === 'string' && message.url.startsWith('/') ? message.url : '/';
  event.waitUntil(
    self.registration.showNotification(title, {
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

// A click opens the portal: a tab of it already open is focused (and shown the page), else a new one opens.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return clients.openWindow(target);
      // The home page: the tab is focused where it is; another page is shown in it.
      return open
        .focus()
        .then((focused) => (path === '/' || focused.url === target ? focused : focused.navigate(target).catch(() => focused)));
    }),
  );
});

// The push service replaced or ended this browser's subscription (it expired, or the browser renewed its keys). The
// worker cannot reach the server as the contact, so it subscribes again with the same server key and leaves the old
// and new subscriptions in a cache of its own; the portal's next signed-in page hands the new one to the server in
// place of the old (lib/push-renewal.ts).
const RENEWAL_CACHE = 'portal-push-renewal';
const RENEWAL_KEY = '/push-renewal';

self.addEventListener('pushsubscriptionchange', (event) => {
  const old = event.oldSubscription;
  const key = old && old.options && old.options.applicationServerKey;
  event.waitUntil(
    (async () => {
      const renewed =
        event.newSubscription ||
        (key
          ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }).catch(() => null)
          : null);
      if (!old || !renewed) return;
      const cache = await caches.open(RENEWAL_CACHE);
      const body = JSON.stringify({ oldEndpoint: old.endpoint, subscription: renewed.toJSON() });
      await cache.put(RENEWAL_KEY, new Response(body, { headers: { 'content-type': 'application/json' } }));
    })(),
  );
});
