import { allClients, hasPermission, type PermissionTree } from '@portal/contract/permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { getSchoolTerms } from '../../../api/school-terms';

/** A year back from today: the term under way, the one before it, and this year's, whatever the date. */
const LOOK_BACK_DAYS = 365;

/**
 * The school whose terms name the periods: the first selected school's first location. The server publishes terms
 * per location (its country and state or region) to contacts who may book there; a contact who may not book
 * anywhere is not asked (the page uses calendar quarters instead).
 */
export function termsLocationId(tree: PermissionTree, selectedClientIds: readonly number[]): number | undefined {
  const books =
    hasPermission(tree, { scope: 'booking', action: 'create' }) || hasPermission(tree, { scope: 'pendingBooking', action: 'create' });
  if (!books) return undefined;
  const client = allClients(tree).find((each) => each.clientId === selectedClientIds[0]);
  return client?.locations[0]?.locationId;
}

export function reportTermsQueryOptions(locationId: number, today: string) {
  const fromLocal = DateTime.fromISO(today).minus({ days: LOOK_BACK_DAYS }).toISODate()!;
  return queryOptions({
    queryKey: ['reports', 'terms', locationId, fromLocal],
    queryFn: ({ signal }) => getSchoolTerms(locationId, fromLocal, signal),
    staleTime: 60 * 60_000,
    retry: false,
  });
}

/**
 * GET /v1/locations/{id}/school-terms from a year back: the terms of the school's region, or nothing (a failure, or
 * no location to ask about) so the page falls back to calendar quarters. `settled` is false only while they load.
 */
export function useReportTerms(locationId: number | undefined, today: string) {
  const query = useQuery({ ...reportTermsQueryOptions(locationId ?? 0, today), enabled: locationId !== undefined });
  return { terms: query.data?.terms, settled: locationId === undefined || !query.isPending || query.isError };
}
