import { useCallback, useState } from 'react';

/** Whether an element's content overflows it, so that it scrolls. */
export function overflows(element: HTMLElement): boolean {
  return element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1;
}

/**
 * A box that may scroll (a dialog's content on a phone) takes the keyboard's focus while it does, so that the arrow
 * keys can scroll it (WCAG 2.1.1; axe's scrollable-region-focusable), and is no extra tab stop while it does not.
 * Returns a callback ref for the box and the box's tabIndex. A box grows until its limit and then scrolls, so watching its own size
 * and that of its content tells when that changes.
 */
export function useScrollFocus<T extends HTMLElement>(): [watch: (element: T | null) => void, tabIndex: 0 | undefined] {
  const [scrolls, setScrolls] = useState(false);
  const watch = useCallback((element: T | null) => {
    if (!element) return;
    const check = () => setScrolls(overflows(element));
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return [watch, scrolls ? 0 : undefined];
}
