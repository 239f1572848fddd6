import type { ReplaceMeStatus } from '@portal/contract/replace-me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { daysAwayKey } from './get-days-away';
import { replaceMeStatusKey } from './get-replace-me-status';

/**
 * DELETE /v1/bookings/replace-me/{id}: the teacher withdraws one of their requests while no replacement is found
 * (204, again 204); 409 once one is; the day can then be asked for again.
 */
export function withdrawReplaceMe(id: number): Promise<void> {
  return apiRequest(`bookings/replace-me/${id}`, { method: 'DELETE' });
}

export function useWithdrawReplaceMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => withdrawReplaceMe(id),
    // The status is kept five minutes (spec §9): the request leaves the cached status at once.
    onSuccess: (_, id) =>
      queryClient.setQueriesData<ReplaceMeStatus | null>({ queryKey: replaceMeStatusKey }, (status) =>
        status ? { ...status, requests: status.requests.filter((r) => r.id !== id) } : status,
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: replaceMeStatusKey }),
        queryClient.invalidateQueries({ queryKey: daysAwayKey }),
      ]),
  });
}
