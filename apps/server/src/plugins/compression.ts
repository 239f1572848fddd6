import { pipeline, Transform, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { VersionedAnswer } from '../lib/versioned-answers';

/**
 * Compressed answers (`@fastify/compress`): brotli or gzip, whichever the request's Accept-Encoding prefers (brotli on
 * a tie), for answers of at least {@link COMPRESSION_THRESHOLD_BYTES} whose type is JSON, CSV or a calendar (or another
 * type the MIME database marks compressible, such as HTML or SVG; PDFs, images and archives are not). A 100-row
 * bookings page goes from tens of kilobytes to a few; the group's calendar feed from over a megabyte to tens of
 * kilobytes (figures in bench/RESULTS.md, "Compression").
 *
 * What is left alone, and why:
 * - Smaller answers: the saving is a few hundred bytes at most and costs a compressor each.
 * - Requests without Accept-Encoding, with `identity` only, or with codings this server does not make (`zstd`,
 *   `deflate`, unknown tokens, `*;q=0`): the plain answer, never a 406.
 * - The live event stream (`/v1/events`): it hijacks the connection and writes its events itself, so no hook sees
 *   them (a compressor would hold events back until its buffer filled).
 * - File downloads: they declare `compress: false` (PDFs and images are compressed already); types the MIME database
 *   marks not compressible (PDF, images, archives) are never compressed anyway.
 * - The web app's files: registered before this plugin, they are sent as the brotli or gzip twins written at build
 *   time (plugins/static-web.ts), compressed once at the highest level instead of on every request.
 * - 304s carry no body. A HEAD answer has the headers of the plain answer (its Content-Length, no Content-Encoding):
 *   nothing is compressed only to be thrown away.
 *
 * ETags stay as the answers computed them (plugins/http-cache.ts): over the decoded bytes, the same for every coding,
 * so a tag learnt from a brotli answer revalidates a plain one too (If-None-Match compares weakly), and a 304 is the
 * same whatever the coding. `Vary: Accept-Encoding` keeps a cache's copies per coding apart.
 *
 * Brotli at quality 5 (the plugin's default is 4; the format's own, 11, is hundreds of times slower): measured on the
 * demo world's calendar feed (1.2 MB) it costs about a sixth more time than quality 4 and sends a fifth fewer bytes
 * (42 kB against 54 kB), and a 100-row page stays under a millisecond. Request bodies are not decompressed
 * (no client sends compressed bodies; a body is read as sent, within the body limit).
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** JSON (`application/json`, `application/problem+json`, …), CSV and iCalendar. */
export const COMPRESSIBLE_TYPES = /^(?:application\/(?:[\w.-]+\+)?json|text\/csv|text\/calendar)\s*(?:;|$)/i;

export const BROTLI_QUALITY = 5;

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } };
const encoders: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, { params: { ...BROTLI_OPTIONS.params, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => promisify(gzip)(body),
};

export default fp(
  async (app) => {
    await app.register(compress, {
      globalCompression: true,
      globalDecompression: false,
      encodings: [...ENCODINGS],
      threshold: COMPRESSION_THRESHOLD_BYTES,
      customTypes: COMPRESSIBLE_TYPES,
      brotliOptions: BROTLI_OPTIONS,
    });
    // After the plugin's own onSend, which it adds to each route as the route is declared (so this one, added to
    // each route after it, runs after it): a body compressed on the way out is a stream with no Content-Length, so
    // the request's log line learns its size by counting what goes out.
    app.addHook('onRoute', (route) => {
      route.onSend = [route.onSend ?? []].flat().concat(countStreamedBody);
    });
  },
  { name: 'compression' },
);

const sentBytes = new WeakMap<FastifyReply, { bytes: number }>();

function countStreamedBody(_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, value: unknown) => void) {
  if (!isStream(payload) || reply.hasHeader('content-length') || !reply.hasHeader('content-encoding')) return done(null, payload);
  const counted = { bytes: 0 };
  sentBytes.set(reply, counted);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      counted.bytes += chunk.length;
      next(null, chunk);
    },
  });
  // A failing compressor destroys the counter too (Fastify then ends the answer as for any failed stream).
  done(
    null,
    pipeline(payload, counter, () => {}),
  );
}

function isStream(payload: unknown): payload is Readable {
  return typeof payload === 'object' && payload !== null && typeof (payload as Readable).pipe === 'function';
}

/** The bytes of a body compressed as it was sent (known once the answer is complete), else undefined. */
export function streamedBodyBytes(reply: FastifyReply): number | undefined {
  return sentBytes.get(reply)?.bytes;
}

/** The coding the request's Accept-Encoding prefers among ours, as the plugin negotiates it (`*` and `x-gzip` as gzip). */
export function preferredEncoding(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (header === undefined || request.headers['x-no-compression'] !== undefined) return undefined;
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [...ENCODINGS, 'identity']);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

/** Each kept answer's compressed bodies, made once per coding and gone with the answer. */
const encodedBodies = new WeakMap<VersionedAnswer, Map<Encoding, Promise<Buffer>>>();

/**
 * Sends a kept answer (lib/versioned-answers.ts) in the coding the request prefers, compressed once per answer and
 * coding rather than for every request that gets it (off the event loop, on libuv's threads): a kept 100-row page
 * compressed per request took half the throughput of the plain one. The compressed bodies live as long as their answer
 * is kept, beside it (a few per cent of its bytes; not counted in ANSWER_CACHE_MB). Sends nothing and answers false
 * when the answer stays plain (too small, or no coding asked for); the caller sends the plain body then. The answer's
 * tag stays its ETag.
 */
export async function sendEncodedAnswer(request: FastifyRequest, reply: FastifyReply, answer: VersionedAnswer): Promise<boolean> {
  if (answer.body.length < COMPRESSION_THRESHOLD_BYTES) return false;
  const encoding = preferredEncoding(request);
  if (!encoding) return false;
  let bodies = encodedBodies.get(answer);
  if (!bodies) encodedBodies.set(answer, (bodies = new Map()));
  let encoded = bodies.get(encoding);
  if (!encoded) {
    encoded = encoders[encoding](answer.body);
    bodies.set(encoding, encoded);
    encoded.catch(() => bodies.delete(encoding));
  }
  const body = await encoded;
  const vary = reply.getHeader('vary');
  if (typeof vary !== 'string' || !vary) reply.header('vary', 'Accept-Encoding');
  else if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', `${vary}, Accept-Encoding`);
  reply.header('content-encoding', encoding).send(body);
  return true;
}
