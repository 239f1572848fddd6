import { CertificationsResponse, type Certification } from '@portal/contract/booking-reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const CertificationsOrNone = CertificationsResponse.optional().transform((list) => list ?? []);

/** GET /v1/locations/{id}/certifications: every certification, the location's defaults (isLocationDefault) first. */
export function getCertifications(locationId: number, signal?: AbortSignal): Promise<Certification[]> {
  return apiRequest(`locations/${locationId}/certifications`, { schema: CertificationsOrNone, ...(signal ? { signal } : {}) });
}

export function certificationsQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: ['bookings', 'reference', 'certifications', locationId],
    queryFn: ({ signal }) => getCertifications(locationId, signal),
    staleTime: 5 * 60_000,
  });
}

export function useCertifications(locationId: number | undefined) {
  return useQuery({ ...certificationsQueryOptions(locationId ?? 0), enabled: locationId !== undefined });
}
