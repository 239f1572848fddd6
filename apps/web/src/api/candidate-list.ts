import { CandidateListResponse } from '@portal/contract/candidates';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

/** Every candidate query sits under this key; a favourite change refreshes it. */
export const candidatesKey = ['candidates'] as const;

/**
 * GET /v1/candidate/CandidateList?ClientId= (spec §7): the educators known at one client, favourites first. The
 * Educators page lists them; the create form offers the favourites. One query key, so a star set on one is
 * offered on the other at once.
 */
export function getCandidateList(clientId: number, signal?: AbortSignal): Promise<CandidateListResponse> {
  return apiRequest('candidate/CandidateList', {
    query: { ClientId: clientId },
    schema: CandidateListResponse,
    ...(signal ? { signal } : {}),
  });
}

export function candidateListQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: [...candidatesKey, 'list', clientId],
    queryFn: ({ signal }) => getCandidateList(clientId, signal),
    // Spec §8 'Cannot load candidate list': a refusal is not worth asking again.
    retry: false,
  });
}
