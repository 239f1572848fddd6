import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { readPreference, UI_KEYS } from '../lib/ui-preferences';
import { theme } from './theme';

/** Theme only: enough for the loading and start-up error screens shown before the app is configured. */
export function ThemeProviders({ children }: { children: ReactNode }) {
  return (
    // The mode lives under the spec's own key (`darkMode`), so MUI's own storage is off.
    <ThemeProvider
      theme={theme}
      defaultMode={readPreference(UI_KEYS.darkMode) === 'true' ? 'dark' : 'light'}
      storageManager={null}
      disableTransitionOnChange
    >
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeProviders>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProviders>
  );
}
