import { useColorScheme } from '@mui/material/styles';
import { useCallback } from 'react';
import { stopFollowingSystemScheme } from './color-scheme';
import { UI_KEYS, writePreference } from './ui-preferences';

/**
 * Spec §2: dark mode, persisted locally as `darkMode` ('true' / 'false'); the theme reads it at start. Until the user
 * chooses, the theme follows the device (`prefers-color-scheme`, MUI's 'system' mode) and this tells which it shows.
 */
export function useDarkMode(): [boolean, (dark: boolean) => void] {
  const { mode, systemMode, setMode } = useColorScheme();
  const set = useCallback(
    (dark: boolean) => {
      writePreference(UI_KEYS.darkMode, String(dark));
      stopFollowingSystemScheme();
      setMode(dark ? 'dark' : 'light');
    },
    [setMode],
  );
  return [(mode === 'system' ? systemMode : mode) === 'dark', set];
}
