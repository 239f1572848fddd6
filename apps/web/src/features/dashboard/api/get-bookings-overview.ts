import { BookingsOverviewResponse } from '@portal/contract/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /v1/bookings/overview: bookings per local date of the selected clients. */
export function getBookingsOverview(clientIds: readonly number[], dateFromLocal: string, dateToLocal: string, signal?: AbortSignal) {
  return apiRequest('bookings/overview', {
    query: { clientIds, dateFromLocal, dateToLocal },
    schema: BookingsOverviewResponse,
    ...(signal ? { signal } : {}),
  });
}

export function bookingsOverviewQueryOptions(clientIds: readonly number[], dateFromLocal: string, dateToLocal: string) {
  return queryOptions({
    queryKey: ['bookings', 'overview', [...clientIds], dateFromLocal, dateToLocal],
    queryFn: ({ signal }) => getBookingsOverview(clientIds, dateFromLocal, dateToLocal, signal),
  });
}

export function useBookingsOverview(clientIds: readonly number[], from: string, to: string, enabled: boolean) {
  return useQuery({ ...bookingsOverviewQueryOptions(clientIds, from, to), enabled: enabled && clientIds.length > 0 });
}
