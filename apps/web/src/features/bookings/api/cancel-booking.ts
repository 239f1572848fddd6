import { BookingDetail, type CancelBookingBody } from '@portal/contract/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeBookingDetail } from './get-booking';
import { bookingsKey } from './get-bookings';

/**
 * POST /v1/bookings/{id}/cancel with a reason (spec §4): refused (422) once an educator is assigned or the
 * booking has commenced. The Idempotency-Key is made once per dialog, so a double click cancels once.
 */
export function cancelBooking(id: number, body: CancelBookingBody, idempotencyKey: string): Promise<BookingDetail> {
  return apiRequest(`bookings/${id}/cancel`, {
    method: 'POST',
    body,
    schema: BookingDetail,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: { id: number; body: CancelBookingBody; idempotencyKey: string }) =>
      cancelBooking(id, body, idempotencyKey),
    // The answer is the booking as it is now: shown at once, before the lists and counts are read again.
    onSuccess: (detail) => storeBookingDetail(queryClient, detail),
    // Refused or not, the detail, the list and the dashboard are read again: a refusal means they were out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsKey }),
  });
}
