/** After the first screen, how long the service worker waits before it registers and starts precaching. */
const AFTER_FIRST_SCREEN_MS = 2000;

let showFirstScreen: () => void = () => {};
const firstScreen = new Promise<void>((resolve) => (showFirstScreen = resolve));

/** The app's first real screen (or the offline or error screen) has rendered: boot-paint.ts says so. */
export function firstScreenShown(): void {
  showFirstScreen();
}

/**
 * Registers the service worker once the page has loaded, its first screen has rendered and the browser is idle a
 * little later, never on the way to the first paint: its script and the precache downloads (some 600 kB) would
 * otherwise compete with the page's own. This is the only part on the first page; the registration and its prompt
 * are a chunk loaded then. Production builds only (the development server has no worker).
 */
export function registerServiceWorkerLater(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  const register = () => void import('./registration').then((module) => module.registerServiceWorker()).catch(() => {});
  // Safari has no requestIdleCallback.
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(register, { timeout: 5000 }) : register());
  void Promise.all([loaded, firstScreen]).then(() => setTimeout(whenIdle, AFTER_FIRST_SCREEN_MS));
}
