/**
 * The clients the user works with, persisted locally (spec §4). The client selector of the signed-in shell
 * changes them; the route guard makes sure they exist and are still in the user's permissions.
 */
export const SELECTED_CLIENTS_STORAGE_KEY = 'portal.selectedClientIds';

export function getSelectedClientIds(): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SELECTED_CLIENTS_STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

const listeners = new Set<() => void>();
let snapshot: { raw: string | null; ids: number[] } = { raw: null, ids: [] };

export function setSelectedClientIds(ids: readonly number[]): void {
  try {
    localStorage.setItem(SELECTED_CLIENTS_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Without storage the selection lasts until the next reload; the guard fills it again.
  }
  for (const listener of listeners) listener();
}

export function subscribeToSelectedClients(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A stable array for useSyncExternalStore: the same instance until the stored value changes. */
export function selectedClientIdsSnapshot(): number[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(SELECTED_CLIENTS_STORAGE_KEY);
  } catch {
    raw = null;
  }
  if (raw !== snapshot.raw) snapshot = { raw, ids: getSelectedClientIds() };
  return snapshot.ids;
}

/** Spec §4: the caches that belong to the selected clients, cleared when the selection changes. */
export const CLIENT_SCOPED_QUERY_KEYS = [['invoices'], ['bookings'], ['contacts'], ['timesheets']] as const;

/**
 * Spec §2 and §4: an empty selection becomes every client the user can reach; clients no longer in the
 * permissions are dropped, and when none is left the first available client is selected. `undefined` when the
 * user can reach no client at all.
 */
export function reconcileSelectedClients(stored: readonly number[], available: readonly number[]): number[] | undefined {
  if (available.length === 0) return undefined;
  if (stored.length === 0) return [...available];
  const kept = stored.filter((id, index) => available.includes(id) && stored.indexOf(id) === index);
  return kept.length > 0 ? kept : [available[0]!];
}
