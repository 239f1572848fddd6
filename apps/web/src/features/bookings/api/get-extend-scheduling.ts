import { ExtendScheduling } from '@portal/contract/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingsKey } from './get-bookings';

/**
 * GET /v1/bookings/{id}/extend/scheduling?endDateLocal: the school days an extension adds, and who stays available.
 * Without an end date the server takes the first that adds a day it can book, and names it in the answer.
 */
export function getExtendScheduling(id: number, endDateLocal: string | undefined, signal?: AbortSignal): Promise<ExtendScheduling> {
  return apiRequest(`bookings/${id}/extend/scheduling`, {
    query: { endDateLocal },
    schema: ExtendScheduling,
    ...(signal ? { signal } : {}),
  });
}

export function extendSchedulingQueryOptions(id: number, endDateLocal: string | undefined) {
  return queryOptions({
    queryKey: [...bookingsKey, 'extend-scheduling', id, endDateLocal ?? 'first'],
    queryFn: ({ signal }) => getExtendScheduling(id, endDateLocal, signal),
    retry: false,
  });
}

export function useExtendScheduling(id: number, endDateLocal: string | undefined) {
  return useQuery(extendSchedulingQueryOptions(id, endDateLocal));
}
