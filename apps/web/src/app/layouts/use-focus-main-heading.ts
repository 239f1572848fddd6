import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long to wait for a lazily loaded page to show its heading. */
const HEADING_WAIT_MS = 3000;

/**
 * After a navigation inside the app (a new path, not the first page and not a change of filters in the address),
 * moves focus to the new page's main heading, as a screen reader or keyboard user would expect from a page load:
 * the heading is announced and Tab continues from the top of the page. The heading gets tabindex -1 and no
 * visible ring (it is not a control).
 */
export function useFocusMainHeading(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let frame = 0;
    const started = performance.now();
    const tryFocus = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      // A dialog opened by the new page keeps its own focus; the phone's drawer gives focus back as it closes,
      // so the heading waits until it has gone.
      const busy = document.querySelector('[role="dialog"], .MuiDrawer-modal');
      if (heading && !busy) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.style.outline = 'none';
        heading.focus({ preventScroll: true });
        return;
      }
      if (performance.now() - started < HEADING_WAIT_MS) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
