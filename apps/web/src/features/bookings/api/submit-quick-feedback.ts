import { QuickFeedbackResult, type PendingFeedbackItem, type QuickFeedbackBody } from '@portal/contract/feedback';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
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

/**
 * After the server took the feedback. A read of the pending list already under way (a live event asked for it, say)
 * may have been answered before the feedback was saved, and would bring the item back when it lands. So it is
 * cancelled first; the item is then marked locally (spec §4); and a read that was cancelled is asked for again, now
 * that the server has the feedback, so that whatever the event announced still arrives.
 */
export async function afterQuickFeedback(queryClient: QueryClient, id: number): Promise<void> {
  const pending = { queryKey: pendingFeedbackKey };
  const wasReading = queryClient.isFetching(pending) > 0;
  await queryClient.cancelQueries(pending);
  queryClient.setQueriesData<PendingFeedbackItem[]>(pending, (items) => markFeedbackDone(items, id));
  if (wasReading) void queryClient.invalidateQueries(pending);
  void queryClient.invalidateQueries({ queryKey: bookingKey(id) });
  void queryClient.invalidateQueries({ queryKey: [...bookingsKey, 'list'] });
}

export function useSubmitQuickFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: QuickFeedbackBody }) => submitQuickFeedback(id, body),
    onSuccess: (_, { id }) => afterQuickFeedback(queryClient, id),
  });
}
