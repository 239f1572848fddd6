import { BookingsSummaryResponse } from '@portal/contract/dashboard';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /v1/bookings/summary for one client: the counts on its overview card. */
export function getClientSummary(clientId: number, dateFromLocal: string, signal?: AbortSignal) {
  return apiRequest('bookings/summary', {
    query: { clientIds: [clientId], dateFromLocal },
    schema: BookingsSummaryResponse,
    ...(signal ? { signal } : {}),
  });
}

export function clientSummaryQueryOptions(clientId: number, dateFromLocal: string) {
  return queryOptions({
    queryKey: ['bookings', 'summary', [clientId], dateFromLocal],
    queryFn: ({ signal }) => getClientSummary(clientId, dateFromLocal, signal),
    retry: false,
  });
}

export function useClientSummaries(clientIds: readonly number[], dateFromLocal: string) {
  return useQueries({ queries: clientIds.map((id) => clientSummaryQueryOptions(id, dateFromLocal)) });
}
