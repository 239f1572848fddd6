import { CreatedBooking, type CreateBookingBody } from '@portal/contract/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /v1/bookings with an Idempotency-Key: one booking request and its bookings. 201 with the created request
 * ('pending_approval' when the caller may only create pending bookings); 400/422 problems name the field
 * (`dates.2`, `endTime`, `confirmations.0.sms`); the same key answers the same result without a second booking.
 */
export function createBooking(body: CreateBookingBody, idempotencyKey: string): Promise<CreatedBooking> {
  return apiRequest('bookings', { method: 'POST', body, schema: CreatedBooking, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateBookingBody; idempotencyKey: string }) => createBooking(body, idempotencyKey),
    // Lists, summaries and the dashboard change; the reference data (locations, blocks, …) does not.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bookings'], predicate: (query) => query.queryKey[1] !== 'reference' }),
  });
}
