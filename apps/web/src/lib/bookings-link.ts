import type { BookingStatus } from '@portal/contract/domain';
import { paths } from './paths';

/**
 * A link to the bookings list with filters, in the address parameters the list reads (from, to, status,
 * location): the dashboard's tiles and calendar days and the group overview's rows open the list they count.
 * The list shows the selected schools, the same ones those counts are for.
 */
export function bookingsListHref(filters: {
  from?: string | undefined;
  to?: string | undefined;
  statuses?: readonly BookingStatus[] | undefined;
  locationId?: number | undefined;
}): string {
  const params = new URLSearchParams();
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  for (const status of filters.statuses ?? []) params.append('status', status);
  if (filters.locationId) params.set('location', String(filters.locationId));
  const query = params.toString();
  return query ? `${paths.bookings}?${query}` : paths.bookings;
}
