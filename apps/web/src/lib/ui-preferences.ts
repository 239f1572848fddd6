import { useCallback, useSyncExternalStore } from 'react';

/**
 * Spec §2: UI state persisted locally under the spec's own names. Signing out clears all local storage
 * (spec §4), so these go back to their defaults then; that is the spec's choice.
 */
export const UI_KEYS = { darkMode: 'darkMode', drawerOpen: 'drawerOpen', dashboardLayout: 'dashboardLayout' } as const;
export type UiKey = (typeof UI_KEYS)[keyof typeof UI_KEYS];

/** Spec §2: dashboard layouts by number. */
export const DASHBOARD_LAYOUTS = { TILE: 0, LIST: 1, MAP: 2 } as const;
export type DashboardLayout = (typeof DASHBOARD_LAYOUTS)[keyof typeof DASHBOARD_LAYOUTS];

const listeners = new Set<() => void>();

export function readPreference(key: UiKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writePreference(key: UiKey, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Without storage the choice lasts until the next reload.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** A boolean preference ('true'/'false'), with a default when unset. */
export function useBooleanPreference(key: UiKey, fallback: boolean): [boolean, (value: boolean) => void] {
  const raw = useSyncExternalStore(subscribe, () => readPreference(key));
  const value = raw === null ? fallback : raw === 'true';
  const set = useCallback((next: boolean) => writePreference(key, String(next)), [key]);
  return [value, set];
}

export function readDashboardLayout(): DashboardLayout {
  const raw = Number(readPreference(UI_KEYS.dashboardLayout));
  return raw === 1 || raw === 2 ? raw : 0;
}

export function useDashboardLayout(): [DashboardLayout, (value: DashboardLayout) => void] {
  const raw = useSyncExternalStore(subscribe, () => readPreference(UI_KEYS.dashboardLayout));
  const value: DashboardLayout = raw === '1' ? 1 : raw === '2' ? 2 : 0;
  const set = useCallback((next: DashboardLayout) => writePreference(UI_KEYS.dashboardLayout, String(next)), []);
  return [value, set];
}
