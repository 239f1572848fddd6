import type { Pagination, PendingBookingSummary } from '@portal/contract/bookings';
import { PendingBookingsResponse } from '@portal/contract/pending-bookings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithHeaders } from '../../../lib/api-client';
import { readPagination } from './get-bookings';

export const pendingBookingsKey = ['bookings', 'pending'] as const;

export interface PendingBookingsPage {
  requests: PendingBookingSummary[];
  pagination: Pagination;
}

/** GET /v1/pending-bookings: requests pending approval at the selected clients (x-pagination). */
export async function getPendingBookings(
  query: { clientIds: number[]; skip: number; take: number },
  signal?: AbortSignal,
): Promise<PendingBookingsPage> {
  const { data, headers } = await apiRequestWithHeaders('pending-bookings', {
    query: { ...query },
    schema: PendingBookingsResponse,
    ...(signal ? { signal } : {}),
  });
  return { requests: data, pagination: readPagination(headers.get('x-pagination'), { ...query, count: data.length }) };
}

export function pendingBookingsQueryOptions(query: { clientIds: number[]; skip: number; take: number }) {
  return queryOptions({
    queryKey: [...pendingBookingsKey, 'list', query],
    queryFn: ({ signal }) => getPendingBookings(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePendingBookings(query: { clientIds: number[]; skip: number; take: number }) {
  return useQuery({ ...pendingBookingsQueryOptions(query), enabled: query.clientIds.length > 0 });
}
