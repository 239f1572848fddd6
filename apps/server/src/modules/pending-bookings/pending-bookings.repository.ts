import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { bookingRequests, bookings, clients } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';
import type { Scope } from '@portal/contract/permissions';
import type { PendingBookingSummary } from '@portal/contract/bookings';
import { inScope } from '../../read-model/data-scope.repository';
import { datesOfRequests, selectSummaries } from '../../read-model/booking-detail.repository';
import { toSummary } from '../../read-model/booking-answers';

/** The database handles, for the service (which imports no db package: queries live here). */
export type { Db, DbOrTx } from '@portal/db/client';

/**
 * Requests pending approval. The list filters on client_id (or location_id) and status, ordered by created_at:
 * the (client_id, status, created_at) index of booking_requests serves it.
 */

function pendingIn(scope: Scope) {
  return and(eq(bookingRequests.status, 'pending_approval'), inScope(bookingRequests.clientId, bookingRequests.locationId, scope))!;
}

export async function pendingSummaries(
  db: DbOrTx,
  scope: Scope,
  skip: number,
  take: number,
): Promise<{ items: PendingBookingSummary[]; total: number }> {
  const where = pendingIn(scope);
  const [rows, [counted]] = await Promise.all([
    selectSummaries(db, {}).where(where).orderBy(desc(bookingRequests.createdAt), desc(bookingRequests.id)).limit(take).offset(skip),
    db.select({ n: count() }).from(bookingRequests).where(where),
  ]);
  const dates = await datesOfRequests(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toSummary(r, dates.get(r.id) ?? [])), total: counted?.n ?? 0 };
}

/** The request's bookings still pending approval, with what decides whether each date can still be booked. */
export async function pendingBookingsOf(tx: DbOrTx, requestId: number) {
  return tx
    .select({
      id: bookings.id,
      dateLocal: bookings.dateLocal,
      startTimeLocal: bookings.startTimeLocal,
      timeZone: bookings.timeZone,
      sameDayCutoff: clients.sameDayCutoff,
    })
    .from(bookings)
    .innerJoin(clients, eq(clients.id, bookings.clientId))
    .where(and(eq(bookings.requestId, requestId), eq(bookings.status, 'pending_approval')))
    .orderBy(asc(bookings.dateLocal), asc(bookings.id));
}

/**
 * Decides a pending request and its pending bookings; undefined when it was no longer pending. Approving sends
 * the bookings to the provider (unfilled) except `expiredIds`, whose dates can no longer be booked: those are
 * cancelled. Answers the ids of the bookings approved (or rejected).
 */
export async function decideRequest(
  tx: DbOrTx,
  requestId: number,
  decision: {
    status: 'approved' | 'rejected';
    contactId: number;
    at: Date;
    rejectReason: string | null;
    expiredIds?: readonly number[];
    expiredReason?: string;
  },
): Promise<number[] | undefined> {
  const updated = await tx
    .update(bookingRequests)
    .set({ status: decision.status, decidedByContactId: decision.contactId, decidedAt: decision.at, rejectReason: decision.rejectReason })
    .where(and(eq(bookingRequests.id, requestId), eq(bookingRequests.status, 'pending_approval')))
    .returning({ id: bookingRequests.id });
  if (updated.length === 0) return undefined;
  const pending = and(eq(bookings.requestId, requestId), eq(bookings.status, 'pending_approval'));
  const expired = decision.status === 'approved' ? [...(decision.expiredIds ?? [])] : [];
  if (expired.length > 0) {
    await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelReason: decision.expiredReason ?? null, cancelledAt: decision.at, updatedAt: decision.at })
      .where(and(pending, inArray(bookings.id, expired)));
  }
  const changed = await tx
    .update(bookings)
    .set({ status: decision.status === 'approved' ? 'unfilled' : 'rejected', updatedAt: decision.at })
    .where(pending)
    .returning({ id: bookings.id });
  return changed.map((b) => b.id).sort((a, b) => a - b);
}

/** Who asked for a request, where, and whether it still waits; locked when `forUpdate`. */
export async function requestOwner(db: DbOrTx, requestId: number, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select({
      id: bookingRequests.id,
      locationId: bookingRequests.locationId,
      status: bookingRequests.status,
      createdByContactId: bookingRequests.createdByContactId,
    })
    .from(bookingRequests)
    .where(eq(bookingRequests.id, requestId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * Withdraws a request still pending approval (the requester stands as who decided, and when) and cancels its
 * bookings; undefined when it no longer waited. Answers the ids of the bookings cancelled.
 */
export async function withdrawRequest(
  tx: DbOrTx,
  requestId: number,
  withdrawal: { contactId: number; at: Date; reason: string },
): Promise<number[] | undefined> {
  const updated = await tx
    .update(bookingRequests)
    .set({ status: 'withdrawn', decidedByContactId: withdrawal.contactId, decidedAt: withdrawal.at })
    .where(and(eq(bookingRequests.id, requestId), eq(bookingRequests.status, 'pending_approval')))
    .returning({ id: bookingRequests.id });
  if (updated.length === 0) return undefined;
  const cancelled = await tx
    .update(bookings)
    .set({
      status: 'cancelled',
      cancelReason: withdrawal.reason,
      cancelledAt: withdrawal.at,
      cancelledByContactId: withdrawal.contactId,
      updatedAt: withdrawal.at,
    })
    .where(and(eq(bookings.requestId, requestId), eq(bookings.status, 'pending_approval')))
    .returning({ id: bookings.id });
  return cancelled.map((b) => b.id).sort((a, b) => a - b);
}

/** The bookings of a request (a withdrawn request's answer again). */
export async function bookingIdsOf(db: DbOrTx, requestId: number): Promise<number[]> {
  const rows = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.requestId, requestId)).orderBy(asc(bookings.id));
  return rows.map((r) => r.id);
}
