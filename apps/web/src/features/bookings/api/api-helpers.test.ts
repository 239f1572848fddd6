import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { FORM_MESSAGES, GENERIC_API_ERROR } from '@portal/contract/messages';
import { QueryClient } from '@tanstack/react-query';
import type { PendingFeedbackItem } from '@portal/contract/feedback';
import { describe, expect, it } from 'vitest';
import texts from '../../../locales/en/bookings-list.json';
import { readPagination } from './get-bookings';
import { pendingFeedbackKey } from './get-pending-feedback';
import { afterQuickFeedback, markFeedbackDone } from './submit-quick-feedback';

/** A pending feedback item waiting for feedback. */
const item = (bookingID: number): PendingFeedbackItem => ({
  bookingID,
  feedbackCompleted: false,
  dateLocal: '2026-11-20',
  location: { id: 1, name: 'X' },
  classification: 'Teacher',
  candidate: { id: 1, firstName: 'A', lastName: 'B', preferredName: null, fullName: 'A B' },
});

describe('bookings API helpers', () => {
  it('reads x-pagination, else falls back to what the page shows', () => {
    expect(readPagination('{"total":120,"skip":50,"take":25}', { skip: 0, take: 25, count: 25 })).toEqual({
      total: 120,
      skip: 50,
      take: 25,
    });
    expect(readPagination(null, { skip: 50, take: 25, count: 7 })).toEqual({ total: 57, skip: 50, take: 25 });
    expect(readPagination('not json', { skip: 0, take: 25, count: 3 })).toEqual({ total: 3, skip: 0, take: 25 });
  });

  it('marks quick feedback done locally, leaving the others', () => {
    expect(markFeedbackDone([item(1), item(2)], 2)?.map((i) => i.feedbackCompleted)).toEqual([false, true]);
    expect(markFeedbackDone(undefined, 2)).toBeUndefined();
  });

  it('keeps quick feedback done when a read of the pending list, answered before it was saved, lands afterwards', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = [...pendingFeedbackKey, 7];
    queryClient.setQueryData(key, [item(1), item(2)]);
    // A read under way (a live event's refetch), answered with the list as it was before the feedback.
    let answer!: (items: PendingFeedbackItem[]) => void;
    const reading = queryClient.fetchQuery({
      queryKey: key,
      queryFn: () => new Promise<PendingFeedbackItem[]>((resolve) => (answer = resolve)),
      staleTime: 0,
    });
    await afterQuickFeedback(queryClient, 2);
    answer([item(1), item(2)]);
    await reading.catch(() => undefined);
    const done = (queryClient.getQueryData<PendingFeedbackItem[]>(key) ?? []).map((i) => i.feedbackCompleted);
    expect(done).toEqual([false, true]);
    // The cancelled read is asked for again at the next use, now that the server has the feedback.
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it("quotes the spec's and the contract's texts exactly", () => {
    expect(texts.list.loadFailed).toBe('Cannot load bookings');
    expect(texts.feedback.formUrlFailed).toBe('Cannot load feedback form url');
    expect(texts.pending.processFailed).toBe(BOOKING_MESSAGES.processFailed);
    expect(texts.pending.acceptSuccess).toBe(BOOKING_MESSAGES.acceptSuccess);
    expect(texts.pending.rejectSuccess).toBe(BOOKING_MESSAGES.rejectSuccess);
    expect(texts.cancel.failed).toBe(GENERIC_API_ERROR);
    expect(texts.validation.required).toBe(FORM_MESSAGES.required);
    expect(texts.validation.endBeforeStart).toBe(FORM_MESSAGES.endBeforeStart);
    expect(texts.validation.breakRange).toBe(FORM_MESSAGES.between(0, 240));
    expect(texts.validation.breakTooLong).toBe(BOOKING_MESSAGES.breakTooLong);
    expect(texts.validation.cancelReasonRequired).toBe(BOOKING_MESSAGES.cancelReasonRequired);
    expect(texts.validation.rejectReasonRequired).toBe(BOOKING_MESSAGES.rejectReasonRequired);
  });
});
