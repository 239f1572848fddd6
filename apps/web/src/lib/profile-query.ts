import type { ProfileResponse } from '@portal/contract/profile';
import { QueryClientContext, queryOptions } from '@tanstack/react-query';
import { useCallback, useContext, useSyncExternalStore } from 'react';
import { apiRequest } from './api-client';

/*
 * The profile's query, for the first page's code (router, public frame, sign-in): nothing here pulls in TanStack
 * Query's observers or the contract's schemas, which load with the signed-in area. Pages use `lib/profile.ts`.
 */

/** Spec §4 and §9: the profile is cached for 2 hours unless forced. */
export const PROFILE_STALE_TIME_MS = 2 * 60 * 60_000;

/** GET /v1/profile: the contact (or the impersonated one), its permission tree, feature flags and files. */
export async function getProfile(signal?: AbortSignal): Promise<ProfileResponse> {
  // A dynamic import keeps the profile schema (and zod) out of the first page; the signed-in area needs it anyway.
  const { ProfileResponse } = await import('@portal/contract/profile');
  return apiRequest('profile', { schema: ProfileResponse, ...(signal ? { signal } : {}) });
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: PROFILE_STALE_TIME_MS,
    gcTime: PROFILE_STALE_TIME_MS,
    // The route guard turns a failure into an error page at once; asking again would only delay it.
    retry: false,
  });
}

/**
 * The profile if it is cached, never asking the server (for frames shown outside the signed-in area). Reads the
 * cache directly rather than through useQuery, and answers undefined while there is no query client yet (the
 * first page runs without one).
 */
export function useCachedProfile(): ProfileResponse | undefined {
  const client = useContext(QueryClientContext);
  const subscribe = useCallback((listener: () => void) => (client ? client.getQueryCache().subscribe(listener) : () => {}), [client]);
  return useSyncExternalStore(
    subscribe,
    () => client?.getQueryData<ProfileResponse>(profileQueryOptions().queryKey),
    () => undefined,
  );
}
