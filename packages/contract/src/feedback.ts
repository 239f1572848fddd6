import { z } from 'zod';
import { BookingCandidate } from './bookings';
import { Id } from './query-params';

/** Feedback on completed bookings. */

/** Completed bookings with an educator count as pending feedback for this many days. */
export const FEEDBACK_WINDOW_DAYS = 30;

// GET /v1/feedbacks/getBookingsPendingFeedback?clientId
export const PendingFeedbackQuery = z.strictObject({ clientId: Id });
export const PendingFeedbackItem = z
  .object({
    bookingID: z.number().int(),
    feedbackCompleted: z.boolean(),
    dateLocal: z.string(),
    location: z.object({ id: z.number().int(), name: z.string() }),
    classification: z.string(),
    candidate: BookingCandidate,
  })
  .meta({ id: 'PendingFeedbackItem' });
export type PendingFeedbackItem = z.infer<typeof PendingFeedbackItem>;
export const PendingFeedbackResponse = z.array(PendingFeedbackItem);

// POST /v1/bookings/{id}/quick-feedback
export const QuickFeedbackBody = z
  .strictObject({
    rating: z.number().int().min(1).max(5).describe('1 (poor) to 5 (excellent)'),
    wouldRebook: z.boolean().optional(),
    comment: z.string().trim().max(2000).optional(),
  })
  .meta({ id: 'QuickFeedbackBody' });
export type QuickFeedbackBody = z.infer<typeof QuickFeedbackBody>;
export const QuickFeedbackResult = z.object({ bookingID: z.number().int(), feedbackCompleted: z.literal(true) });

// GET /v1/bookings/{id}/feedback-form
export const FeedbackFormResponse = z.object({ url: z.string().describe('Where the full feedback form is') });
