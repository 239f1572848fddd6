import type { DbOrTx } from '@portal/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../lib/mailer';
import { pushAddress } from '../push/push.service';
import { BOOKING_EVENT_TITLES, bookingSubject, extensionOfferText, type BookingEvent } from '../../mail/booking-words';
import { bookingUpdateMail, extensionOfferMail } from '../../mail/mails';
import {
  bookingDaysAt,
  educatorContact,
  notificationDays,
  notificationRecipients,
  notificationRequest,
} from './booking-notifications.repository';

/**
 * Confirmations: creating, approving, rejecting, filling, extending and cancelling a booking tells the request's
 * confirmation contacts by the methods chosen for each: e-mail through the mailer (nodemailer, or the outbox in
 * demo mode), SMS, voice and push through the mailer's notifier (recorded in the outbox in demo; push goes to the
 * browsers of the portal contact behind the booking contact, addressed `contact:<id>`). Each is written
 * in the recipient's locale (mail/booking-update-mail.tsx). Sending happens after the change is committed; a failed
 * send is logged and never undoes the booking.
 */

export type { BookingEvent };

export interface NotifyOptions {
  /** Only these bookings of the request (e.g. the one filled or cancelled); default: all of them. */
  bookingIds?: readonly number[];
  /** What someone wrote with the decision: a cancel or reject reason, an approval's comment. */
  reason?: string | undefined;
}

/** What a confirmation says and to whom: the request, its days (by date, then id) and its confirmation contacts. */
export interface RequestFacts {
  request: { id: number; seriesReference: string | null; locationName: string };
  days: ReadonlyArray<{
    id: number;
    dateLocal: string;
    start: string;
    end: string;
    status: string;
    first: string | null;
    last: string | null;
  }>;
  recipients: ReadonlyArray<{
    name: string;
    /** The portal contact behind the booking contact, whose browsers receive push; null: none (no push). */
    contactId: number | null;
    emailAddress: string | null;
    mobile: string | null;
    email: boolean;
    sms: boolean;
    voice: boolean;
    push: boolean;
    /** The locale the recipient reads: their contact's language, else the school's. */
    locale: string;
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
  async requestEventWith(facts: RequestFacts, event: BookingEvent, options: Pick<NotifyOptions, 'reason'> = {}): Promise<void> {
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

  private async deliver({ request, days, recipients }: RequestFacts, event: BookingEvent, options: Pick<NotifyOptions, 'reason'>) {
    const dates = days.map((d) => d.dateLocal);
    for (const r of recipients) {
      if (r.email && r.emailAddress)
        await this.mailer.send(
          await bookingUpdateMail({
            to: r.emailAddress,
            locale: r.locale,
            origin: this.mailer.portalOrigin,
            event,
            recipientName: r.name,
            school: request.locationName,
            reference: request.seriesReference,
            days: days.map((d) => ({ ...d, educator: d.first ? `${d.first} ${d.last ?? ''}`.trim() : null })),
            reason: options.reason,
          }),
        );
      const short = bookingSubject(BOOKING_EVENT_TITLES[event], request.locationName, dates, request.seriesReference, r.locale);
      if (r.sms && r.mobile) await this.mailer.notify('sms', r.mobile, short);
      if (r.voice && r.mobile) await this.mailer.notify('voice', r.mobile, short);
      if (r.push && r.contactId !== null) await this.mailer.notify('push', pushAddress(r.contactId), short);
    }
  }

  /** Tells an educator they are tentatively booked on extension days (spec §4), in their school's locale. */
  async tentativeExtension(candidateId: number, bookingIds: readonly number[]): Promise<void> {
    try {
      const candidate = await educatorContact(this.db, candidateId);
      if (!candidate || bookingIds.length === 0) return;
      const days = await bookingDaysAt(this.db, bookingIds);
      const school = days[0]?.locationName ?? 'your school';
      const locale = days[0]?.locale ?? 'en';
      if (candidate.email)
        await this.mailer.send(
          await extensionOfferMail({
            to: candidate.email,
            locale,
            origin: this.mailer.portalOrigin,
            firstName: candidate.first,
            school,
            days,
          }),
        );
      if (candidate.phone)
        await this.mailer.notify(
          'sms',
          candidate.phone,
          extensionOfferText(
            candidate.first,
            school,
            days.map((d) => d.dateLocal),
            locale,
          ),
        );
    } catch (error) {
      this.log?.error({ err: error, candidateId }, 'tentative extension notice failed');
    }
  }
}
