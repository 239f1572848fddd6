import { BookingBlocksResponse, type BookingBlock } from '@portal/contract/booking-reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

const BlocksOrNone = BookingBlocksResponse.optional().transform((list) => list ?? []);

/** GET /v1/locations/booking-blocks?locationId: the location's restrictions (local dates it takes no bookings, and why). */
export function getBookingBlocks(locationId: number, signal?: AbortSignal): Promise<BookingBlock[]> {
  return apiRequest('locations/booking-blocks', { query: { locationId }, schema: BlocksOrNone, ...(signal ? { signal } : {}) });
}

export function bookingBlocksQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: ['bookings', 'reference', 'blocks', locationId],
    queryFn: ({ signal }) => getBookingBlocks(locationId, signal),
    staleTime: 5 * 60_000,
  });
}

export function useBookingBlocks(locationId: number | undefined) {
  return useQuery({ ...bookingBlocksQueryOptions(locationId ?? 0), enabled: locationId !== undefined });
}
