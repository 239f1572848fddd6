/**
 * Registers the service worker once the page has loaded and the browser is idle, never on the way to the first
 * paint: this is the only part on the first page; the registration and its prompt are a chunk loaded then.
 * Production builds only (the development server has no worker).
 */
export function registerServiceWorkerLater(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void import('./registration').then((module) => module.registerServiceWorker()).catch(() => {});
  // Safari has no requestIdleCallback.
  const whenIdle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
