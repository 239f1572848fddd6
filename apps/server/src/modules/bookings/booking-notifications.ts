import type { DbOrTx } from '@portal/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../lib/mailer';
import { bookingDaysAt, educatorContact, notificationDays, notificationRecipients, notificationRequest } from './booking-notifications.repository';

/**
 * Confirmations (issue 5 item 8): creating, approving, rejecting, filling, extending and cancelling a booking
 * tells the request's confirmation contacts by the methods chosen for each: e-mail through the mailer (nodemailer,
 * or the outbox in demo mode), SMS, voice and push through the mailer's notifier (recorded in the outbox in demo).
 * Sending happens after the change is committed; a failed send is logged and never undoes the booking.
 */

export type BookingEvent = 'created' | 'pending_approval' | 'approved' | 'rejected' | 'filled' | 'extended' | 'cancelled';

const SUBJECTS: Record<BookingEvent, string> = {
  created: 'Booking received',
  pending_approval: 'Booking waiting for approval',
  approved: 'Booking approved',
  rejected: 'Booking rejected',
  filled: 'Educator confirmed',
  extended: 'Booking extended',
  cancelled: 'Booking cancelled',
};

const LEADS: Record<BookingEvent, string> = {
  created: 'We have received your booking and are finding an educator.',
  pending_approval: 'A booking was requested and is waiting for approval by your school.',
  approved: 'A booking was approved and sent to us to fill.',
  rejected: 'A booking request was rejected.',
  filled: 'Good news: an educator is confirmed for your booking.',
  extended: 'A booking was extended.',
  cancelled: 'A booking was cancelled.',
};

export interface NotifyOptions {
  /** Only these bookings of the request (e.g. the one filled or cancelled); default: all of them. */
  bookingIds?: readonly number[];
  /** An extra line, such as a cancel or reject reason. */
  note?: string;
}

/** What a confirmation says and to whom: the request, its days (by date, then id) and its confirmation contacts. */
export interface RequestFacts {
  request: { id: number; seriesReference: string | null; locationName: string };
  days: ReadonlyArray<{ dateLocal: string; start: string; end: string; status: string; first: string | null; last: string | null }>;
  recipients: ReadonlyArray<{
    name: string;
    emailAddress: string | null;
    mobile: string | null;
    email: boolean;
    sms: boolean;
    voice: boolean;
    push: boolean;
  }>;
}

/**
 * Confirmations sent after the reply: `afterReply(task)` runs the task on a later turn of the event loop, so the
 * response does not wait for the mail; `flushBookingNotifications()` waits for every task started so far (the app
 * awaits it on close, and tests await it before reading the outbox).
 */
const running = new Set<Promise<void>>();

export function afterReply(task: () => Promise<void>): void {
  const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch(() => {})
    .finally(() => running.delete(done));
  running.add(done);
}

export async function flushBookingNotifications(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}

export class BookingNotifier {
  constructor(
    private readonly db: DbOrTx,
    private readonly mailer: Mailer,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Tells the request's confirmation contacts; never throws. */
  async requestEvent(requestId: number, event: BookingEvent, options: NotifyOptions = {}): Promise<void> {
    try {
      await this.send(requestId, event, options);
    } catch (error) {
      this.log?.error({ err: error, requestId, event }, 'booking notification failed');
    }
  }

  /**
   * Tells the request's confirmation contacts from what the caller already holds (no reads): the create path knows
   * the location, its bookings and its contacts. Never throws.
   */
  async requestEventWith(facts: RequestFacts, event: BookingEvent, options: Pick<NotifyOptions, 'note'> = {}): Promise<void> {
    try {
      await this.deliver(facts, event, options);
    } catch (error) {
      this.log?.error({ err: error, requestId: facts.request.id, event }, 'booking notification failed');
    }
  }

  private async send(requestId: number, event: BookingEvent, options: NotifyOptions): Promise<void> {
    const request = await notificationRequest(this.db, requestId);
    if (!request) return;
    const days = await notificationDays(this.db, requestId, options.bookingIds);
    const recipients = await notificationRecipients(this.db, requestId);
    await this.deliver({ request, days, recipients }, event, options);
  }

  private async deliver({ request, days, recipients }: RequestFacts, event: BookingEvent, options: Pick<NotifyOptions, 'note'>) {
    const reference = request.seriesReference ?? `#${request.id}`;
    const lines = days.map((d) => {
      const who = d.first ? ` — ${d.first} ${d.last}` : '';
      return `${d.dateLocal} ${d.start.slice(0, 5)}–${d.end.slice(0, 5)} (${d.status.replace(/_/g, ' ')})${who}`;
    });
    const subject = `${SUBJECTS[event]}: ${request.locationName} ${reference}`;
    const text = [LEADS[event], '', `${request.locationName}, booking ${reference}`, ...lines, options.note ? `\n${options.note}` : '']
      .join('\n')
      .trim();
    const short = `${SUBJECTS[event]}: ${request.locationName} ${reference}, ${days.length} day${days.length === 1 ? '' : 's'} from ${days[0]?.dateLocal ?? ''}`;

    for (const r of recipients) {
      if (r.email && r.emailAddress) await this.mailer.send({ to: r.emailAddress, subject, text: `Hello ${r.name},\n\n${text}` });
      if (r.sms && r.mobile) await this.mailer.notify('sms', r.mobile, short);
      if (r.voice && r.mobile) await this.mailer.notify('voice', r.mobile, short);
      if (r.push && r.emailAddress) await this.mailer.notify('push', r.emailAddress, short);
    }
  }

  /** Tells an educator they are tentatively booked on extension days (spec §4). */
  async tentativeExtension(candidateId: number, bookingIds: readonly number[]): Promise<void> {
    try {
      const candidate = await educatorContact(this.db, candidateId);
      if (!candidate || bookingIds.length === 0) return;
      const days = await bookingDaysAt(this.db, bookingIds);
      const text = `Hi ${candidate.first}, ${days[0]?.locationName ?? 'your school'} would like you to stay on: you are tentatively booked on ${days
        .map((d) => d.dateLocal)
        .join(', ')}. We will confirm shortly.`;
      if (candidate.email) await this.mailer.send({ to: candidate.email, subject: 'Tentative booking extension', text });
      if (candidate.phone) await this.mailer.notify('sms', candidate.phone, text);
    } catch (error) {
      this.log?.error({ err: error, candidateId }, 'tentative extension notice failed');
    }
  }
}
