import { GradesResponse, type Grade } from '@portal/contract/booking-reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const GradesOrNone = GradesResponse.optional().transform((list) => list ?? []);

/** GET /v1/clients/{id}/grades: the grades (year levels) a booking can name. */
export function getGrades(clientId: number, signal?: AbortSignal): Promise<Grade[]> {
  return apiRequest(`clients/${clientId}/grades`, { schema: GradesOrNone, ...(signal ? { signal } : {}) });
}

export function gradesQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: ['bookings', 'reference', 'grades', clientId],
    queryFn: ({ signal }) => getGrades(clientId, signal),
    staleTime: 5 * 60_000,
  });
}

export function useGrades(clientId: number | undefined) {
  return useQuery({ ...gradesQueryOptions(clientId ?? 0), enabled: clientId !== undefined });
}
