import { BookingLocationListResponse, type BookingLocation } from '@portal/contract/booking-reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

export const bookingLocationsKey = ['bookings', 'reference', 'locations'] as const;

/**
 * GET /v1/locations/booking-location-list: where the caller may book (booking create) or ask for a booking that
 * waits for approval (pendingBooking create only), with each client's booking rules.
 */
export function getBookingLocations(signal?: AbortSignal): Promise<BookingLocation[]> {
  return apiRequest('locations/booking-location-list', { schema: BookingLocationListResponse, ...(signal ? { signal } : {}) });
}

export function bookingLocationsQueryOptions() {
  return queryOptions({ queryKey: bookingLocationsKey, queryFn: ({ signal }) => getBookingLocations(signal), staleTime: 5 * 60_000 });
}

export function useBookingLocations() {
  return useQuery(bookingLocationsQueryOptions());
}
