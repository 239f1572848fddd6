/**
 * After the sign-in page has shown: the files of the signed-in area's first screen (listed in index.html at build
 * time, vite.config.ts `listSignedInArea`) are fetched at low priority into the HTTP cache, not run, so that signing
 * in does not wait for MUI's download. Once per page load; nothing when the list is missing (dev server) or the
 * browser is saving data.
 */
let done = false;

export function prefetchSignedInArea(doc: Document = document): void {
  if (done) return;
  done = true;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const list = doc.querySelector<HTMLMetaElement>('meta[name="portal-prefetch"]')?.content.trim();
  if (!list) return;
  for (const href of list.split(/\s+/)) {
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    // The same request mode as the module import that will use it, so the cached copy is the one reused.
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
  }
}

/** When the browser is idle (or after `fallbackMs` where it cannot tell), at most once. */
export function whenIdle(run: () => void, fallbackMs = 1500): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, fallbackMs);
  return () => clearTimeout(timer);
}
