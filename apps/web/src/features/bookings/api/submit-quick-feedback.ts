import { QuickFeedbackResult, type PendingFeedbackItem, type QuickFeedbackBody } from '@portal/contract/feedback';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKey } from './get-booking';
import { bookingsKey } from './get-bookings';
import { pendingFeedbackKey } from './get-pending-feedback';

/** POST /v1/bookings/{id}/quick-feedback (rating, would rebook, comment). */
export function submitQuickFeedback(id: number, body: QuickFeedbackBody) {
  return apiRequest(`bookings/${id}/quick-feedback`, { method: 'POST', body, schema: QuickFeedbackResult });
}

/** Spec §4: after quick feedback the pending item's feedbackCompleted becomes true locally (every client's cache). */
export function markFeedbackDone(items: PendingFeedbackItem[] | undefined, bookingId: number): PendingFeedbackItem[] | undefined {
  return items?.map((item) => (item.bookingID === bookingId ? { ...item, feedbackCompleted: true } : item));
}

export function useSubmitQuickFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: QuickFeedbackBody }) => submitQuickFeedback(id, body),
    onSuccess: (_, { id }) => {
      queryClient.setQueriesData<PendingFeedbackItem[]>({ queryKey: pendingFeedbackKey }, (items) => markFeedbackDone(items, id));
      void queryClient.invalidateQueries({ queryKey: bookingKey(id) });
      void queryClient.invalidateQueries({ queryKey: [...bookingsKey, 'list'] });
    },
  });
}
