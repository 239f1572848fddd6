import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { daysAwayKey } from './get-days-away';

/** DELETE /v1/me/days-away/{id}: 204; 404 when it is not (or no longer) one of the contact's days. */
export async function removeDayAway(id: number): Promise<void> {
  await apiRequest(`me/days-away/${id}`, { method: 'DELETE' });
}

export function useRemoveDayAway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDayAway,
    onSettled: () => queryClient.invalidateQueries({ queryKey: daysAwayKey }),
  });
}
