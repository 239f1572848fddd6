import { ExtendScheduling } from '@portal/contract/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingsKey } from './get-bookings';

/** GET /v1/bookings/{id}/extend/scheduling?endDateLocal: the school days an extension adds, and who stays available. */
export function getExtendScheduling(id: number, endDateLocal: string, signal?: AbortSignal): Promise<ExtendScheduling> {
  return apiRequest(`bookings/${id}/extend/scheduling`, {
    query: { endDateLocal },
    schema: ExtendScheduling,
    ...(signal ? { signal } : {}),
  });
}

export function extendSchedulingQueryOptions(id: number, endDateLocal: string) {
  return queryOptions({
    queryKey: [...bookingsKey, 'extend-scheduling', id, endDateLocal],
    queryFn: ({ signal }) => getExtendScheduling(id, endDateLocal, signal),
    retry: false,
  });
}

export function useExtendScheduling(id: number, endDateLocal: string | undefined) {
  return useQuery({ ...extendSchedulingQueryOptions(id, endDateLocal ?? ''), enabled: !!endDateLocal });
}
