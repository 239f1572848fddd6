/**
 * The signed-in session as the browser knows it. For now only the access token, held in memory (never in
 * storage readable by other scripts); the refresh flow and the route guard arrive with the session issue.
 */
export interface Session {
  accessToken: string;
}

let session: Session | null = null;
const listeners = new Set<() => void>();

export function getSession(): Session | null {
  return session;
}

export function setSession(next: Session | null): void {
  session = next;
  for (const listener of listeners) listener();
}

export function clearSession(): void {
  setSession(null);
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
