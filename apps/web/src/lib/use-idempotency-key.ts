import { useMemo, useRef } from 'react';
import { ApiError } from './api-error';

/**
 * Idempotency-Keys for writes a double click or a retry could repeat (create, cancel, extend, approve/reject,
 * replace-me): one key per user intent. The server answers a repeat of a key with the first answer and no second
 * effect, and refuses the same key with another body (422), so:
 * - the same intent (the same target and body) keeps its key while its outcome is unknown: no answer arrived (the
 *   network failed), the first is still running (409), or the server failed (5xx) — a retry then cannot act twice;
 * - a new intent (the user changed the form) gets a new key;
 * - a definite answer (success, or a refusal the user must act on) ends the intent: the next submit, even of the
 *   same body, is a new action with a new key.
 */

export interface IdempotencyKeys {
  /** The key for `intent` (anything JSON): the kept one while the same intent is unsettled, else a new one. */
  keyFor(intent: unknown): string;
  /** After an attempt with `key`: its answer (no error) or its error ends the key unless the outcome stays unknown. */
  settle(key: string, error?: unknown): void;
  /** Sends with the intent's key and settles it by the outcome. */
  run<T>(intent: unknown, send: (key: string) => Promise<T>): Promise<T>;
}

/** Whether an attempt that failed with `error` may have had its effect (or may still have it): retry with its key. */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.noResponse || error.status === 409 || error.status >= 500;
}

function newKey(): string {
  return crypto.randomUUID();
}

/**
 * The keys of one form, dialog or set of buttons (see above). Each unsettled intent keeps its own key, so asking for
 * today, then tomorrow, then today again after lost answers still sends today's first key.
 */
export function useIdempotencyKey(): IdempotencyKeys {
  const unsettled = useRef(new Map<string, string>());
  return useMemo<IdempotencyKeys>(() => {
    const keyFor = (intent: unknown) => {
      const serialised = JSON.stringify(intent) ?? '';
      let key = unsettled.current.get(serialised);
      if (key === undefined) {
        key = newKey();
        unsettled.current.set(serialised, key);
      }
      return key;
    };
    const settle = (key: string, error?: unknown) => {
      if (error !== undefined && outcomeUnknown(error)) return;
      for (const [intent, kept] of unsettled.current) if (kept === key) unsettled.current.delete(intent);
    };
    return {
      keyFor,
      settle,
      async run(intent, send) {
        const key = keyFor(intent);
        try {
          const result = await send(key);
          settle(key);
          return result;
        } catch (error) {
          settle(key, error);
          throw error;
        }
      },
    };
  }, []);
}
