import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@portal/db/client';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import type { CancellationRequestSent } from '@portal/contract/bookings';
import { canAtLocation, type PermissionTree } from '@portal/contract/permissions';
import { providerContactFor } from '@portal/contract/provider-contacts';
import type { ProviderContacts } from '@portal/contract/runtime-config';
import { bookingPath, portalUrl } from '@portal/contract/portal-paths';
import { formatDateTime } from '@portal/contract/format/locale-format';
import { AppError } from '../../lib/app-error';
import type { Tx, Written } from '../../lib/idempotency';
import type { Mailer } from '../../lib/mailer';
import { cancellationRequestMail } from '../../mail/mails';
import { forbidden } from '../data-scope/data-scope';
import { audit } from '../identity/audit.port';
import { recordCancellationRequest } from './cancellation-request.repository';
import { CANCEL_REFUSAL_TEXT, cancelRefusal } from '@portal/contract/bookings/cancel';
import { CANCEL_FORBIDDEN, type BookingsService } from './bookings.service';

/**
 * Asking the provider to cancel a booking that cannot be cancelled online (spec §4: an educator is assigned, or it
 * has started). The request goes by e-mail to the office of the school's region (runtime providerContacts); it is
 * recorded (one per booking: a second gets 409 naming the first and its time) and audited, and its Idempotency-Key
 * answer is stored in the same transaction (the write's), so neither a double click nor a second person sends a second message.
 */
export class CancellationRequestService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly bookings: BookingsService,
    private readonly contacts: ProviderContacts,
    private readonly now: () => Date,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async request(
    tx: Tx,
    tree: PermissionTree,
    who: { contactId: number; staffUserId?: number | undefined; name: string; email: string | null },
    id: number,
    reason: string,
    trace: { requestId: string; ip: string },
  ): Promise<Written<CancellationRequestSent>> {
    const detail = await this.bookings.detail(tree, id, undefined, tx);
    const booking = detail.booking;
    if (!canAtLocation(tree, 'booking', 'delete', booking.location.id)) throw forbidden(CANCEL_FORBIDDEN);
    const text = reason.trim();
    if (!text) throw AppError.field('reason', BOOKING_MESSAGES.cancellationRequestReasonRequired);
    const refusal = cancelRefusal({ ...booking, candidateId: booking.candidate?.id ?? null }, this.now());
    if (refusal === null) throw new AppError('conflict', { detail: BOOKING_MESSAGES.cancellationRequestNotNeeded });
    if (refusal === 'closed') throw new AppError('conflict', { detail: CANCEL_REFUSAL_TEXT.closed });
    const office = providerContactFor(this.contacts, detail.region);
    if (!office) throw new AppError('rule-violation', { detail: BOOKING_MESSAGES.cancellationRequestNoContact });

    const sentAt = this.now().toISOString();
    const answer: CancellationRequestSent = { bookingId: id, sentTo: office.email, phone: office.phone, sentAt };
    // One request per booking: a second (another click, another person, two at once) sends the office nothing.
    const recorded = await recordCancellationRequest(tx, {
      bookingId: id,
      contactId: who.contactId,
      staffUserId: who.staffUserId ?? null,
      requesterName: who.name,
      reason: text,
      sentTo: office.email,
      requestedAt: new Date(sentAt),
    });
    if (!recorded.recorded) {
      const { first } = recorded;
      const at = formatDateTime(first.requestedAt.toISOString(), detail.region, booking.timeZone);
      throw new AppError('conflict', {
        detail: BOOKING_MESSAGES.cancellationRequestAlreadySent(first.requesterName, at, first.sentTo),
      });
    }
    await audit(tx, {
      contactId: who.contactId,
      staffUserId: who.staffUserId ?? null,
      action: 'booking.cancellation_requested',
      entityType: 'booking',
      entityId: String(id),
      details: { reason: text, sentTo: office.email, status: booking.status },
      requestId: trace.requestId,
      ip: trace.ip,
    });

    // After the commit: the mailer queues it and retries a failed send, so the answer never waits on SMTP. The office
    // reads it in its region's locale.
    const origin = this.mailer.portalOrigin;
    const tell = () =>
      cancellationRequestMail({
        to: office.email,
        locale: detail.region,
        origin,
        requester: { name: who.name, email: who.email },
        clientName: detail.client.name,
        school: booking.location.name,
        dateLocal: booking.dateLocal,
        start: booking.startTimeLocal,
        end: booking.endTimeLocal,
        timeZone: booking.timeZone,
        educator: booking.candidate?.fullName ?? null,
        status: booking.status,
        series: detail.seriesReference
          ? { reference: detail.seriesReference, position: booking.seriesPosition, total: booking.seriesTotal }
          : null,
        reason: text,
        bookingUrl: portalUrl(origin, bookingPath(id)),
      })
        .then((mail) => this.mailer.send(mail))
        .catch((err: unknown) => this.log?.error({ err, bookingId: id }, 'could not queue the cancellation request'));
    return { status: 202, body: answer, afterCommit: tell };
  }
}
