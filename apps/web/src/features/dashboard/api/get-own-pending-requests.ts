import { MAX_PAGE_SIZE } from '@portal/contract/bookings';
import { PendingBookingsResponse } from '@portal/contract/pending-bookings';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /v1/pending-bookings, counted for one contact: Home's 'Your requests awaiting approval' for a contact who
 * asks for bookings but may not approve them. The first page of the largest size is plenty for one person's
 * open requests.
 */
export async function getOwnPendingRequestCount(clientIds: readonly number[], contactId: number, signal?: AbortSignal): Promise<number> {
  const requests = await apiRequest('pending-bookings', {
    query: { clientIds, skip: 0, take: MAX_PAGE_SIZE },
    schema: PendingBookingsResponse,
    ...(signal ? { signal } : {}),
  });
  return requests.filter((request) => request.createdBy.id === contactId).length;
}

export function ownPendingRequestsQueryOptions(clientIds: readonly number[], contactId: number) {
  return queryOptions({
    queryKey: ['bookings', 'pending', 'own-count', [...clientIds], contactId],
    queryFn: ({ signal }) => getOwnPendingRequestCount(clientIds, contactId, signal),
  });
}
