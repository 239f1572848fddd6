import { ClassificationsResponse, type Classification } from '@portal/contract/booking-reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** 204 (no body) means the client has no classifications: an empty list. */
const ClassificationsOrNone = ClassificationsResponse.optional().transform((list) => list ?? []);

/** GET /v1/clients/{id}/pay-classes: the client's classifications (pay classes); 204 = none (spec §7). */
export function getClassifications(clientId: number, signal?: AbortSignal): Promise<Classification[]> {
  return apiRequest(`clients/${clientId}/pay-classes`, { schema: ClassificationsOrNone, ...(signal ? { signal } : {}) });
}

export function classificationsQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: ['bookings', 'reference', 'classifications', clientId],
    queryFn: ({ signal }) => getClassifications(clientId, signal),
    staleTime: 5 * 60_000,
  });
}

export function useClassifications(clientId: number | undefined) {
  return useQuery({ ...classificationsQueryOptions(clientId ?? 0), enabled: clientId !== undefined });
}
