import { FeedbackFormResponse } from '@portal/contract/feedback';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /v1/bookings/{id}/feedback-form: where the full feedback form is (here: `/bookings?feedback=<id>`). */
export function getFeedbackForm(id: number): Promise<{ url: string }> {
  return apiRequest(`bookings/${id}/feedback-form`, { schema: FeedbackFormResponse });
}

/** Asked for on a click (not cached): the link may carry a fresh token one day. */
export function useFeedbackFormLink() {
  return useMutation({ mutationFn: getFeedbackForm });
}
