import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore, type ReactNode } from 'react';
import { getQueryClient, subscribeToQueryClient } from '../lib/app-query-client';
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

/**
 * Theme and query client. Without a `queryClient` (the app), the app's client is provided once it has loaded
 * (`lib/app-query-client.ts`); the same element before and after, so nothing below remounts when it arrives.
 */
export function AppProviders({ queryClient, children }: { queryClient?: QueryClient; children: ReactNode }) {
  return (
    <ThemeProviders>
      {queryClient ? (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      ) : (
        <LazyQueryClientProvider>{children}</LazyQueryClientProvider>
      )}
    </ThemeProviders>
  );
}

function LazyQueryClientProvider({ children }: { children: ReactNode }) {
  const client = useSyncExternalStore(subscribeToQueryClient, getQueryClient, () => undefined);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}
