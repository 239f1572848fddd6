import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore, type ReactNode } from 'react';
import { getQueryClient, subscribeToQueryClient } from '../lib/app-query-client';

/**
 * The query client. Without a `queryClient` (the app), the app's client is provided once it has loaded
 * (`lib/app-query-client.ts`); the same element before and after, so nothing below remounts when it arrives. MUI's
 * theme is not here: the parts drawn with MUI bring it (theme-providers.tsx), so the sign-in page loads no MUI.
 */
export function AppProviders({ queryClient, children }: { queryClient?: QueryClient; children: ReactNode }) {
  return queryClient ? (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  ) : (
    <LazyQueryClientProvider>{children}</LazyQueryClientProvider>
  );
}

function LazyQueryClientProvider({ children }: { children: ReactNode }) {
  const client = useSyncExternalStore(subscribeToQueryClient, getQueryClient, () => undefined);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}
