import { CandidateDetailsResponse } from '@portal/contract/candidates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { candidatesKey } from '../../../api/candidate-list';

/** GET /v1/candidate/{id}/details (spec §7): profile, compliance, and bookings at the caller's clients. */
export function getCandidateDetails(candidateId: number, signal?: AbortSignal): Promise<CandidateDetailsResponse> {
  return apiRequest(`candidate/${candidateId}/details`, { schema: CandidateDetailsResponse, ...(signal ? { signal } : {}) });
}

export function candidateDetailsQueryOptions(candidateId: number) {
  return queryOptions({
    queryKey: [...candidatesKey, 'details', candidateId],
    queryFn: ({ signal }) => getCandidateDetails(candidateId, signal),
    retry: false,
  });
}

export function useCandidateDetails(candidateId: number | undefined) {
  return useQuery({ ...candidateDetailsQueryOptions(candidateId ?? 0), enabled: candidateId !== undefined });
}
