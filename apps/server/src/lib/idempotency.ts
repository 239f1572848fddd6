import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '@portal/db/client';
import { AppError } from './app-error';
import { claimKey, freeKey, keyRow, storeAnswer, type KeyClaim } from './idempotency.repository';

/**
 * `Idempotency-Key` for writes a double click could repeat (DESIGN 'API rules'). The first request with a key
 * claims it (a row with no answer yet), runs, and stores its answer; a repeat with the same key and the same
 * request gets that stored answer and causes no second effect. A repeat while the first still runs gets 409; the
 * same key with a different request gets 422. A failed first request frees the key, so the user can try again.
 * Keys belong to the contact acted as (impersonating staff share the contact's keys) and last 24 hours.
 *
 * The key owns the write's transaction: `idempotent` opens it, the write makes its effect in it and returns its
 * answer, and the answer is stored under the key in that same transaction, so the effect and the answer commit
 * together or not at all. Services take the transaction and know nothing of keys; `idempotentWrite` is the one
 * route helper every write accepting a key replies through.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The header as a route's OpenAPI declares it (`schema.headers`) on every write that accepts a key. */
export const IdempotencyKeyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .optional()
    .describe(
      '8 to 255 visible ASCII characters, new for each action the user submits and kept when it is sent again: a repeat ' +
        'answers the first result (header `idempotent-replayed`) with no second effect; the same key with another ' +
        'request is refused with 422, and while the first is still running with 409.',
    ),
});
const KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;
const TTL_MS = 24 * 60 * 60 * 1000;
/** A claimed key whose request never finished (the process died) is taken over after this long. */
const STALE_CLAIM_MS = 60 * 1000;

/** An open transaction, as `idempotent` hands it to the write. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a write answers: the status and body stored under the key and sent. */
export interface IdempotentAnswer<T> {
  status: number;
  body: T;
}

/**
 * What a write returns from inside its transaction: its answer, and what it does once that has committed (tell
 * who it concerns: those messages read what the transaction wrote). A replay runs none of it again.
 */
export interface Written<T> extends IdempotentAnswer<T> {
  afterCommit?: () => Promise<void>;
}

/** A checked key with what it is checked against: whose it is and which request first used it. */
export interface IdempotencyKey {
  contactId: number;
  key: string;
  method: string;
  path: string;
  requestHash: string;
  /** The app's clock: the claim's time, its expiry and what counts as a stale claim are all read from it. */
  now: Date;
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify({ method: request.method, url: request.url, body: request.body ?? null }))
    .digest('base64url');
}

/** The request's Idempotency-Key header, checked, as the key of `contactId`; undefined when absent. */
export function idempotencyKeyOf(request: FastifyRequest, contactId: number): IdempotencyKey | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY_PATTERN.test(key))
    throw AppError.field('Idempotency-Key', 'Idempotency-Key must be 8 to 255 visible ASCII characters', 'bad-request');
  return {
    contactId,
    key,
    method: request.method,
    path: request.routeOptions.url ?? request.url,
    requestHash: requestHash(request),
    now: request.server.now(),
  };
}

/**
 * Runs `write` in a transaction at most once per (contact, key) and answers what it returned, or the stored answer
 * of the first request with the key (`replayed`). Without a key it simply runs the write in a transaction.
 *
 * Round trips of a first request: one statement claims the key (taking over an expired key, or a claim whose
 * request never finished, in the same statement) and commits, so a repeat sent meanwhile sees it; then the
 * transaction of the write, which ends by storing the answer. A write that fails rolls back with its answer
 * and frees the key.
 */
export async function idempotent<T>(
  db: Db,
  key: IdempotencyKey | undefined,
  write: (tx: Tx) => Promise<Written<T>>,
): Promise<IdempotentAnswer<T> & { replayed: boolean }> {
  if (key === undefined) return run(db, write, async () => {});
  const at = key.now.getTime();
  const claim: KeyClaim = {
    contactId: key.contactId,
    key: key.key,
    method: key.method,
    path: key.path,
    requestHash: key.requestHash,
    expiresAt: new Date(at + TTL_MS),
  };
  const claimed = await claimKey(db, claim, key.now, new Date(at - STALE_CLAIM_MS));
  if (!claimed) {
    const existing = await keyRow(db, claim);
    // Freed between the two statements (the first request failed): claim it again.
    if (!existing) return idempotent(db, key, write);
    if (existing.requestHash !== key.requestHash)
      throw new AppError('idempotency-key-reused', {
        detail: 'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
      });
    if (existing.statusCode === null)
      throw new AppError('conflict', {
        detail: 'The same request is still being processed. Please wait a moment.',
        headers: { 'retry-after': '1' },
      });
    return { status: existing.statusCode, body: existing.responseBody as T, replayed: true };
  }
  try {
    return await run(db, write, (tx, answer) => storeAnswer(tx, claim, answer.status, answer.body));
  } catch (error) {
    // The answer rolled back with the effect: free the key, so the same request can be sent again.
    await freeKey(db, claim);
    throw error;
  }
}

async function run<T>(
  db: Db,
  write: (tx: Tx) => Promise<Written<T>>,
  store: (tx: Tx, answer: IdempotentAnswer<T>) => Promise<void>,
): Promise<IdempotentAnswer<T> & { replayed: boolean }> {
  const { status, body, afterCommit } = await db.transaction(async (tx) => {
    const written = await write(tx);
    await store(tx, written);
    return written;
  });
  await afterCommit?.();
  return { status, body, replayed: false };
}

/**
 * The handler of a write accepting an Idempotency-Key: reads the header as `contactId`'s key, runs `write` through
 * `idempotent`, and replies with the answer's status and body (a replay with the header `idempotent-replayed`).
 */
export async function idempotentWrite<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  contactId: number,
  write: (tx: Tx) => Promise<Written<T>>,
): Promise<FastifyReply> {
  const answer = await idempotent(request.server.database.db, idempotencyKeyOf(request, contactId), write);
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.status).send(answer.body);
}
