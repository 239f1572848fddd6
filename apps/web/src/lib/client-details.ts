import type { AdditionalDetails } from '@portal/contract/dashboard';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/*
 * Spec §2 and §4: extra information (additional details) for the first selected client, loaded by the route
 * guard and whenever the selection changes, when not cached. Kept for the session: the selection does not
 * clear it (only invoices, bookings, contacts and timesheets are client-scoped caches).
 */

/** GET /v1/clients/{id}/additional-details; 204 (none) is null. */
export async function getClientDetails(clientId: number, signal?: AbortSignal): Promise<AdditionalDetails | null> {
  const details = await apiRequest<AdditionalDetails | undefined>(`clients/${clientId}/additional-details`, signal ? { signal } : {});
  return details ?? null;
}

export function clientDetailsQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: ['client-details', clientId],
    queryFn: ({ signal }) => getClientDetails(clientId, signal),
    staleTime: Infinity,
    // A failure is told once (a toast); the page works without the details, so it is not asked again on mount.
    retry: false,
    retryOnMount: false,
  });
}
