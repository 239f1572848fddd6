import { DayAway, type DayAwayBody } from '@portal/contract/availability';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { daysAwayKey } from './get-days-away';

/**
 * POST /v1/me/days-away: 201 with the day (and its replace-me offer); 422 'Date cannot be in the past'; 409 when
 * the contact is already away that day; 400 field errors; 404 for a location outside the contact's tree.
 */
export function addDayAway(body: DayAwayBody): Promise<DayAway> {
  return apiRequest('me/days-away', { method: 'POST', body, schema: DayAway });
}

export function useAddDayAway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDayAway,
    onSettled: () => queryClient.invalidateQueries({ queryKey: daysAwayKey }),
  });
}
