import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** Per-query stale times follow the spec's cache lifetimes and are set in each feature's query options. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again; a network blip or a 5xx might.
        retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
