import { CancellationRequestSent, type CancellationRequestBody } from '@portal/contract/bookings';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /v1/bookings/{id}/cancellation-request: asks the provider's office to cancel a booking that cannot be
 * cancelled online (an educator is assigned, or it has started). One Idempotency-Key per dialog.
 */
export function requestCancellation(id: number, body: CancellationRequestBody, idempotencyKey: string): Promise<CancellationRequestSent> {
  return apiRequest(`bookings/${id}/cancellation-request`, {
    method: 'POST',
    body,
    schema: CancellationRequestSent,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useRequestCancellation() {
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: { id: number; body: CancellationRequestBody; idempotencyKey: string }) =>
      requestCancellation(id, body, idempotencyKey),
  });
}
