import type { FastifyBaseLogger } from 'fastify';
import { canAtLocation, scopeOf, type PermissionTree, type Scope } from '@portal/contract/permissions';
import type { BookingDetail, Pagination, PendingBookingSummary } from '@portal/contract/bookings';
import type { PendingBookingActionBody, PendingBookingActionResult, PendingBookingWithdrawResult } from '@portal/contract/pending-bookings';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { dateStillBookable } from '@portal/contract/booking-rules';
import { AppError } from '../../lib/app-error';
import type { Tx, Written } from '../../lib/idempotency';
import type { Mailer } from '../../lib/mailer';
import { forbidden, visibleClients } from '../data-scope/data-scope';
import { audit } from '../identity/audit.port';
import { BookingNotifier } from '../bookings/booking-notifications';
import { requestDetail, requestHead } from '../../read-model/booking-detail.repository';
import { toBookingDetail } from '../bookings/bookings.service';
import {
  bookingIdsOf,
  decideRequest,
  pendingBookingsOf,
  pendingSummaries,
  requestOwner,
  withdrawRequest,
  type Db,
} from './pending-bookings.repository';
import * as liveEvents from '../live-events/live-events.port';

/**
 * Pending approval (spec §4 'Pending booking'): requests made by contacts who may only create pending bookings.
 * Seeing one needs pendingBooking view or booking view at its location (or above); deciding needs pendingBooking
 * modify (or all) there: pendingBooking create/view alone (the requester) may not approve its own request.
 */

export const REQUEST_NOT_FOUND = 'This booking request was not found.';
export const DECIDE_FORBIDDEN = "You don't have permission to approve or reject bookings at this school.";
export const WITHDRAW_FORBIDDEN = "You don't have permission to ask for bookings at this school.";

/** How a decision was made, for its audit entry; `within` runs in the decision's transaction (the e-mailed link spends itself there). */
export interface DecideOptions {
  via?: 'portal' | 'email';
  trace?: { requestId?: string; ip?: string };
  within?: (tx: Tx) => Promise<void>;
}

function canSeeRequest(tree: PermissionTree, locationId: number): boolean {
  return canAtLocation(tree, 'pendingBooking', 'view', locationId) || canAtLocation(tree, 'booking', 'view', locationId);
}

function union(a: Scope, b: Scope): Scope {
  return { clientIds: [...new Set([...a.clientIds, ...b.clientIds])], locationIds: [...new Set([...a.locationIds, ...b.locationIds])] };
}

export class PendingBookingsService {
  private readonly notifier: BookingNotifier;

  constructor(
    private readonly db: Db,
    mailer: Mailer,
    private readonly now: () => Date,
    log?: FastifyBaseLogger,
  ) {
    this.notifier = new BookingNotifier(db, mailer, log);
  }

  async list(
    tree: PermissionTree,
    query: { clientIds?: number[] | undefined; skip: number; take: number },
  ): Promise<{ items: PendingBookingSummary[]; pagination: Pagination }> {
    const clientIds = visibleClients(tree, query.clientIds).map((c) => c.clientId);
    const scope = union(scopeOf(tree, 'pendingBooking', 'view', clientIds), scopeOf(tree, 'booking', 'view', clientIds));
    // A location reached through a whole client adds nothing.
    const whole = new Set(scope.clientIds);
    const clientOf = new Map(
      [...tree.groups.flatMap((g) => g.clients), ...tree.clients].flatMap((c) =>
        c.locations.map((l) => [l.locationId, c.clientId] as const),
      ),
    );
    scope.locationIds = scope.locationIds.filter((id) => !whole.has(clientOf.get(id) ?? -1));
    if (scope.clientIds.length === 0 && scope.locationIds.length === 0) throw forbidden();
    const { items, total } = await pendingSummaries(this.db, scope, query.skip, query.take);
    return { items, pagination: { total, skip: query.skip, take: query.take } };
  }

  /** The request's detail; `booking` is its first booking. */
  async detail(tree: PermissionTree, requestId: number): Promise<BookingDetail> {
    const head = await requestHead(this.db, requestId);
    if (!head || !canSeeRequest(tree, head.locationId)) throw new AppError('not-found', { detail: REQUEST_NOT_FOUND });
    // pendingBooking view shows requests while they wait for approval; once decided, they are bookings (booking view).
    if (head.status !== 'pending_approval' && !canAtLocation(tree, 'booking', 'view', head.locationId))
      throw new AppError('not-found', { detail: REQUEST_NOT_FOUND });
    const detail = await requestDetail(this.db, requestId);
    const first = detail?.bookings[0];
    if (!detail || !first) throw new AppError('not-found', { detail: REQUEST_NOT_FOUND });
    return toBookingDetail(tree, detail, first, this.now());
  }

  /**
   * Accepts (sent to the provider to fill) or rejects (with a reason) a pending request, in the write's transaction
   * (which stores the Idempotency-Key's answer); once committed, tells its confirmation contacts.
   */
  async act(
    tx: Tx,
    tree: PermissionTree,
    contactId: number,
    requestId: number,
    body: PendingBookingActionBody,
    options: DecideOptions = {},
  ): Promise<Written<PendingBookingActionResult>> {
    const head = await requestHead(tx, requestId);
    if (!head || !canSeeRequest(tree, head.locationId)) throw new AppError('not-found', { detail: REQUEST_NOT_FOUND });
    if (!canAtLocation(tree, 'pendingBooking', 'modify', head.locationId)) throw forbidden(DECIDE_FORBIDDEN);
    const reason = body.reason?.trim() || null;
    if (body.action === 'reject' && !reason) throw AppError.field('reason', BOOKING_MESSAGES.rejectReasonRequired);

    const status = body.action === 'accept' ? 'approved' : 'rejected';
    const at = this.now();
    // Two admins deciding at once: the second waits here and then finds the request decided.
    const locked = await requestHead(tx, requestId, { forUpdate: true });
    if (!locked || locked.status !== 'pending_approval') throw new AppError('conflict', { detail: BOOKING_MESSAGES.notPending });
    // Only dates that can still be booked go to the provider; the others are cancelled, and with none left, nothing changes.
    let expiredIds: number[] = [];
    if (status === 'approved') {
      const pending = await pendingBookingsOf(tx, requestId);
      expiredIds = pending
        .filter((b) => !dateStillBookable({ now: at, timeZone: b.timeZone, sameDayCutoff: b.sameDayCutoff }, b.dateLocal, b.startTimeLocal))
        .map((b) => b.id);
      if (pending.length > 0 && expiredIds.length === pending.length)
        throw new AppError('rule-violation', { detail: BOOKING_MESSAGES.approveDatesPassed });
    }
    const changed = await decideRequest(tx, requestId, {
      status,
      contactId,
      at,
      rejectReason: status === 'rejected' ? reason : null,
      expiredIds,
      expiredReason: BOOKING_MESSAGES.approveDatePassedCancelReason,
    });
    if (!changed) throw new AppError('conflict', { detail: BOOKING_MESSAGES.notPending });
    await liveEvents.record(tx, { kind: status === 'approved' ? 'pendingApproval.approved' : 'pendingApproval.rejected', requestId });
    await options.within?.(tx);
    await audit(tx, {
      contactId,
      action: `booking-request.${status}`,
      entityType: 'booking_request',
      entityId: String(requestId),
      details: { via: options.via ?? 'portal', bookingIds: changed, ...(status === 'rejected' ? { reason } : {}) },
      requestId: options.trace?.requestId,
      ip: options.trace?.ip,
    });
    const note = reason ? { reason } : {};
    return {
      status: 200,
      body: { id: requestId, status, bookingIds: changed },
      // An approval tells of the dates sent to the provider, not of those cancelled because they had passed.
      afterCommit: () =>
        this.notifier.requestEvent(
          requestId,
          status,
          status === 'approved' && changed.length > 0 ? { ...note, bookingIds: changed } : note,
        ),
    };
  }

  /**
   * The contact who asked takes a request back while it waits for approval: the request becomes withdrawn and its
   * bookings cancelled, in the write's transaction (which stores the Idempotency-Key's answer). Withdrawing it
   * again answers the same; once approved or rejected it is refused with 409. A request the caller cannot see is
   * 404; one they can see but did not make is 403.
   */
  async withdraw(
    tx: Tx,
    tree: PermissionTree,
    contactId: number,
    requestId: number,
    trace: { requestId?: string; ip?: string } = {},
  ): Promise<Written<PendingBookingWithdrawResult>> {
    const head = await requestOwner(tx, requestId);
    const own = head !== undefined && head.createdByContactId === contactId;
    // A request of the caller's own stays findable after it was withdrawn (pendingBooking view shows only waiting ones).
    if (!head || (!own && (head.status !== 'pending_approval' || !canSeeRequest(tree, head.locationId))))
      throw new AppError('not-found', { detail: REQUEST_NOT_FOUND });
    if (!own) throw forbidden(BOOKING_MESSAGES.withdrawOnlyOwn);
    if (!canAtLocation(tree, 'pendingBooking', 'create', head.locationId)) throw forbidden(WITHDRAW_FORBIDDEN);

    const at = this.now();
    // An approver deciding at the same moment: whoever locks first wins, the other finds it no longer waiting.
    const locked = await requestOwner(tx, requestId, { forUpdate: true });
    if (locked?.status === 'withdrawn') {
      const again: PendingBookingWithdrawResult = { id: requestId, status: 'withdrawn', bookingIds: await bookingIdsOf(tx, requestId) };
      return { status: 200, body: again };
    }
    if (locked?.status !== 'pending_approval') throw new AppError('conflict', { detail: BOOKING_MESSAGES.withdrawDecided });
    const cancelled = await withdrawRequest(tx, requestId, { contactId, at, reason: BOOKING_MESSAGES.withdrawnCancelReason });
    if (!cancelled) throw new AppError('conflict', { detail: BOOKING_MESSAGES.withdrawDecided });
    await liveEvents.record(tx, { kind: 'pendingApproval.withdrawn', requestId });
    await audit(tx, {
      contactId,
      action: 'booking-request.withdrawn',
      entityType: 'booking_request',
      entityId: String(requestId),
      details: { via: 'portal', bookingIds: cancelled },
      requestId: trace.requestId,
      ip: trace.ip,
    });
    const answer: PendingBookingWithdrawResult = { id: requestId, status: 'withdrawn', bookingIds: cancelled };
    return { status: 200, body: answer };
  }
}
