import { ReplaceMeStatus } from '@portal/contract/replace-me';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

/** Spec §4 and §9: the replace-me status is cached for 5 minutes. */
export const REPLACE_ME_STALE_TIME_MS = 5 * 60_000;

export const replaceMeStatusKey = ['replace-me', 'status'] as const;

/**
 * GET /v1/bookings/replace-me-status?clientId: the days a request can be made for and the caller's requests from
 * today on. Spec §7: a 403 (no replace-me location at the client) is silent: null, nothing to show.
 */
export async function getReplaceMeStatus(clientId: number, signal?: AbortSignal): Promise<ReplaceMeStatus | null> {
  try {
    return await apiRequest('bookings/replace-me-status', { query: { clientId }, schema: ReplaceMeStatus, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return null;
    throw error;
  }
}

export function replaceMeStatusQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: [...replaceMeStatusKey, clientId],
    queryFn: ({ signal }) => getReplaceMeStatus(clientId, signal),
    staleTime: REPLACE_ME_STALE_TIME_MS,
  });
}

/** The status of each client where the caller has a replace-me location. */
export function useReplaceMeStatuses(clientIds: readonly number[]) {
  return useQueries({ queries: clientIds.map((clientId) => replaceMeStatusQueryOptions(clientId)) });
}
