import { useColorScheme } from '@mui/material/styles';
import { useCallback } from 'react';
import { UI_KEYS, writePreference } from './ui-preferences';

/** Spec §2: dark mode, persisted locally as `darkMode` ('true' / 'false'); the theme reads it at start. */
export function useDarkMode(): [boolean, (dark: boolean) => void] {
  const { mode, setMode } = useColorScheme();
  const set = useCallback(
    (dark: boolean) => {
      writePreference(UI_KEYS.darkMode, String(dark));
      setMode(dark ? 'dark' : 'light');
    },
    [setMode],
  );
  return [mode === 'dark', set];
}
