import { useLayoutEffect } from 'react';
import { bootPaintHeld, onBootPaintReleased } from '../lib/boot-paint-hold';
import { firstScreenShown } from './service-worker/register-later';

const SIGN_IN = 'boot-sign-in';
const FRAME = 'boot-frame';
/** The parts that show of the first screens the server draws (`boot-home--<part>`, `boot-invoice--<part>`: boot-paint.js). */
const DRAWN_PARTS = ['boot-home--', 'boot-invoice--'];

/**
 * index.html holds static copies of a first screen (hidden): the sign-in page, and a signed-in page's frame (the
 * shell's bar, the page's heading and intro: app/boot-frame-pages.ts; or Home's or an invoice's first screen, which
 * the server fills in). boot-paint.js, inline in its head, shows the one for the address before anything is painted, so
 * the page's largest text paints with the HTML instead of after the app's code, the configuration, the session check
 * and two renders. A copy lies over the app until the app's first real screen has rendered beneath it, then goes in the same
 * frame, so nothing flickers. Dark mode keeps the loading view (the copies are light).
 */
/** Is a static first screen showing (so a loading view beneath it would be work nobody sees)? */
export function bootPaintShowing(): boolean {
  const classes = document.documentElement.classList;
  return classes.contains(SIGN_IN) || classes.contains(FRAME);
}

/** The signed-in shell draws its page a commit after itself (useLaterRender): the frame waits for the page. */
let heldForPage = false;

/** The static copy goes now, whatever holds it (an error screen, a boot failure). */
export function dismissBootPaint(): void {
  heldForPage = false;
  onBootPaintReleased(undefined);
  firstScreenShown();
  const root = document.documentElement;
  for (const name of [...root.classList])
    if (name === SIGN_IN || name.startsWith(FRAME) || DRAWN_PARTS.some((parts) => name.startsWith(parts))) root.classList.remove(name);
  document.getElementById('boot-sign-in-view')?.remove();
  document.getElementById('boot-frame-view')?.remove();
}

/** The static copy goes once no part of the page holds it (lib/boot-paint-hold.ts), else when the last lets it go. */
function dismissWhenReleased(): void {
  heldForPage = false;
  if (bootPaintHeld()) onBootPaintReleased(dismissBootPaint);
  else dismissBootPaint();
}

/** For the app's first real screens (the route error boundary): the static copy goes now. */
export function useDismissBootPaint(): void {
  useLayoutEffect(dismissBootPaint, []);
}

/**
 * For the root layout: the static copy goes once the first route has rendered, unless the signed-in shell beneath
 * holds it until its page has (its layout effect runs before this one, in the same commit).
 */
export function useDismissBootPaintUnlessHeld(): void {
  useLayoutEffect(() => {
    if (!heldForPage) dismissWhenReleased();
  }, []);
}

/**
 * For the signed-in shell: the frame stays until `pageReady`, and goes then (once the page's parts that hold it have
 * let it go: their effects, the page's, run before the shell's in that commit), or at once when the shell leaves
 * before that. A shell whose page is ready from its first render holds nothing: the root layout's effect, after its
 * own in the same commit, dismisses the frame.
 */
export function useBootPaintUntilPage(pageReady: boolean): void {
  useLayoutEffect(() => {
    if (!pageReady) heldForPage = bootPaintShowing();
    else if (heldForPage) dismissWhenReleased();
  }, [pageReady]);
  useLayoutEffect(
    () => () => {
      if (heldForPage) dismissBootPaint();
    },
    [],
  );
}
