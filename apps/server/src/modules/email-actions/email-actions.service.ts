import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { canAtLocation } from '@portal/contract/permissions';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { EMAIL_ACTION_LINK_HOURS } from '@portal/contract/limits';
import {
  ALREADY_DECIDED,
  type EmailAction,
  type EmailActionBody,
  type EmailActionResult,
  type EmailActionView,
} from '@portal/contract/email-actions';
import { AppError } from '../../lib/app-error';
import type { Tx, Written } from '../../lib/idempotency';
import { PORTAL_PATHS, portalUrl } from '@portal/contract/portal-paths';
import type { Mailer } from '../../lib/mailer';
import { approvalRequestMail } from '../../mail/mails';
import { forbidden } from '../data-scope/data-scope';
import { requestDetail, requestHead, type RequestDetail } from '../../read-model/booking-detail.repository';
import { permissionTreeOf } from '../profile/permission-tree.port';
import { DECIDE_FORBIDDEN, type PendingBookingsService } from '../pending-bookings/pending-bookings.service';
import {
  contactsLinkedTo,
  insertLinks,
  linkByHash,
  requestDecision,
  spendLinks,
  type Db,
  type DbOrTx,
  type NewLink,
} from './email-actions.repository';

/**
 * Approve from the e-mail. When a request waits for approval, every contact who may approve it
 * (pendingBooking modify at its location, read from their permission tree as the signed-in approval reads it)
 * gets an e-mail with an Approve and a Reject link of their own: a random 32-byte secret of which only the SHA-256
 * hash is kept, single-use, valid EMAIL_ACTION_LINK_HOURS. Reading a link changes nothing (mail scanners follow
 * links); acting goes through the same decision as the signed-in approval (PendingBookingsService.act: same
 * checks, audit entry, notifications and Idempotency-Key), with the approver's permission read at that moment, and
 * spends the link and supersedes the request's other links in the decision's transaction.
 */

export const LINK_EXPIRED = 'This link has expired.';

export function hashLinkSecret(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function expired(): AppError {
  return new AppError('expired', { detail: LINK_EXPIRED });
}

function alreadyDecided(): AppError {
  return new AppError('conflict', { detail: ALREADY_DECIDED });
}

export class EmailActionsService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly now: () => Date,
    private readonly publicOrigin: string,
    private readonly pendingBookings: PendingBookingsService,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Mails each approver of a request pending approval their Approve and Reject links. Never throws. */
  async sendApprovalLinks(requestId: number): Promise<void> {
    try {
      const detail = await requestDetail(this.db, requestId);
      if (!detail || detail.status !== 'pending_approval') return;
      const locationId = detail.location.id;
      const approvers = [];
      for (const contact of await contactsLinkedTo(this.db, locationId)) {
        const tree = await permissionTreeOf(this.db, contact.id);
        if (canAtLocation(tree, 'pendingBooking', 'modify', locationId)) approvers.push(contact);
      }
      const at = this.now();
      const expiresAt = new Date(at.getTime() + EMAIL_ACTION_LINK_HOURS * 3600_000);
      for (const approver of approvers) {
        const approve = randomBytes(32).toString('base64url');
        const reject = randomBytes(32).toString('base64url');
        const rows: NewLink[] = [
          {
            tokenHash: hashLinkSecret(approve),
            contactId: approver.id,
            bookingRequestId: requestId,
            action: 'approve',
            createdAt: at,
            expiresAt,
          },
          {
            tokenHash: hashLinkSecret(reject),
            contactId: approver.id,
            bookingRequestId: requestId,
            action: 'reject',
            createdAt: at,
            expiresAt,
          },
        ];
        await insertLinks(this.db, rows);
        const link = (token: string) => portalUrl(this.publicOrigin, `${PORTAL_PATHS.emailActionPrefix}${token}`);
        await this.mailer.queue(await this.approvalMail(approver, detail, link(approve), link(reject)), { secret: true });
      }
    } catch (error) {
      this.log?.error({ err: error, requestId }, 'approval links not sent');
    }
  }

  /**
   * What a link is for, and how its request was decided once it was (through this link or any other way: the
   * link then acts no more); 410 when it has expired or is unknown (alike). Changes nothing.
   */
  async view(token: string): Promise<EmailActionView> {
    const link = await this.unexpiredLink(token);
    const detail = await requestDetail(this.db, link.requestId);
    if (!detail) throw expired();
    const decision = detail.status === 'pending_approval' ? undefined : await requestDecision(this.db, link.requestId);
    // Spent but the request still waits (cannot happen through the decision, which spends in its transaction).
    if (!decision && link.usedAt !== null) throw expired();
    return {
      action: link.action,
      expiresAt: link.expiresAt.toISOString(),
      approverName: link.firstName,
      request: {
        id: detail.id,
        reference: detail.seriesReference,
        clientName: detail.client.name,
        locationName: detail.location.name,
        dates: [...new Set(detail.dates.map((d) => d.date))].sort(),
        startTime: detail.details.startTime,
        endTime: detail.details.endTime,
        classification: detail.classification.onlineTitle,
        requesterName: detail.createdBy.name,
      },
      decided: decision
        ? {
            outcome: decision.outcome,
            byName: decision.byName,
            at: decision.at?.toISOString() ?? null,
          }
        : null,
    };
  }

  /** The contact a link belongs to (the owner of its Idempotency-Keys); 410 when unknown. */
  async ownerOf(token: string): Promise<number> {
    const link = await linkByHash(this.db, hashLinkSecret(token));
    if (!link) throw expired();
    return link.contactId;
  }

  /**
   * Approves or rejects through the signed-in decision. 403 (link unused) when the approver may no longer approve
   * there; 400 naming `reason` when a reject has none; 409 when the request was decided meanwhile (the view says
   * how); 410 when the link has expired or is unknown.
   */
  async act(
    tx: Tx,
    token: string,
    body: EmailActionBody,
    trace: { requestId?: string; ip?: string } = {},
  ): Promise<Written<EmailActionResult>> {
    const link = await this.unexpiredLink(token, tx);
    const head = await requestHead(tx, link.requestId);
    if (!head) throw expired();
    if (head.status !== 'pending_approval') throw alreadyDecided();
    if (link.usedAt !== null) throw expired();
    // The approver's rights now, not when the mail was sent (no cache: a permission just removed counts).
    const tree = await permissionTreeOf(tx, link.contactId);
    if (!canAtLocation(tree, 'pendingBooking', 'modify', head.locationId)) throw forbidden(DECIDE_FORBIDDEN);
    try {
      return await this.pendingBookings.act(
        tx,
        tree,
        link.contactId,
        link.requestId,
        { action: link.action === 'approve' ? 'accept' : 'reject', reason: body.reason },
        {
          via: 'email',
          trace,
          within: async (tx) => {
            if (!(await spendLinks(tx, link.id, link.requestId, this.now()))) throw alreadyDecided();
          },
        },
      );
    } catch (error) {
      // Decided meanwhile by someone else (or this link, racing itself).
      if (error instanceof AppError && error.status === 409 && error.detail === BOOKING_MESSAGES.notPending) throw alreadyDecided();
      throw error;
    }
  }

  /** The approver's e-mail, in their locale: what was requested, and their own Approve and Reject links. */
  private approvalMail(
    approver: { firstName: string; email: string; language: string },
    detail: RequestDetail,
    approveUrl: string,
    rejectUrl: string,
  ) {
    return approvalRequestMail({
      to: approver.email,
      locale: approver.language,
      origin: this.publicOrigin,
      firstName: approver.firstName,
      school: detail.location.name,
      clientName: detail.client.name === detail.location.name ? null : detail.client.name,
      dates: detail.dates.map((d) => d.date),
      startTime: detail.details.startTime,
      endTime: detail.details.endTime,
      classification: detail.classification.onlineTitle,
      requestedBy: detail.createdBy.name,
      reference: detail.seriesReference,
      approveUrl,
      rejectUrl,
      linkHours: EMAIL_ACTION_LINK_HOURS,
    });
  }

  /** The link, used or not, unless unknown or past its time. */
  private async unexpiredLink(token: string, db: DbOrTx = this.db) {
    const link = await linkByHash(db, hashLinkSecret(token));
    if (!link || link.expiresAt.getTime() <= this.now().getTime()) throw expired();
    if (link.action !== 'approve' && link.action !== 'reject') throw expired();
    return { ...link, action: link.action as EmailAction };
  }
}
