import { BookingDetail } from '@portal/contract/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { bookingsKey } from './get-bookings';

export const bookingKey = (id: number) => [...bookingsKey, 'detail', id] as const;

/** GET /v1/bookings/{id}: the booking with its request (spec §3 'Booking detail') and what the caller may do. */
export function getBooking(id: number, signal?: AbortSignal): Promise<BookingDetail> {
  return apiRequest(`bookings/${id}`, { schema: BookingDetail, ...(signal ? { signal } : {}) });
}

export function bookingQueryOptions(id: number) {
  return queryOptions({
    queryKey: bookingKey(id),
    queryFn: ({ signal }) => getBooking(id, signal),
    // A booking that is not there (or not ours) stays not found.
    retry: (count, error) => !(error instanceof ApiError && (error.status === 404 || error.status === 403)) && count < 2,
  });
}

export function useBooking(id: number | undefined) {
  return useQuery({ ...bookingQueryOptions(id ?? 0), enabled: id !== undefined && id > 0 });
}
