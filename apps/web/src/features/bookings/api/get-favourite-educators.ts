import type { CandidateListResponse, CandidateListItem } from '@portal/contract/candidates';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { candidateListQueryOptions } from '../../../api/candidate-list';

/**
 * The school's favourite educators, by name: of the educators known at the school (the Educators page's list and
 * query key, api/candidate-list.ts), the favourites — so a star set there is offered here at once. One the school
 * excluded is never offered (the server refuses asking for them).
 */
const favourites = (list: CandidateListResponse, also: number | undefined): CandidateListItem[] =>
  list
    .filter((educator) => (educator.isFavourite || educator.candidateId === also) && !educator.isExcluded)
    .sort((a, b) => a.fullName.localeCompare(b.fullName));

/** The favourites, and `also` (an educator the booker came to book from their page) when the school knows them. */
export function useFavouriteEducators(clientId: number | undefined, also?: number) {
  const select = useCallback((list: CandidateListResponse) => favourites(list, also), [also]);
  return useQuery({ ...candidateListQueryOptions(clientId ?? 0), enabled: clientId !== undefined, select });
}
