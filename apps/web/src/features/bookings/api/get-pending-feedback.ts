import { PendingFeedbackResponse, type PendingFeedbackItem } from '@portal/contract/feedback';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

/** Spec §4 and §9: pending feedback is kept per client for 5 minutes. */
export const PENDING_FEEDBACK_STALE_TIME_MS = 5 * 60_000;
export const pendingFeedbackKey = ['bookings', 'pending-feedback'] as const;

/**
 * GET /v1/feedbacks/getBookingsPendingFeedback?clientId. Spec §7: a 403 is handled, quietly: the contact simply
 * has nothing to give feedback on at this client.
 */
export async function getPendingFeedback(clientId: number, signal?: AbortSignal): Promise<PendingFeedbackItem[]> {
  try {
    return await apiRequest('feedbacks/getBookingsPendingFeedback', {
      query: { clientId },
      schema: PendingFeedbackResponse,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return [];
    throw error;
  }
}

export function pendingFeedbackQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: [...pendingFeedbackKey, clientId],
    queryFn: ({ signal }) => getPendingFeedback(clientId, signal),
    staleTime: PENDING_FEEDBACK_STALE_TIME_MS,
  });
}

export function usePendingFeedback(clientId: number | undefined) {
  return useQuery({ ...pendingFeedbackQueryOptions(clientId ?? 0), enabled: clientId !== undefined });
}
