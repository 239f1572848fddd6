import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db, DbOrTx } from '@portal/db/client';
import { AppError } from './app-error';
import { answerUpdate, claimKey, freeKey, keyRow, storeAnswer, type AnswerBodySql, type KeyRef } from './idempotency.repository';

/**
 * `Idempotency-Key` for writes a double click could repeat (DESIGN 'API rules'). The first request with a key
 * claims it (a row with no answer yet), runs, and stores its answer; a repeat with the same key and the same
 * request gets that stored answer and causes no second effect. A repeat while the first still runs gets 409; the
 * same key with a different request gets 422. A failed first request frees the key, so the user can try again.
 * Keys belong to the contact acted as (impersonating staff share the contact's keys) and last 24 hours.
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
 * Handed to `work`, so the answer can commit with the effect instead of by a separate statement afterwards:
 * - `answerIn(tx, answer)` stores it inside the work's transaction;
 * - `answerStatement(status, body)` gives the UPDATE storing it (`body`: SQL of a jsonb, e.g. built from the rows a
 *   data-modifying CTE returns) for the work to run as part of its one writing statement, or undefined without a
 *   key. Whoever asks for it must run it in the statement that makes the effect.
 * Every write with an effect uses one of them (create, cancel, extend, approve/reject, replace-me, cancellation
 * request, timesheets): otherwise a failure between its commit and the answer's would free the key with the effect
 * made, and a retry would make it again. Work that uses neither (no effect of its own) gets its answer stored after
 * it returns.
 */
export interface IdempotencyScope {
  answerIn(tx: DbOrTx, answer: IdempotentAnswer<unknown>): Promise<void>;
  answerStatement(status: number, body: AnswerBodySql): AnswerBodySql | undefined;
}

/** The scope of a write sent without a key (and of a service called outside a route): nothing to store. */
export const NO_KEY: IdempotencyScope = { answerIn: async () => {}, answerStatement: () => undefined };

/**
 * Runs `work` at most once per (contact, key) and sends its answer. Without a key it simply runs.
 * `work` should do all of its writes in one transaction, so a failure leaves nothing half-written.
 *
 * Round trips of a first request: one statement claims the key (taking over an expired key, or a claim whose
 * request never finished, in the same statement), then the work; the answer is stored in the work's transaction
 * when it calls `answerIn`, else by one update afterwards.
 */
export async function idempotent<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  contactId: number,
  work: (scope: IdempotencyScope) => Promise<IdempotentAnswer<T>>,
): Promise<FastifyReply> {
  const key = idempotencyKeyOf(request);
  if (key === undefined) {
    const answer = await work(NO_KEY);
    return reply.code(answer.status).send(answer.body);
  }
  const hash = requestHash(request);
  // The app's clock: the claim's time, its expiry and what counts as a stale claim are all read from it.
  const now = request.server.now().getTime();
  const ours: KeyRef = { contactId, key };
  const claimed = await claimKey(
    db,
    {
      ...ours,
      method: request.method,
      path: request.routeOptions.url ?? request.url,
      requestHash: hash,
      expiresAt: new Date(now + TTL_MS),
    },
    new Date(now),
    new Date(now - STALE_CLAIM_MS),
  );
  if (!claimed) {
    const existing = await keyRow(db, ours);
    // Freed between the two statements (the first request failed): claim it again.
    if (!existing) return idempotent(db, request, reply, contactId, work);
    if (existing.requestHash !== hash)
      throw new AppError('idempotency-key-reused', {
        detail: 'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
      });
    if (existing.statusCode === null)
      throw new AppError('conflict', {
        detail: 'The same request is still being processed. Please wait a moment.',
        headers: { 'retry-after': '1' },
      });
    reply.header('idempotent-replayed', 'true');
    return reply.code(existing.statusCode).send(existing.responseBody as T);
  }
  let stored = false;
  const scope: IdempotencyScope = {
    async answerIn(tx, answer) {
      await storeAnswer(tx, ours, answer.status, answer.body);
      stored = true;
    },
    answerStatement(status, body) {
      stored = true;
      return answerUpdate(ours, status, body);
    },
  };
  let answer: IdempotentAnswer<T>;
  try {
    answer = await work(scope);
  } catch (error) {
    // Frees the key unless an answer was committed with the work (then the effect happened and the answer stays).
    await freeKey(db, ours);
    throw error;
  }
  if (!stored) await storeAnswer(db, ours, answer.status, answer.body);
  return reply.code(answer.status).send(answer.body);
}
