import { BookingContactsResponse, type BookingContact } from '@portal/contract/booking-reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** 204 (no body) means the location has no booking contacts. */
const ContactsOrNone = BookingContactsResponse.optional().transform((list) => list ?? []);

/** GET /v1/contacts/booking-contacts?locationId: who can be sent the booking's confirmations; 204 = none (spec §7). */
export function getBookingContacts(locationId: number, signal?: AbortSignal): Promise<BookingContact[]> {
  return apiRequest('contacts/booking-contacts', { query: { locationId }, schema: ContactsOrNone, ...(signal ? { signal } : {}) });
}

export function bookingContactsQueryOptions(locationId: number) {
  return queryOptions({
    // Under 'contacts': cleared with the other client data when the selected clients change (spec §4).
    queryKey: ['contacts', 'booking-contacts', locationId],
    queryFn: ({ signal }) => getBookingContacts(locationId, signal),
    staleTime: 5 * 60_000,
  });
}

export function useBookingContacts(locationId: number | undefined) {
  return useQuery({ ...bookingContactsQueryOptions(locationId ?? 0), enabled: locationId !== undefined });
}
