import { DaysAwayResponse } from '@portal/contract/availability';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { localNow } from '../../../lib/local-clock';

/** How far ahead the page lists days away (the server's own default stops at 90 days). */
export const LIST_MONTHS_AHEAD = 12;

export const daysAwayKey = ['me', 'days-away'] as const;

/**
 * GET /v1/me/days-away: the signed-in contact's days away from today (the server's today, in the zone of the
 * contact's school) to `dateToLocal`, each with its replace-me offer.
 */
export function getDaysAway(dateToLocal: string, signal?: AbortSignal): Promise<DaysAwayResponse> {
  return apiRequest('me/days-away', { query: { dateToLocal }, schema: DaysAwayResponse, ...(signal ? { signal } : {}) });
}

export function daysAwayQueryOptions(dateToLocal: string) {
  return queryOptions({
    queryKey: [...daysAwayKey, dateToLocal],
    queryFn: ({ signal }) => getDaysAway(dateToLocal, signal),
  });
}

export function useDaysAway() {
  // A year from the browser's today: always after the server's today, whatever the school's time zone.
  const dateToLocal = localNow().plus({ months: LIST_MONTHS_AHEAD }).toISODate()!;
  return useQuery(daysAwayQueryOptions(dateToLocal));
}
