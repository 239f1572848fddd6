import type { Db } from '@portal/db/client';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { FEEDBACK_WINDOW_DAYS, type PendingFeedbackItem, type QuickFeedbackBody } from '@portal/contract/feedback';
import { allClients, canAtLocation, type PermissionTree } from '@portal/contract/permissions';
import { AppError } from '../../lib/app-error';
import { forbidden, viewScope } from '../data-scope/data-scope';
import { bookingForFeedback, completedWithEducator, insertFeedback } from './feedback.repository';

/**
 * Feedback on completed bookings (spec §3 'Pending feedback item', §4): the list of the last FEEDBACK_WINDOW_DAYS,
 * quick feedback, and the link to the full form. A booking at a location outside the caller's tree is not found;
 * one inside it without booking view there is forbidden.
 */
export class FeedbackService {
  constructor(
    private readonly db: Db,
    private readonly publicOrigin: string,
    /** The app's clock. */
    private readonly now: () => Date,
  ) {}

  pending(tree: PermissionTree, clientId: number): Promise<PendingFeedbackItem[]> {
    const scope = viewScope(tree, 'booking', [clientId]);
    return completedWithEducator(this.db, scope, this.now(), FEEDBACK_WINDOW_DAYS);
  }

  private async reachable(tree: PermissionTree, bookingId: number) {
    const booking = await bookingForFeedback(this.db, bookingId);
    const inTree = booking && allClients(tree).some((c) => c.locations.some((l) => l.locationId === booking.locationId));
    if (!booking || !inTree) throw new AppError('not-found', { detail: 'There is no such booking.' });
    if (!canAtLocation(tree, 'booking', 'view', booking.locationId)) throw forbidden();
    return booking;
  }

  async quick(contactId: number, tree: PermissionTree, bookingId: number, body: QuickFeedbackBody) {
    const booking = await this.reachable(tree, bookingId);
    if (booking.status !== 'completed' || booking.candidateId === null)
      throw new AppError('rule-violation', { detail: BOOKING_MESSAGES.feedbackNotDue });
    const given = () => new AppError('conflict', { detail: BOOKING_MESSAGES.feedbackGiven });
    if (booking.feedbackCompleted) throw given();
    const recorded = await this.db.transaction((tx) =>
      insertFeedback(
        tx,
        {
          bookingId,
          contactId,
          rating: body.rating,
          wouldRebook: body.wouldRebook ?? null,
          comment: body.comment || null,
        },
        this.now(),
      ),
    );
    if (!recorded) throw given();
    return { bookingID: bookingId, feedbackCompleted: true as const };
  }

  async formUrl(tree: PermissionTree, bookingId: number): Promise<{ url: string }> {
    await this.reachable(tree, bookingId);
    return { url: `${this.publicOrigin}/bookings?feedback=${bookingId}` };
  }
}
