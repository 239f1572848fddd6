/* global self, clients */
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
