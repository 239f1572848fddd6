import { readPreference, UI_KEYS } from './ui-preferences';

const DARK_QUERY = '(prefers-color-scheme: dark)';
/** On <html> while no choice is stored: the theme then follows the device (MUI's 'system' mode). */
const FOLLOWS_SYSTEM = 'system';

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/**
 * Spec §2 dark mode: the user's choice (`darkMode`, 'true' or 'false') once made; until then the device's setting
 * (`prefers-color-scheme`).
 */
export function startsDark(): boolean {
  const choice = readPreference(UI_KEYS.darkMode);
  return choice === null ? systemPrefersDark() : choice === 'true';
}

/**
 * Puts the `dark` or `light` class on <html> before anything is drawn (styles/base.css, and MUI once loaded keeps
 * it). Without a stored choice <html> is marked as following the device, and the class follows the device's setting
 * as it changes, on the pages drawn without MUI too.
 */
export function startColorScheme(): void {
  const root = document.documentElement;
  root.classList.add(startsDark() ? 'dark' : 'light');
  if (readPreference(UI_KEYS.darkMode) !== null) return;
  root.dataset.colorScheme = FOLLOWS_SYSTEM;
  if (typeof window.matchMedia !== 'function') return;
  window.matchMedia(DARK_QUERY).addEventListener('change', (event) => {
    if (root.dataset.colorScheme !== FOLLOWS_SYSTEM) return;
    root.classList.toggle('dark', event.matches);
    root.classList.toggle('light', !event.matches);
  });
}

/** Does the theme follow the device (no choice made since the page started)? */
export function followsSystemScheme(): boolean {
  return document.documentElement.dataset.colorScheme === FOLLOWS_SYSTEM;
}

/** The user chose a mode: the device's setting no longer applies. */
export function stopFollowingSystemScheme(): void {
  delete document.documentElement.dataset.colorScheme;
}
