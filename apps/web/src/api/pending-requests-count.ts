import { PendingBookingsResponse } from '@portal/contract/pending-bookings';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestWithHeaders } from '../lib/api-client';
import { readPagination } from '../lib/pagination';

/**
 * How many requests wait for approval at the selected clients: the total of GET /v1/pending-bookings, the list
 * Bookings Pending Approval shows (one row asked for, the count read from `x-pagination`). Home's tile counts
 * exactly what the page it opens lists. Under the pending list's query key, so a decision refreshes both.
 */
export async function getPendingRequestCount(clientIds: readonly number[], signal?: AbortSignal): Promise<number> {
  const query = { clientIds: [...clientIds], skip: 0, take: 1 };
  const { data, headers } = await apiRequestWithHeaders('pending-bookings', {
    query,
    schema: PendingBookingsResponse,
    ...(signal ? { signal } : {}),
  });
  return readPagination(headers.get('x-pagination'), { ...query, count: data.length }).total;
}

export function pendingRequestCountQueryOptions(clientIds: readonly number[]) {
  return queryOptions({
    queryKey: ['bookings', 'pending', 'count', [...clientIds]],
    queryFn: ({ signal }) => getPendingRequestCount(clientIds, signal),
  });
}
