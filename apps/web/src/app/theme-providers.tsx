import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { followsSystemScheme, startsDark } from '../lib/color-scheme';
import { theme } from './theme';

/**
 * MUI's theme, for the parts drawn with MUI: the signed-in area, the public pages but sign-in, the error pages and
 * the start-up error. It is not part of the first page: those parts load it with their own code (router.tsx).
 */
export function ThemeProviders({ children }: { children: ReactNode }) {
  return (
    // The mode lives under the spec's own key (`darkMode`), so MUI's own storage is off. `noSsr`: nothing is rendered
    // on a server, so the mode is known at the first render; without it MUI renders everything under the theme a
    // second time just after mount (a synchronous re-render of the whole page inside its first commit: some 160 ms
    // of main thread at a phone's 4× slower CPU).
    <ThemeProvider theme={theme} defaultMode={currentMode()} storageManager={null} disableTransitionOnChange noSsr>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/**
 * The mode the app shows: the class main.tsx put on <html> from the preference at start (MUI keeps it when the mode
 * changes), or 'system' while no choice is made (MUI then follows `prefers-color-scheme`). Not the preference itself:
 * the start-up session check of a signed-out visitor clears all local storage (spec §4) before a page drawn with MUI
 * mounts its theme, and the page would turn light.
 */
function currentMode(): 'dark' | 'light' | 'system' {
  if (followsSystemScheme()) return 'system';
  const { classList } = document.documentElement;
  if (classList.contains('dark')) return 'dark';
  if (classList.contains('light')) return 'light';
  return startsDark() ? 'dark' : 'light';
}
