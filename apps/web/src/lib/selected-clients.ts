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

export function setSelectedClientIds(ids: readonly number[]): void {
  try {
    localStorage.setItem(SELECTED_CLIENTS_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Without storage the selection lasts until the next reload; the guard fills it again.
  }
}

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
