import { SchoolTerms } from '@portal/contract/booking-reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { apiRequest } from '../lib/api-client';
import { now } from '../lib/clock';

/** A year ahead from today: as far as a booking can be made. */
const SPAN_DAYS = 366;

/** GET /v1/locations/{id}/school-terms: the terms of the location's region from today for a year (information only). */
export function getSchoolTerms(locationId: number, fromLocal: string, signal?: AbortSignal): Promise<SchoolTerms> {
  const toLocal = DateTime.fromISO(fromLocal).plus({ days: SPAN_DAYS }).toISODate()!;
  return apiRequest(`locations/${locationId}/school-terms`, {
    query: { fromLocal, toLocal },
    schema: SchoolTerms,
    ...(signal ? { signal } : {}),
  });
}

export function schoolTermsQueryOptions(locationId: number) {
  // From yesterday: today in every zone of the world is covered whatever the browser's own.
  const fromLocal = DateTime.fromJSDate(now()).minus({ days: 1 }).toISODate()!;
  return queryOptions({
    queryKey: ['bookings', 'reference', 'school-terms', locationId, fromLocal],
    queryFn: ({ signal }) => getSchoolTerms(locationId, fromLocal, signal),
    staleTime: 60 * 60_000,
  });
}

/** The terms, or nothing while they load or when the caller may not see them: they only inform. */
export function useSchoolTerms(locationId: number | undefined) {
  return useQuery({ ...schoolTermsQueryOptions(locationId ?? 0), enabled: locationId !== undefined, retry: false });
}
