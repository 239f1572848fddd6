import { useLayoutEffect } from 'react';

/** The longest a part of a page keeps index.html's first screen over it. */
export const BOOT_PAINT_HOLD_MS = 1000;

let holds = 0;
let whenReleased: (() => void) | undefined;

/** Is a part of the page keeping index.html's first screen over it (app/boot-paint.ts then waits)? */
export function bootPaintHeld(): boolean {
  return holds > 0;
}

/** For app/boot-paint.ts: the first screen goes once the last hold is released; undefined forgets it. */
export function onBootPaintReleased(action: (() => void) | undefined): void {
  whenReleased = action;
}

function release(): void {
  holds = Math.max(0, holds - 1);
  if (holds === 0) {
    const action = whenReleased;
    whenReleased = undefined;
    action?.();
  }
}

/**
 * For a part of a page whose first render is not yet what index.html's first screen (the one the server drew) shows:
 * Home's quick-book card, whose day and button words wait for the school's holidays and blocks. The first screen stays
 * over the page until `ready`, for at most BOOT_PAINT_HOLD_MS, so that the hand-over shows nothing that changes a
 * moment later. It holds only what is showing when the part first renders (a signed-in page's frame on <html>).
 */
export function useBootPaintHeldUntil(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready || !document.documentElement.classList.contains('boot-frame')) return;
    holds += 1;
    let released = false;
    const done = () => {
      if (released) return;
      released = true;
      window.clearTimeout(timer);
      release();
    };
    const timer = window.setTimeout(done, BOOT_PAINT_HOLD_MS);
    return done;
  }, [ready]);
}
