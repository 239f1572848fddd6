import { BookingsResponse, Pagination } from '@portal/contract/bookings';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestWithHeaders } from '../../../lib/api-client';

/** Home shows this many bookings at unfilled risk; the bookings list has them all, first. */
export const UNFILLED_RISK_SHOWN = 5;

/**
 * GET /v1/bookings?unfilledRisk=true: the selected clients' open bookings that start by the end of the next school
 * day (the server applies the contract's rule), soonest first, with their count.
 */
export async function getUnfilledRisk(clientIds: readonly number[], signal?: AbortSignal) {
  const { data, headers } = await apiRequestWithHeaders('bookings', {
    query: { clientIds, unfilledRisk: 'true', skip: 0, take: UNFILLED_RISK_SHOWN },
    schema: BookingsResponse,
    ...(signal ? { signal } : {}),
  });
  const header = headers.get('x-pagination');
  const pagination = header ? Pagination.safeParse(JSON.parse(header)) : undefined;
  return { bookings: data, total: pagination?.success ? pagination.data.total : data.length };
}

export function unfilledRiskQueryOptions(clientIds: readonly number[]) {
  return queryOptions({
    // Under 'bookings', so whatever refreshes the bookings (a fill, a cancel) refreshes this too.
    queryKey: ['bookings', 'unfilled-risk', [...clientIds]],
    queryFn: ({ signal }) => getUnfilledRisk(clientIds, signal),
    // The minutes left move with the clock.
    refetchInterval: 5 * 60_000,
  });
}
