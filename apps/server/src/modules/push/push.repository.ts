import { and, asc, desc, eq, isNull, lt, notInArray } from 'drizzle-orm';
import { pushSubscriptions } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';

/** A contact's browser notification subscriptions (push_subscriptions). */

export interface StoredSubscription {
  id: number;
  contactId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiredAt: Date | null;
}

/**
 * Keeps the subscription for the contact: an endpoint already stored (the same browser, perhaps signed in as
 * someone else before) takes the new keys and owner. Then only the contact's newest `keep` remain.
 * Answers whether the endpoint is new to the contact.
 */
export async function saveSubscription(
  db: DbOrTx,
  row: { contactId: number; endpoint: string; p256dh: string; auth: string; now: Date },
  keep: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ contactId: pushSubscriptions.contactId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, row.endpoint));
    await tx
      .insert(pushSubscriptions)
      .values({ contactId: row.contactId, endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth, createdAt: row.now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { contactId: row.contactId, p256dh: row.p256dh, auth: row.auth, createdAt: row.now, lastUsedAt: null, expiredAt: null },
      });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.contactId, row.contactId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(keep);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.contactId, row.contactId), notInArray(pushSubscriptions.id, newest)));
    return before?.contactId !== row.contactId;
  });
}

/** Forgets the contact's subscription of that endpoint; answers whether there was one. */
export async function deleteSubscription(db: DbOrTx, contactId: number, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.contactId, contactId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** The contact's subscriptions, oldest first; expired ones too, unless `live`. */
export function subscriptionsOf(db: DbOrTx, contactId: number, { live = false } = {}): Promise<StoredSubscription[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.contactId, contactId), live ? isNull(pushSubscriptions.expiredAt) : undefined))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

export async function subscriptionById(db: DbOrTx, id: number): Promise<StoredSubscription | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

/**
 * The push service no longer knows it (404, 410), or it can never be encrypted for: nothing more is sent to it, unless
 * it was replaced meanwhile. The row stays until the retention job's period has passed (the browser's renewal of it
 * is handed over by the contact's next visit, which must find it).
 */
export async function markExpired(db: DbOrTx, id: number, endpoint: string, at: Date): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ expiredAt: at })
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.endpoint, endpoint), isNull(pushSubscriptions.expiredAt)));
}

/** The retention job: subscriptions expired before `before` go; answers how many. */
export async function pruneExpiredSubscriptions(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db.delete(pushSubscriptions).where(lt(pushSubscriptions.expiredAt, before)).returning({ id: pushSubscriptions.id });
  return gone.length;
}

export async function markUsed(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastUsedAt: at }).where(eq(pushSubscriptions.id, id));
}
