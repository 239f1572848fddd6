import type { TokenResponse } from '@portal/contract/auth';
import { apiUrl, baseHeaders } from './api-url';
import { nowMs } from './clock';

/**
 * The signed-in session as the browser knows it.
 *
 * - The access token lives in memory only (never in storage other scripts can read); the refresh token is an
 *   httpOnly cookie the server scopes to /v1/auth, so a reload gets a new access token with `restoreSessionOnce`.
 * - Spec §9: the token is refreshed when older than 30 minutes (sooner when the server grants less) or when
 *   forced; concurrent refreshes share one request (`refreshSession`).
 * - Spec §3: impersonation (contact id and the staff account) is persisted in localStorage, so it survives the
 *   round trip through the enterprise login and reloads.
 * - Spec §4: signing out or a failed refresh clears the account, the user, the impersonation id, the selected
 *   clients and all local and session storage (`endSession`). Listeners clear what lives elsewhere (the query
 *   cache holding the profile).
 */
export interface Session {
  accessToken: string;
  /** When the token was obtained (ms since the epoch). */
  obtainedAt: number;
  expiresInSeconds: number;
}

export interface ImpersonationAccount {
  name: string;
  email: string;
}

export interface Impersonation {
  contactId: number;
  /** pending: on the way through the enterprise login; active: staff acting as the contact. */
  status: 'pending' | 'active';
  /** The staff account acting as the contact, once the profile has named it. */
  account: ImpersonationAccount | null;
}

/** refreshed: a new token; rejected: the server refused (session ended); unreachable: no answer at all. */
export type RefreshOutcome = 'refreshed' | 'rejected' | 'unreachable';
export type SessionEvent = 'started' | 'refreshed' | 'ended' | 'impersonation';
/** signedOut: the server ended the session too; failed: only this browser forgot it. */
export type SignOutResult = 'signedOut' | 'failed';

/** Spec §9: access token cache 30 minutes. */
export const TOKEN_MAX_AGE_MS = 30 * 60_000;
/** Refresh a little before the server's expiry, so a call never leaves with a token about to lapse. */
const EXPIRY_MARGIN_MS = 30_000;
export const IMPERSONATION_STORAGE_KEY = 'portal.impersonation';

let session: Session | null = null;
let refreshing: Promise<RefreshOutcome> | null = null;
let restoring: Promise<RefreshOutcome> | null = null;
let lastSignOut: SignOutResult | undefined;
const listeners = new Set<(event: SessionEvent) => void>();

function emit(event: SessionEvent): void {
  for (const listener of listeners) listener(event);
}

export function getSession(): Session | null {
  return session;
}

export function subscribeToSession(listener: (event: SessionEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function sessionFrom(token: TokenResponse): Session {
  return { accessToken: token.accessToken, obtainedAt: nowMs(), expiresInSeconds: token.expiresIn };
}

/** After a sign-in with e-mail and password: a contact's own session, so any impersonation left over ends. */
export function startSession(token: TokenResponse): void {
  removeStored(IMPERSONATION_STORAGE_KEY);
  session = sessionFrom(token);
  emit('started');
}

/** A new access token for the same sign-in (refresh, password change). */
export function replaceAccessToken(token: TokenResponse): void {
  const had = session !== null;
  session = sessionFrom(token);
  emit(had ? 'refreshed' : 'started');
}

/** Older than 30 minutes, or close to the expiry the server gave (whichever comes first). */
export function isTokenStale(current: Session, at: number = nowMs()): boolean {
  const lifetime = current.expiresInSeconds * 1000;
  const maxAge = Math.min(TOKEN_MAX_AGE_MS, Math.max(lifetime - EXPIRY_MARGIN_MS, lifetime / 2));
  return at - current.obtainedAt >= maxAge;
}

/**
 * POST /v1/auth/refresh with the refresh cookie (no body). Concurrent callers share one request: the server
 * rotates the cookie, so two parallel refreshes would waste a rotation. A refusal ends the session (spec §4); no
 * answer at all leaves everything as it is, since the network may come back.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  refreshing ??= requestRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function requestRefresh(): Promise<RefreshOutcome> {
  let response: Response;
  try {
    response = await fetch(apiUrl('auth/refresh'), { method: 'POST', headers: baseHeaders(), credentials: 'same-origin' });
  } catch {
    return 'unreachable';
  }
  // 204: no refresh cookie, so no session to restore (the first visit to the sign-in page).
  if (response.ok && response.status !== 204) {
    // The schema (and zod) are loaded only when there is a token to read: the sign-in page never needs them.
    const [{ TokenResponse }, body] = await Promise.all([import('@portal/contract/auth'), response.json().catch(() => undefined)]);
    const parsed = TokenResponse.safeParse(body);
    if (parsed.success) {
      replaceAccessToken(parsed.data);
      return 'refreshed';
    }
  }
  endSession();
  return 'rejected';
}

/** On app start: one silent refresh, so a reload keeps the user signed in. Later calls get the same answer. */
export function restoreSessionOnce(): Promise<RefreshOutcome> {
  restoring ??= session ? Promise.resolve<RefreshOutcome>('refreshed') : refreshSession();
  return restoring;
}

/** Forgets the session in this browser: token, impersonation, selected clients, all local and session storage. */
export function endSession(): void {
  session = null;
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage may be unavailable (privacy mode); there is then nothing to clear.
  }
  emit('ended');
}

/** This browser's notifications end with the sign-in (lib/browser-push.ts), at the server too while the token works. */
async function endPushHere(token: string | undefined): Promise<void> {
  try {
    const { endBrowserPush } = await import('./browser-push');
    const endpoint = await endBrowserPush();
    if (!endpoint || !token) return;
    await fetch(apiUrl('push/subscriptions'), {
      method: 'DELETE',
      headers: { ...baseHeaders(), 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ endpoint }),
      signal: AbortSignal.timeout(2000),
    });
  } catch {
    // Not confirmed: the push service refuses the ended subscription, and the server deletes it then.
  }
}

/**
 * Signs out at the server (ends the refresh token's family and the access tokens issued so far), then forgets
 * the session here whatever the server said. Resolves false when the server could not confirm it.
 */
export async function signOut(): Promise<boolean> {
  const token = session?.accessToken;
  await endPushHere(token);
  let ok: boolean;
  try {
    const response = await fetch(apiUrl('auth/logout'), {
      method: 'POST',
      headers: { ...baseHeaders(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
    });
    ok = response.ok;
  } catch {
    ok = false;
  }
  endSession();
  lastSignOut = ok ? 'signedOut' : 'failed';
  return ok;
}

/**
 * How the last sign-out went, read once by the page shown after it (spec §8: a failed sign-out shows an error
 * toast).
 */
export function consumeSignOutResult(): SignOutResult | undefined {
  const result = lastSignOut;
  lastSignOut = undefined;
  return result;
}

// --- Impersonation (spec §3, §4) ---

function readStored(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function writeStored(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Without storage, impersonation cannot survive the enterprise login; the return page then says it failed.
  }
}

function removeStored(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // see writeStored
  }
}

function isContactId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

export function getImpersonation(): Impersonation | null {
  const value = readStored(IMPERSONATION_STORAGE_KEY);
  if (!value || typeof value !== 'object') return null;
  const record = value as Partial<Impersonation>;
  if (!isContactId(record.contactId) || (record.status !== 'pending' && record.status !== 'active')) return null;
  const account =
    record.account && typeof record.account.name === 'string' && typeof record.account.email === 'string'
      ? { name: record.account.name, email: record.account.email }
      : null;
  return { contactId: record.contactId, status: record.status, account };
}

export function isImpersonating(): boolean {
  return getImpersonation() !== null;
}

/** Before the enterprise login: remembers which contact the staff member is about to act as. */
export function beginImpersonation(contactId: number): void {
  writeStored(IMPERSONATION_STORAGE_KEY, { contactId, status: 'pending', account: null } satisfies Impersonation);
  emit('impersonation');
}

/** Back from the enterprise login with a staff session: from now on every call names the contact. */
export function activateImpersonation(contactId: number): void {
  const previous = getImpersonation();
  const account = previous?.contactId === contactId ? previous.account : null;
  writeStored(IMPERSONATION_STORAGE_KEY, { contactId, status: 'active', account } satisfies Impersonation);
  emit('impersonation');
}

export function setImpersonationAccount(account: ImpersonationAccount | null): void {
  const current = getImpersonation();
  if (!current || (current.account?.email === account?.email && current.account?.name === account?.name)) return;
  writeStored(IMPERSONATION_STORAGE_KEY, { ...current, account } satisfies Impersonation);
  emit('impersonation');
}

/** Spec §6: while impersonating, every call names the contact. */
export function impersonationHeaders(): Record<string, string> {
  const impersonation = getImpersonation();
  return impersonation ? { 'Impersonated-Contact': String(impersonation.contactId) } : {};
}

/** Tests only: back to a freshly loaded page. */
export function resetSessionForTests(): void {
  session = null;
  refreshing = null;
  restoring = null;
  lastSignOut = undefined;
  listeners.clear();
}
