import { ExclusionResponse } from '@portal/contract/candidates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { candidatesKey } from '../../../api/candidate-list';

export interface ExclusionChange {
  candidateId: number;
  clientId: number;
  isExcluded: boolean;
  reason?: string;
}

/** PUT (exclude, with an optional reason) or DELETE (include again) /v1/candidate/{id}/exclusion?clientId=. */
export function setExclusion({ candidateId, clientId, isExcluded, reason }: ExclusionChange): Promise<ExclusionResponse> {
  return apiRequest(`candidate/${candidateId}/exclusion`, {
    method: isExcluded ? 'PUT' : 'DELETE',
    query: { clientId },
    ...(isExcluded ? { body: reason ? { reason } : {} } : {}),
    schema: ExclusionResponse,
  });
}

/** Saves the exclusion, then reads the educators' list and details again (the create form reads the same list). */
export function useSetExclusion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setExclusion,
    onSettled: () => queryClient.invalidateQueries({ queryKey: candidatesKey }),
  });
}
