import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { idempotencyKeys } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';

/**
 * Queries of the Idempotency-Key helper (idempotency.ts): a key is one row per (contact, key), claimed with no
 * answer, then given its answer in the transaction of the request's effect, or freed when the request fails.
 */

export interface KeyRef {
  contactId: number;
  key: string;
}

export interface KeyClaim extends KeyRef {
  method: string;
  path: string;
  requestHash: string;
  expiresAt: Date;
}

const ours = (k: KeyRef) => and(eq(idempotencyKeys.contactId, k.contactId), eq(idempotencyKeys.key, k.key));

/**
 * Claims the key in one statement: a new key, an expired one, or a claim of the same request that never finished
 * (older than `staleBefore`: its process died) becomes ours. Answers whether it did.
 */
export async function claimKey(db: DbOrTx, claim: KeyClaim, now: Date, staleBefore: Date): Promise<boolean> {
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ ...claim, createdAt: now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.contactId, idempotencyKeys.key],
      set: {
        method: sql`excluded.method`,
        path: sql`excluded.path`,
        requestHash: sql`excluded.request_hash`,
        statusCode: null,
        responseBody: null,
        createdAt: sql`excluded.created_at`,
        expiresAt: sql`excluded.expires_at`,
      },
      setWhere: or(
        lt(idempotencyKeys.expiresAt, now),
        and(
          isNull(idempotencyKeys.statusCode),
          eq(idempotencyKeys.requestHash, sql`excluded.request_hash`),
          lt(idempotencyKeys.createdAt, staleBefore),
        ),
      ),
    })
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

/** The key's row as another request left it (its hash, and its answer once stored). */
export async function keyRow(
  db: DbOrTx,
  k: KeyRef,
): Promise<{ requestHash: string; statusCode: number | null; responseBody: unknown } | undefined> {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      responseBody: idempotencyKeys.responseBody,
    })
    .from(idempotencyKeys)
    .where(ours(k));
  return row;
}

/** Stores the answer; run it in the transaction of the effect, so both commit or neither does. */
export async function storeAnswer(db: DbOrTx, k: KeyRef, status: number, body: unknown): Promise<void> {
  await db.update(idempotencyKeys).set({ statusCode: status, responseBody: body }).where(ours(k));
}

/** Frees a claim that got no answer (its request failed), so the same key can be sent again. */
export async function freeKey(db: DbOrTx, k: KeyRef): Promise<void> {
  await db.delete(idempotencyKeys).where(and(ours(k), isNull(idempotencyKeys.statusCode)));
}
