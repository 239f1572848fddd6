import { BookingDetail, type BookingListItem } from '@portal/contract/bookings';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { bookingsKey, type BookingsPage } from './get-bookings';

export const bookingKey = (id: number) => [...bookingsKey, 'detail', id] as const;

/** While a booking is open it is read again this often: the provider fills and starts bookings meanwhile. */
const DETAIL_REFRESH_MS = 20_000;

/** GET /v1/bookings/{id}: the booking with its request (spec §3 'Booking detail') and what the caller may do. */
export function getBooking(id: number, signal?: AbortSignal): Promise<BookingDetail> {
  return apiRequest(`bookings/${id}`, { schema: BookingDetail, ...(signal ? { signal } : {}) });
}

export function bookingQueryOptions(id: number) {
  return queryOptions({
    queryKey: bookingKey(id),
    queryFn: ({ signal }) => getBooking(id, signal),
    // Its actions must be what the server allows now: never shown from an old copy without asking again.
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: DETAIL_REFRESH_MS,
    // A booking that is not there (or not ours) stays not found.
    retry: (count, error) => !(error instanceof ApiError && (error.status === 404 || error.status === 403)) && count < 2,
  });
}

const differs = (row: BookingListItem, fresh: BookingListItem | undefined) =>
  !!fresh && (fresh.status !== row.status || (fresh.candidate?.id ?? null) !== (row.candidate?.id ?? null));

/**
 * A fresher detail puts its bookings into the lists already loaded, so the list shows what the detail shows; when a
 * status changed, everything else about bookings (the dashboard's counts, other pages of the list) is read again.
 */
export function syncBookingLists(queryClient: QueryClient, detail: BookingDetail): void {
  const fresh = new Map<number, BookingListItem>(detail.bookings.map((b) => [b.id, b]));
  let changed = false;
  queryClient.setQueriesData<BookingsPage>({ queryKey: [...bookingsKey, 'list'] }, (page) => {
    if (!page?.bookings.some((row) => differs(row, fresh.get(row.id)))) return page;
    changed = true;
    return {
      ...page,
      bookings: page.bookings.map((row) => {
        const f = fresh.get(row.id);
        // A booking filled (or cancelled) since is no longer at unfilled risk.
        return f ? { ...row, ...f, unfilledRisk: f.status === 'unfilled' && !f.candidate ? row.unfilledRisk : null } : row;
      }),
    };
  });
  if (changed) {
    void queryClient.invalidateQueries({
      queryKey: bookingsKey,
      predicate: (query) => query.queryKey[1] !== 'detail' && query.queryKey[1] !== 'list',
    });
  }
}

/** Puts a booking detail a write answered into the cache, and the lists in line with it. */
export function storeBookingDetail(queryClient: QueryClient, detail: BookingDetail): void {
  queryClient.setQueryData(bookingKey(detail.booking.id), detail);
  syncBookingLists(queryClient, detail);
}

export function useBooking(id: number | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...bookingQueryOptions(id ?? 0), enabled: id !== undefined && id > 0 });
  const data = query.data;
  useEffect(() => {
    if (data) syncBookingLists(queryClient, data);
  }, [data, queryClient]);
  return query;
}
