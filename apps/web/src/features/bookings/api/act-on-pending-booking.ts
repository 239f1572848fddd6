import { PendingBookingActionResult, type PendingBookingActionBody } from '@portal/contract/pending-bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingsKey } from './get-bookings';

/**
 * POST /v1/pending-bookings/{bookingId}/action: accept (sent to the provider to fill) or reject with a reason
 * (spec §4). One Idempotency-Key per decision, so a double click decides once.
 */
export function actOnPendingBooking(
  id: number,
  body: PendingBookingActionBody,
  idempotencyKey: string,
): Promise<PendingBookingActionResult> {
  return apiRequest(`pending-bookings/${id}/action`, {
    method: 'POST',
    body,
    schema: PendingBookingActionResult,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useActOnPendingBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: { id: number; body: PendingBookingActionBody; idempotencyKey: string }) =>
      actOnPendingBooking(id, body, idempotencyKey),
    // The list, the dashboard counts and the bookings all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsKey }),
  });
}
