import { BookingDetail } from '@portal/contract/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pendingBookingsKey } from './get-pending-bookings';

/** GET /v1/pending-bookings/{bookingId}: the request pending approval, in full (spec §3 'Booking detail'). */
export function getPendingBooking(id: number, signal?: AbortSignal): Promise<BookingDetail> {
  return apiRequest(`pending-bookings/${id}`, { schema: BookingDetail, ...(signal ? { signal } : {}) });
}

export function pendingBookingQueryOptions(id: number) {
  return queryOptions({ queryKey: [...pendingBookingsKey, 'detail', id], queryFn: ({ signal }) => getPendingBooking(id, signal) });
}

export function usePendingBooking(id: number | undefined) {
  return useQuery({ ...pendingBookingQueryOptions(id ?? 0), enabled: id !== undefined });
}
