import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** How long a one-click decision waits for Undo before it is sent. */
export const UNDO_WINDOW_MS = 5000;

export interface Undoable<K> {
  /** The keys whose action waits for its Undo window to pass. */
  queued: ReadonlySet<K>;
  /** Waits `windowMs`, then calls `send`, unless undone first. A key already waiting is left as it is. */
  schedule: (key: K, send: () => void) => void;
  /** Drops the waiting action: nothing is sent. False when it was no longer waiting (already sent). */
  undo: (key: K) => boolean;
}

/**
 * Actions that wait a few seconds for Undo before they are sent. A decision is never lost silently: leaving the
 * screen (the component unmounts) sends what still waits at once, and closing or reloading the tab while
 * something waits asks the browser's "leave this page?" first. `send` must not depend on the component staying
 * mounted (call a fetcher, not a mutation observer's callbacks).
 */
export function useUndoable<K>(windowMs: number = UNDO_WINDOW_MS): Undoable<K> {
  const waiting = useRef(new Map<K, { timer: ReturnType<typeof setTimeout>; send: () => void }>());
  const [queued, setQueued] = useState<ReadonlySet<K>>(() => new Set());
  const sync = useCallback(() => setQueued(new Set(waiting.current.keys())), []);

  const fire = useCallback(
    (key: K) => {
      const entry = waiting.current.get(key);
      if (!entry) return;
      clearTimeout(entry.timer);
      waiting.current.delete(key);
      sync();
      entry.send();
    },
    [sync],
  );

  const schedule = useCallback(
    (key: K, send: () => void) => {
      if (waiting.current.has(key)) return;
      waiting.current.set(key, { timer: setTimeout(() => fire(key), windowMs), send });
      sync();
    },
    [fire, sync, windowMs],
  );

  const undo = useCallback(
    (key: K) => {
      const entry = waiting.current.get(key);
      if (!entry) return false;
      clearTimeout(entry.timer);
      waiting.current.delete(key);
      sync();
      return true;
    },
    [sync],
  );

  // Leaving the screen sends what still waits.
  useEffect(() => {
    const pending = waiting.current;
    return () => {
      for (const entry of pending.values()) {
        clearTimeout(entry.timer);
        entry.send();
      }
      pending.clear();
    };
  }, []);

  // Closing or reloading the tab would drop it: the browser asks first.
  const busy = queued.size > 0;
  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  return useMemo(() => ({ queued, schedule, undo }), [queued, schedule, undo]);
}
