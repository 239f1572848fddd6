import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKeys } from '@portal/db/schema';
import type { Db } from '@portal/db/client';
import { AppError } from './app-error';

/**
 * `Idempotency-Key` for writes a double click could repeat (DESIGN 'API rules'). The first request with a key
 * claims it (a row with no answer yet), runs, and stores its answer; a repeat with the same key and the same
 * request gets that stored answer and causes no second effect. A repeat while the first still runs gets 409; the
 * same key with a different request gets 422. A failed first request frees the key, so the user can try again.
 * Keys belong to the contact acted as (impersonating staff share the contact's keys) and last 24 hours.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;
const TTL_MS = 24 * 60 * 60 * 1000;
/** A claimed key whose request never finished (the process died) is taken over after this long. */
const STALE_CLAIM_MS = 60 * 1000;

export interface IdempotentAnswer<T> {
  status: number;
  body: T;
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify({ method: request.method, url: request.url, body: request.body ?? null }))
    .digest('base64url');
}

/** The Idempotency-Key header, checked; undefined when absent. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY_PATTERN.test(key))
    throw AppError.field('Idempotency-Key', 'Idempotency-Key must be 8 to 255 visible ASCII characters', 'bad-request');
  return key;
}

/**
 * Runs `work` at most once per (contact, key) and sends its answer. Without a key it simply runs.
 * `work` should do all of its writes in one transaction, so a failure leaves nothing half-written.
 */
export async function idempotent<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  contactId: number,
  work: () => Promise<IdempotentAnswer<T>>,
): Promise<FastifyReply> {
  const key = idempotencyKeyOf(request);
  if (key === undefined) {
    const answer = await work();
    return reply.code(answer.status).send(answer.body);
  }
  const hash = requestHash(request);
  const now = Date.now();
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.contactId, contactId), eq(idempotencyKeys.key, key), lt(idempotencyKeys.expiresAt, new Date(now))));
  const claimed = await db
    .insert(idempotencyKeys)
    .values({
      contactId,
      key,
      method: request.method,
      path: request.routeOptions.url ?? request.url,
      requestHash: hash,
      expiresAt: new Date(now + TTL_MS),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) {
    const [existing] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.contactId, contactId), eq(idempotencyKeys.key, key)));
    if (!existing) return idempotent(db, request, reply, contactId, work);
    if (existing.requestHash !== hash)
      throw new AppError('idempotency-key-reused', {
        detail: 'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
      });
    if (existing.statusCode === null) {
      const stale = now - existing.createdAt.getTime() > STALE_CLAIM_MS;
      if (!stale)
        throw new AppError('conflict', {
          detail: 'The same request is still being processed. Please wait a moment.',
          headers: { 'retry-after': '1' },
        });
      // Take over a claim whose request never finished.
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.contactId, contactId), eq(idempotencyKeys.key, key), sql`${idempotencyKeys.statusCode} is null`));
      return idempotent(db, request, reply, contactId, work);
    }
    reply.header('idempotent-replayed', 'true');
    return reply.code(existing.statusCode).send(existing.responseBody as T);
  }
  let answer: IdempotentAnswer<T>;
  try {
    answer = await work();
  } catch (error) {
    await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.contactId, contactId), eq(idempotencyKeys.key, key)));
    throw error;
  }
  await db
    .update(idempotencyKeys)
    .set({ statusCode: answer.status, responseBody: answer.body as unknown })
    .where(and(eq(idempotencyKeys.contactId, contactId), eq(idempotencyKeys.key, key)));
  return reply.code(answer.status).send(answer.body);
}
