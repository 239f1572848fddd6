import { BookingsResponse, type BookingDetail, type BookingListRow, type Pagination } from '@portal/contract/bookings';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequestWithHeaders } from '../../../lib/api-client';
import { readPagination } from '../../../lib/pagination';
import type { BookingsListQuery as BookingsQuery } from '../list/list-params';

export const bookingsKey = ['bookings'] as const;

export interface BookingsPage {
  bookings: BookingListRow[];
  pagination: Pagination;
}

export { readPagination };

/** GET /v1/bookings: the selected clients' bookings, filtered, sorted and paged (skip/take, `x-pagination`). */
export async function getBookings(query: BookingsQuery, signal?: AbortSignal): Promise<BookingsPage> {
  const { data, headers } = await apiRequestWithHeaders('bookings', {
    query: { ...query },
    schema: BookingsResponse,
    ...(signal ? { signal } : {}),
  });
  return {
    bookings: data,
    pagination: readPagination(headers.get('x-pagination'), { skip: query.skip, take: query.take, count: data.length }),
  };
}

export function bookingsQueryOptions(query: BookingsQuery) {
  return queryOptions({
    queryKey: [...bookingsKey, 'list', query],
    queryFn: ({ signal }) => getBookings(query, signal),
    // The next page keeps the current rows on screen until it arrives.
    placeholderData: keepPreviousData,
  });
}

export function useBookings(query: BookingsQuery, enabled = true) {
  const queryClient = useQueryClient();
  const result = useQuery({ ...bookingsQueryOptions(query), enabled });
  const rows = result.isPlaceholderData ? undefined : result.data?.bookings;
  const readAt = result.dataUpdatedAt;
  // A booking whose list row is newer than its cached detail is read again before the detail is shown.
  useEffect(() => {
    for (const row of rows ?? []) {
      const key = [...bookingsKey, 'detail', row.id];
      const detailState = queryClient.getQueryState<BookingDetail>(key);
      // Only a page read after the detail: a cached page may be older than a detail read since.
      if (!detailState || detailState.dataUpdatedAt > readAt) continue;
      const cached = detailState.data?.bookings.find((b) => b.id === row.id);
      if (cached && (cached.status !== row.status || (cached.candidate?.id ?? null) !== (row.candidate?.id ?? null))) {
        // Shown as the list has it at once (its actions stay hidden until the detail is read again), then read again.
        queryClient.setQueryData<BookingDetail>(
          key,
          (old) =>
            old && {
              ...old,
              booking: old.booking.id === row.id ? { ...old.booking, ...row } : old.booking,
              bookings: old.bookings.map((b) => (b.id === row.id ? row : b)),
            },
        );
        void queryClient.invalidateQueries({ queryKey: key });
      }
    }
  }, [rows, readAt, queryClient]);
  return result;
}
