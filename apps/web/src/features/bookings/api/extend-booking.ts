import { ExtendedBooking, type ExtendBookingBody } from '@portal/contract/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingsKey } from './get-bookings';

/**
 * POST /v1/bookings/{id}/extend (spec §5 'Extend'): days the educator cannot work go to Unfilled. One
 * Idempotency-Key per dialog.
 */
export function extendBooking(id: number, body: ExtendBookingBody, idempotencyKey: string): Promise<ExtendedBooking> {
  return apiRequest(`bookings/${id}/extend`, {
    method: 'POST',
    body,
    schema: ExtendedBooking,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useExtendBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: { id: number; body: ExtendBookingBody; idempotencyKey: string }) =>
      extendBooking(id, body, idempotencyKey),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsKey }),
  });
}
