import { registerSW } from 'virtual:pwa-register';

/** How often an open portal asks whether a new version was deployed (the browser also asks on every navigation). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * The service worker (built by vite-plugin-pwa with Workbox, docs/decisions/023-service-worker.md). A new version
 * installs beside the running one and waits: it takes over on the next visit once every tab of the portal is closed,
 * or at once when the user chooses "Reload" in the prompt (the page reloads when the new worker has taken control).
 */
export function registerServiceWorker(): void {
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      void import('./update-prompt').then(({ showUpdatePrompt }) => showUpdatePrompt(() => void update()));
    },
    onRegisteredSW(_url, registration) {
      if (registration) window.setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
    },
  });
}
