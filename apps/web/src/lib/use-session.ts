import { useSyncExternalStore } from 'react';
import { getImpersonation, getSession, subscribeToSession, type Impersonation, type Session } from './session';

/** The session, re-rendering when it starts, is refreshed or ends. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeToSession, getSession, () => null);
}

let cachedRaw: string | null = null;
let cached: Impersonation | null = null;

/** The stored impersonation, stable between changes (useSyncExternalStore needs the same object back). */
function impersonationSnapshot(): Impersonation | null {
  const next = getImpersonation();
  const raw = next ? JSON.stringify(next) : null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = next;
  }
  return cached;
}

export function useImpersonation(): Impersonation | null {
  return useSyncExternalStore(subscribeToSession, impersonationSnapshot, () => null);
}
