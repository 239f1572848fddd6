import { useQueries } from '@tanstack/react-query';
import { candidateListQueryOptions } from '../../../api/candidate-list';

/** One list per client (the call takes one ClientId). */
export function useCandidateLists(clientIds: readonly number[]) {
  return useQueries({ queries: clientIds.map((clientId) => candidateListQueryOptions(clientId)) });
}
