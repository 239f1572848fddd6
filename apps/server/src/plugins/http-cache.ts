import { hash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Versioned, VersionedAnswer, VersionedAnswers, VersionedPage } from '../lib/versioned-answers';
import { sendEncodedAnswer } from './compression';

/**
 * HTTP revalidation for the caller's reference data, declared where a route is registered:
 * `config: { cacheable: true }`. Such a route's successful answers leave with
 *
 * - `Cache-Control: private, no-cache`: only the caller's own browser may keep the answer (never a shared cache),
 *   and it must ask again before every use. No max-age: the web app's TanStack Query already keeps answers for
 *   the spec's lifetimes, and after a write it invalidates and refetches; a browser max-age would hand that
 *   refetch the answer from before the write. `no-cache` costs one revalidation, which is what the ETag makes cheap.
 * - `Vary: Authorization, Impersonated-Contact`: the same URL answers differently per caller (and per
 *   impersonated contact), so a browser keeps one entry per caller and never offers one caller's copy for another's.
 * - `ETag`: a strong validator over the serialised body (SHA-1 of the bytes, computed after serialisation), so a
 *   304 means "byte for byte what you hold" — whoever asks and whatever changed in between. A request whose
 *   `If-None-Match` names it gets 304 with no body (the handler still runs: the saving is the body on the wire and
 *   the browser's parse, not the query).
 *
 * A route that already knows the tag of the bytes it sends (one that keeps its serialised answer) sets the `ETag`
 * header itself and it is used as it is; it must be `entityTag` of exactly those bytes, or a versioned answer's tag
 * (`sendVersioned`, docs/decisions/009), which names the data the bytes were computed from and answers 304 before
 * the handler computes anything.
 *
 * Only 200 answers to GET and HEAD get an ETag and can become 304. Errors (problems, 401 from the authenticate
 * hook before any handler runs) are answered as always and carry no validator, so nothing is 304 before the caller
 * is authenticated and authorised. Other 2xx answers (a 204 "none") get the same Cache-Control and Vary.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers are private and revalidated by ETag (plugins/http-cache.ts). For per-caller reference data. */
    cacheable?: boolean;
  }
}

export const CACHEABLE_CACHE_CONTROL = 'private, no-cache';
const VARY = ['Authorization', 'Impersonated-Contact'];

/**
 * The strong entity tag of a serialised body. SHA-1 as a fingerprint, not for secrecy (the caller holds the body):
 * the one-shot `crypto.hash` costs ~1 µs for a small answer and ~16 µs for the 8 kB profile.
 */
export function entityTag(body: string | Buffer): string {
  return `"${hash('sha1', body, 'base64url')}"`;
}

/**
 * Sends a JSON answer the route serialised itself (with `reply.serialize`, its own response serialiser) and keeps,
 * with its `entityTag`: Fastify sends a string with a JSON content type as it is, and the hook below uses the tag.
 */
export function sendSerialised(reply: FastifyReply, body: string | Buffer, etag: string): FastifyReply {
  return reply.header('etag', etag).type('application/json; charset=utf-8').send(body);
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly (a W/ prefix on either side does not matter); `*` matches any. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  for (const part of header.split(',')) {
    const tag = part.trim();
    if (tag === '*' || tag.replace(/^W\//, '') === opaque) return true;
  }
  return false;
}

/**
 * Answers a route declared `cacheable` from a versioned answer (lib/versioned-answers.ts): 304 with no body when
 * the request's `If-None-Match` names the tag (nothing is computed), otherwise the kept answer or the one
 * `compute` makes, with the tag as its ETag, in the coding the request prefers (compressed once per kept answer).
 */
export async function sendVersioned(
  request: FastifyRequest,
  reply: FastifyReply,
  answers: VersionedAnswers,
  tag: string,
  compute: () => Promise<VersionedAnswer>,
): Promise<FastifyReply> {
  if (noneMatch(request.headers['if-none-match'], tag)) return reply.code(304).header('etag', tag).send();
  const answer = await answers.answer(tag, compute);
  for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
  reply.header('etag', tag).type('application/json; charset=utf-8');
  // Compressed once per kept answer and coding (plugins/compression.ts), not for every request.
  if (await sendEncodedAnswer(request, reply, answer)) return reply;
  return sendSerialised(reply, answer.body, tag);
}

/**
 * The route's own JSON serialiser of a 200 answer. A route that also answers another media type (a list's CSV export)
 * declares its 200 per media type, and `reply.serialize` cannot choose among them: JSON's is asked for by name.
 */
function serializeJson(reply: FastifyReply, value: unknown): string {
  const ok = (reply.request.routeOptions.schema?.response as Record<string, unknown> | undefined)?.['200'];
  const perMediaType = typeof ok === 'object' && ok !== null && 'content' in ok;
  return String(perMediaType ? reply.serializeInput(value as Record<string, unknown>, '200', 'application/json') : reply.serialize(value));
}

/**
 * `sendVersioned` for a service's versioned page: the page is serialised by the route's own response serialiser (or
 * comes written, `PageAnswer.json`) and kept with its x-pagination header.
 */
export function sendVersionedPage<T>(request: FastifyRequest, reply: FastifyReply, answers: VersionedAnswers, page: VersionedPage<T>) {
  return sendVersioned(request, reply, answers, page.tag, async () => {
    const loaded = await page.load();
    const body = 'json' in loaded ? loaded.json : Buffer.from(serializeJson(reply, loaded.answer));
    return { body, headers: { 'x-pagination': JSON.stringify(loaded.pagination) } };
  });
}

/** `sendVersioned` for a service's versioned answer without pagination. */
export function sendVersionedValue<T>(request: FastifyRequest, reply: FastifyReply, answers: VersionedAnswers, value: Versioned<T>) {
  return sendVersioned(request, reply, answers, value.tag, async () => ({
    body: Buffer.from(serializeJson(reply, await value.load())),
    headers: {},
  }));
}

function addVary(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  const have = typeof current === 'string' ? current.split(',').map((v) => v.trim().toLowerCase()) : [];
  const missing = VARY.filter((v) => !have.includes(v.toLowerCase()));
  if (missing.length === 0) return;
  reply.header('vary', [typeof current === 'string' && current ? current : undefined, ...missing].filter(Boolean).join(', '));
}

export default fp(
  async (app) => {
    // A plain (callback) hook: it runs on every answer, and an async one cost a promise each time.
    app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, value: unknown) => void) => {
      done(null, cacheHeaders(request, reply, payload));
    });
  },
  { name: 'http-cache' },
);

/** The caching headers of a cacheable route's answer, and the answer itself or (a matching If-None-Match) none. */
function cacheHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (request.routeOptions.config.cacheable !== true) return payload;
  if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
  const status = reply.statusCode;
  if (status === 304) {
    // A versioned answer's revalidation (sendVersioned): its ETag stays, with the same caching headers.
    reply.header('cache-control', CACHEABLE_CACHE_CONTROL);
    addVary(reply);
    return payload;
  }
  if (status < 200 || status >= 300) {
    // A problem must not be revalidated into a 304 of an earlier success.
    reply.removeHeader('etag');
    return payload;
  }
  reply.header('cache-control', CACHEABLE_CACHE_CONTROL);
  addVary(reply);
  if (status !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
  // A route that keeps its serialised answer (the profile) sends the tag it computed with it.
  const known = reply.getHeader('etag');
  const etag = typeof known === 'string' ? known : entityTag(payload);
  reply.header('etag', etag);
  if (!noneMatch(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  return null;
}
