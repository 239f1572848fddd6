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

/** One intent's key at a time, for one form or dialog (see above). */
export function useIdempotencyKey(): IdempotencyKeys {
  const attempt = useRef<{ key: string; intent: string } | null>(null);
  return useMemo<IdempotencyKeys>(() => {
    const keyFor = (intent: unknown) => {
      const serialised = JSON.stringify(intent) ?? '';
      if (!attempt.current || attempt.current.intent !== serialised) attempt.current = { key: newKey(), intent: serialised };
      return attempt.current.key;
    };
    const settle = (key: string, error?: unknown) => {
      // An older attempt settling late must not end a newer intent's key.
      if (attempt.current?.key === key && (error === undefined || !outcomeUnknown(error))) attempt.current = null;
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
