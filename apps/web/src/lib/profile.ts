import { ProfileResponse } from '@portal/contract/profile';
import { allClients, type PermissionTree } from '@portal/contract/permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useSession } from './use-session';

/** Spec §4 and §9: the profile is cached for 2 hours unless forced. */
export const PROFILE_STALE_TIME_MS = 2 * 60 * 60_000;

/** GET /v1/profile: the contact (or the impersonated one), its permission tree, feature flags and files. */
export function getProfile(signal?: AbortSignal): Promise<ProfileResponse> {
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
 * The profile the route guard loaded. Only asks the server while signed in, so pages still on screen while the
 * user signs out do not fetch it again.
 */
export function useProfile() {
  const signedIn = useSession() !== null;
  return useQuery({ ...profileQueryOptions(), enabled: signedIn });
}

/** The profile if it is cached, never asking the server (for frames shown outside the signed-in area). */
export function useCachedProfile() {
  return useQuery({ ...profileQueryOptions(), enabled: false });
}

/** Spec §2: after sign-in the user goes to the client overview when more than one client is reachable. */
export function reachableClientCount(tree: PermissionTree): number {
  return allClients(tree).length;
}
