import { PendingBookingWithdrawResult } from '@portal/contract/pending-bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingsKey } from './get-bookings';

/**
 * POST /v1/pending-bookings/{bookingId}/withdraw: the contact who asked takes the request back while it waits for
 * approval (its bookings are cancelled). Withdrawing it again answers the same; 409 once it was decided.
 */
export function withdrawPendingBooking(id: number, idempotencyKey: string): Promise<PendingBookingWithdrawResult> {
  return apiRequest(`pending-bookings/${id}/withdraw`, {
    method: 'POST',
    schema: PendingBookingWithdrawResult,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useWithdrawPendingBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) => withdrawPendingBooking(id, idempotencyKey),
    // The pending list, Home's counts and the bookings all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsKey }),
  });
}
