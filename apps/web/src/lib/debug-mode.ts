import { useSyncExternalStore } from 'react';
import { getRuntimeConfig } from './runtime-config';

/** Spec §2 and §9: debug mode turns on after 10 activations (e.g. clicks on the app version in settings). */
export const DEBUG_ACTIVATIONS = 10;

let activations = 0;
let enabled = false;
const listeners = new Set<() => void>();

/** Counts one activation; answers true when this one turned debug mode on. */
export function registerDebugActivation(): boolean {
  if (enabled) return false;
  activations += 1;
  if (activations < DEBUG_ACTIVATIONS) return false;
  enabled = true;
  for (const listener of listeners) listener();
  return true;
}

export function isDebugEnabled(): boolean {
  return enabled;
}

/** For tests. */
export function resetDebugMode(): void {
  activations = 0;
  enabled = false;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shown in development, or once debug mode is on. */
export function useDebugMode(): boolean {
  const on = useSyncExternalStore(subscribe, isDebugEnabled);
  let development = import.meta.env.DEV;
  try {
    development ||= getRuntimeConfig().environment === 'development';
  } catch {
    // No configuration yet: only the build mode counts.
  }
  return on || development;
}
