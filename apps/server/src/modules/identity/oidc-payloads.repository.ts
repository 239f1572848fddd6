import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { oidcPayloads } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';

/**
 * The embedded OpenID Connect issuer's state (oidc-provider's Adapter: sessions, interactions, codes, grants), in
 * the database so that a sign-in started on one server process completes on another. Expiry is the database's
 * clock (now()), the same for every process. Expired rows are pruned now and then by upserts.
 */

type Payload = Record<string, unknown>;

const live = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

export async function upsertOidcPayload(db: DbOrTx, model: string, id: string, payload: Payload, expiresInSeconds: number | undefined) {
  const expiresAt = expiresInSeconds ? sql`now() + make_interval(secs => ${expiresInSeconds})` : null;
  const values = {
    model,
    id,
    payload,
    grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
    userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
    uid: typeof payload.uid === 'string' ? payload.uid : null,
    expiresAt,
    consumedAt: null,
  };
  await db
    .insert(oidcPayloads)
    .values(values as never)
    .onConflictDoUpdate({
      target: [oidcPayloads.model, oidcPayloads.id],
      set: {
        payload: values.payload,
        grantId: values.grantId,
        userCode: values.userCode,
        uid: values.uid,
        expiresAt: expiresAt as never,
        consumedAt: null,
      },
    });
}

async function findWhere(db: DbOrTx, model: string, where: ReturnType<typeof eq>) {
  const [row] = await db
    .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, model), where, live()))
    .limit(1);
  if (!row) return undefined;
  const payload = row.payload as Payload;
  return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
}

export function findOidcPayload(db: DbOrTx, model: string, id: string) {
  return findWhere(db, model, eq(oidcPayloads.id, id));
}

export function findOidcPayloadByUid(db: DbOrTx, model: string, uid: string) {
  return findWhere(db, model, eq(oidcPayloads.uid, uid));
}

export function findOidcPayloadByUserCode(db: DbOrTx, model: string, userCode: string) {
  return findWhere(db, model, eq(oidcPayloads.userCode, userCode));
}

export async function consumeOidcPayload(db: DbOrTx, model: string, id: string) {
  await db
    .update(oidcPayloads)
    .set({ consumedAt: sql`now()` as never })
    .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
}

export async function destroyOidcPayload(db: DbOrTx, model: string, id: string) {
  await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
}

/** Everything issued under a grant (codes, tokens), whatever its model. */
export async function revokeOidcGrant(db: DbOrTx, grantId: string) {
  await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
}

export async function pruneOidcPayloads(db: DbOrTx) {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now()`));
}

/** A value shared by every process (the issuer's signing key), under the model '_shared'; it never expires. */
export async function readSharedOidcValue(db: DbOrTx, id: string): Promise<Payload | undefined> {
  const [row] = await db
    .select({ payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, '_shared'), eq(oidcPayloads.id, id)))
    .limit(1);
  return row?.payload as Payload | undefined;
}

/** Stores it unless another process did first (read it back afterwards: the first one stored wins). */
export async function storeSharedOidcValue(db: DbOrTx, id: string, payload: Payload): Promise<void> {
  await db
    .insert(oidcPayloads)
    .values({ model: '_shared', id, payload })
    .onConflictDoNothing({ target: [oidcPayloads.model, oidcPayloads.id] });
}
