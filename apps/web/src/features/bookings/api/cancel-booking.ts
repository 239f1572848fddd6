import type { CancelBookingBody } from '@portal/contract/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingsKey } from './get-bookings';

/**
 * POST /v1/bookings/{id}/cancel with a reason (spec §4): refused (422) once an educator is assigned or the
 * booking has commenced. The Idempotency-Key is made once per dialog, so a double click cancels once.
 */
export async function cancelBooking(id: number, body: CancelBookingBody, idempotencyKey: string): Promise<void> {
  // The contract names no answer body: the list and detail are fetched again instead.
  await apiRequest(`bookings/${id}/cancel`, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: { id: number; body: CancelBookingBody; idempotencyKey: string }) =>
      cancelBooking(id, body, idempotencyKey),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsKey }),
  });
}
