import { FavouriteResponse, type CandidateDetailsResponse, type CandidateListResponse } from '@portal/contract/candidates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { candidatesKey } from '../../../api/candidate-list';

export interface FavouriteChange {
  candidateId: number;
  clientId: number;
  isFavourite: boolean;
}

/** PUT (mark) or DELETE (unmark) /v1/candidate/{id}/favourite?clientId=. */
export function setFavourite({ candidateId, clientId, isFavourite }: FavouriteChange): Promise<FavouriteResponse> {
  return apiRequest(`candidate/${candidateId}/favourite`, {
    method: isFavourite ? 'PUT' : 'DELETE',
    query: { clientId },
    schema: FavouriteResponse,
  });
}

/** Shows the change at once in the cached list and details, puts it back on failure, then reads both again. */
export function useSetFavourite() {
  const queryClient = useQueryClient();
  const apply = ({ candidateId, clientId, isFavourite }: FavouriteChange) => {
    queryClient.setQueryData<CandidateListResponse>([...candidatesKey, 'list', clientId], (list) =>
      list?.map((row) => (row.candidateId === candidateId ? { ...row, isFavourite } : row)),
    );
    queryClient.setQueryData<CandidateDetailsResponse>([...candidatesKey, 'details', candidateId], (details) =>
      details ? { ...details, clients: details.clients.map((c) => (c.clientId === clientId ? { ...c, isFavourite } : c)) } : details,
    );
  };
  return useMutation({
    mutationFn: setFavourite,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: candidatesKey });
      apply(change);
    },
    onError: (_error, change) => apply({ ...change, isFavourite: !change.isFavourite }),
    // The create-booking form reads the same list entries, so it offers the new favourite too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: candidatesKey }),
  });
}
