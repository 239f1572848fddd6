import { BookingsSummaryResponse } from '@portal/contract/dashboard';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

/*
 * GET /v1/bookings/summary: today's and the next four weeks' counts by status, for the dashboard tiles (all
 * selected clients at once) and the client overview's cards (one client each). One request function and one
 * query key, so both read the same cache entries.
 */

export function getBookingsSummary(clientIds: readonly number[], dateFromLocal: string, signal?: AbortSignal) {
  return apiRequest('bookings/summary', {
    query: { clientIds, dateFromLocal },
    schema: BookingsSummaryResponse,
    ...(signal ? { signal } : {}),
  });
}

export function bookingsSummaryQueryOptions(clientIds: readonly number[], dateFromLocal: string) {
  return queryOptions({
    queryKey: ['bookings', 'summary', [...clientIds], dateFromLocal],
    queryFn: ({ signal }) => getBookingsSummary(clientIds, dateFromLocal, signal),
  });
}

/** One summary per client (the client overview's cards); a failed card is not asked again. */
export function useClientSummaries(clientIds: readonly number[], dateFromLocal: string) {
  return useQueries({ queries: clientIds.map((id) => ({ ...bookingsSummaryQueryOptions([id], dateFromLocal), retry: false })) });
}
