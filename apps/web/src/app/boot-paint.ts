import { useLayoutEffect } from 'react';
import { paths } from '../lib/paths';
import { startsDark } from '../lib/color-scheme';
import { firstScreenShown } from './service-worker/register-later';

const CLASS = 'boot-sign-in';

/**
 * index.html holds a static copy of the sign-in page (hidden). On the sign-in page public/boot-paint.js (a few
 * bytes, loaded async beside the entry) shows it, or the entry as it starts if it runs first, before React has
 * rendered anything: the page's largest text paints at once instead of after the configuration, the session
 * check and two renders. Keep the two checks alike. It lies over the app until the app's first real screen
 * has rendered beneath it, then goes in the same frame, so nothing flickers. Dark mode keeps the loading view (the
 * copy is light).
 */
export function showBootPaint(): boolean {
  if (window.location.pathname !== paths.login || startsDark()) return false;
  if (!document.getElementById('boot-sign-in-view')) return false;
  document.documentElement.classList.add(CLASS);
  return true;
}

/** Is the static sign-in page showing (so a loading view beneath it would be work nobody sees)? */
export function bootPaintShowing(): boolean {
  return document.documentElement.classList.contains(CLASS);
}

export function dismissBootPaint(): void {
  firstScreenShown();
  document.documentElement.classList.remove(CLASS);
  document.getElementById('boot-sign-in-view')?.remove();
}

/** For the app's first real screens (any route, the route error boundary). */
export function useDismissBootPaint(): void {
  useLayoutEffect(dismissBootPaint, []);
}
