import { PublicHolidays } from '@portal/contract/booking-reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { apiRequest } from '../lib/api-client';
import { now } from '../lib/clock';

/** A year ahead from today: as far as a booking can be made. */
const SPAN_DAYS = 366;

/** GET /v1/locations/{id}/public-holidays: the location's public holidays from today for a year. */
export function getPublicHolidays(locationId: number, fromLocal: string, signal?: AbortSignal): Promise<PublicHolidays> {
  const toLocal = DateTime.fromISO(fromLocal).plus({ days: SPAN_DAYS }).toISODate()!;
  return apiRequest(`locations/${locationId}/public-holidays`, {
    query: { fromLocal, toLocal },
    schema: PublicHolidays,
    ...(signal ? { signal } : {}),
  });
}

export function publicHolidaysQueryOptions(locationId: number) {
  // From yesterday: today in every zone of the world is covered whatever the browser's own.
  const fromLocal = DateTime.fromJSDate(now()).minus({ days: 1 }).toISODate()!;
  return queryOptions({
    queryKey: ['bookings', 'reference', 'holidays', locationId, fromLocal],
    queryFn: ({ signal }) => getPublicHolidays(locationId, fromLocal, signal),
    staleTime: 60 * 60_000,
  });
}

export function usePublicHolidays(locationId: number | undefined) {
  return useQuery({ ...publicHolidaysQueryOptions(locationId ?? 0), enabled: locationId !== undefined });
}
