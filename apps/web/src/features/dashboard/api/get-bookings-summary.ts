import { BookingsSummaryResponse } from '@portal/contract/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /v1/bookings/summary: today's and the next four weeks' counts by status (the dashboard tiles). */
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

export function useBookingsSummary(clientIds: readonly number[], dateFromLocal: string, enabled: boolean) {
  return useQuery({ ...bookingsSummaryQueryOptions(clientIds, dateFromLocal), enabled: enabled && clientIds.length > 0 });
}
