import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's one QueryClient, created when first needed. Every page but the sign-in page waits for it
 * (`loadChunk`), as does the signed-in area's route guard, so TanStack Query (about 11 kB gzip) stays off the
 * first page. Tests hand their own client to `AppProviders` instead.
 */
let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(
    ({ createQueryClient }) => {
      client = createQueryClient();
      // What QueryClientProvider would do: refetch on focus and reconnect.
      client.mount();
      for (const listener of listeners) listener();
      return client;
    },
    (error: unknown) => {
      loading = undefined; // a later page load may try again
      throw error;
    },
  );
  return loading;
}

/** The client once loaded, else undefined. */
export function getQueryClient(): QueryClient | undefined {
  return client;
}

export function subscribeToQueryClient(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
