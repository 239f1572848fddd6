import { BookingsOverviewResponse } from '@portal/contract/dashboard';
import { queryOptions } from '@tanstack/react-query';
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
