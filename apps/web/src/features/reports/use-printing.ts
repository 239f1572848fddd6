import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

/*
 * Whether the page is being printed. A chart measures its box on screen and keeps that width: on paper (narrower)
 * it would be shrunk whole, its text with it. The charts draw at the paper's width instead while printing: the
 * print media query's change (print preview, emulation) and beforeprint (the browser's print, which lays the page
 * out for paper straight after the event, so the new width is rendered at once) both switch it.
 */
/** The print media query, where the browser has media queries (not every test environment does). */
const printQuery = (): MediaQueryList | undefined => (typeof window.matchMedia === 'function' ? window.matchMedia('print') : undefined);
let printing = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (printing === next) return;
  printing = next;
  flushSync(() => listeners.forEach((listener) => listener()));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    printQuery()?.addEventListener('change', onMedia);
    window.addEventListener('beforeprint', onBefore);
    window.addEventListener('afterprint', onAfter);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      printQuery()?.removeEventListener('change', onMedia);
      window.removeEventListener('beforeprint', onBefore);
      window.removeEventListener('afterprint', onAfter);
    }
  };
}

const onMedia = (event: MediaQueryListEvent) => set(event.matches);
const onBefore = () => set(true);
const onAfter = () => set(printQuery()?.matches ?? false);

export function usePrinting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => printing,
    () => false,
  );
}
