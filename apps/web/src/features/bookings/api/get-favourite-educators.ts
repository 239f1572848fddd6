import { CandidateListResponse, type CandidateListItem } from '@portal/contract/candidates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /v1/candidate/CandidateList?ClientId=: the educators known at the school, of which the form offers the
 * favourites. The same query key as the Educators page's list, so a star set there is offered here at once.
 */
export function getCandidateList(clientId: number, signal?: AbortSignal): Promise<CandidateListResponse> {
  return apiRequest('candidate/CandidateList', {
    query: { ClientId: clientId },
    schema: CandidateListResponse,
    ...(signal ? { signal } : {}),
  });
}

export function favouriteEducatorsQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: ['candidates', 'list', clientId],
    queryFn: ({ signal }) => getCandidateList(clientId, signal),
    retry: false,
  });
}

const favourites = (list: CandidateListResponse): CandidateListItem[] =>
  list.filter((educator) => educator.isFavourite).sort((a, b) => a.fullName.localeCompare(b.fullName));

/** The school's favourite educators, by name. */
export function useFavouriteEducators(clientId: number | undefined) {
  return useQuery({ ...favouriteEducatorsQueryOptions(clientId ?? 0), enabled: clientId !== undefined, select: favourites });
}
