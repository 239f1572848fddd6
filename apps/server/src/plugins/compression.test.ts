import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { signIn, type SignedIn } from '../../test/auth-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_THRESHOLD_BYTES, sendEncodedAnswer } from './compression';

/**
 * Compressed answers over HTTP (plugins/compression.ts): large JSON, CSV and calendar answers in brotli or gzip as the
 * request prefers, decoding to the very bytes of the plain answer; small answers, `identity` and odd Accept-Encoding
 * headers plain; the live event stream never; ETags and 304s as before.
 */

const TEST_NOW = inject('testNow');
let t: TestApp;
let admin: SignedIn;

const BOOKINGS = '/v1/bookings?sort=-date&take=100';

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...admin.headers, ...headers } });

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(TEST_NOW) });
  admin = await signIn(t.app, 'group.admin@demo.test');
});
afterAll(async () => {
  await t?.close();
});

describe('compressed answers', () => {
  it('a large JSON list comes in brotli or gzip as asked, and decodes to the plain answer', async () => {
    const plain = await get(BOOKINGS, { 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(20_000);

    for (const [header, coding] of [
      ['gzip, deflate, br', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip;q=0.9', 'gzip'],
      ['zstd, gzip;q=0.8', 'gzip'],
      ['x-gzip', 'gzip'],
    ] as const) {
      const res = await get(BOOKINGS, { 'accept-encoding': header });
      expect(res.statusCode, header).toBe(200);
      expect(res.headers['content-encoding'], header).toBe(coding);
      expect(String(res.headers.vary).toLowerCase(), header).toContain('accept-encoding');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      // Same pagination header and the same tag as the plain answer: the tag names the decoded bytes.
      expect(res.headers['x-pagination']).toBe(plain.headers['x-pagination']);
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(res.rawPayload.length, header).toBeLessThan(plain.rawPayload.length / 4);
      expect(decode(res.rawPayload, coding).equals(plain.rawPayload), header).toBe(true);
    }
  });

  it('leaves small answers, identity and a request without Accept-Encoding plain', async () => {
    const small = await get('/v1/invoices/outstanding-invoices-count', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();

    const ping = await t.app.inject({ method: 'GET', url: '/api/ping', headers: { 'accept-encoding': 'br' } });
    expect(ping.headers['content-encoding']).toBeUndefined();

    const none = await t.app.inject({ method: 'GET', url: BOOKINGS, headers: admin.headers });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(Array.isArray(none.json())).toBe(true);

    const identity = await get(BOOKINGS, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(none.rawPayload)).toBe(true);
  });

  it('answers odd or hostile Accept-Encoding headers plainly or compressed, never with an error', async () => {
    const plainBody = (await get(BOOKINGS)).rawPayload;
    const cases: Array<[string, string | undefined]> = [
      ['*;q=0', undefined],
      ['identity;q=0, *;q=0', undefined],
      ['br;q=0, gzip;q=0', undefined],
      ['compress, unknown-coding, 🍩', undefined],
      ['', undefined],
      [',,,;;;q=,=', undefined],
      ['br;q=abc, gzip;q=-1', undefined],
      ['*', 'gzip'],
      ['GZIP', 'gzip'],
      [`${'x'.repeat(6000)}, gzip`, 'gzip'],
      [Array.from({ length: 1500 }, (_, i) => `c${i};q=0.${i % 10}`).join(','), undefined],
    ];
    for (const [header, coding] of cases) {
      const started = performance.now();
      const res = await get(BOOKINGS, { 'accept-encoding': header });
      expect(res.statusCode, header.slice(0, 40)).toBe(200);
      expect(res.headers['content-encoding'], header.slice(0, 40)).toBe(coding);
      expect(decode(res.rawPayload, coding).equals(plainBody), header.slice(0, 40)).toBe(true);
      expect(performance.now() - started).toBeLessThan(2000);
    }
    // Over Node's header limit: refused before any route (431), not a 500.
    const huge = await get(BOOKINGS, { 'accept-encoding': 'gzip,'.repeat(4000) });
    expect([200, 431]).toContain(huge.statusCode);
  });

  it('keeps the ETag and 304: a tag learnt from a compressed answer revalidates with no body', async () => {
    const first = await get(BOOKINGS, { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    for (const coding of ['br', 'gzip', 'identity']) {
      const again = await get(BOOKINGS, { 'accept-encoding': coding, 'if-none-match': etag });
      expect(again.statusCode, coding).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers['content-encoding']).toBeUndefined();
      expect(again.headers.etag).toBe(etag);
    }
    // A route whose tag the http-cache hook computes over the serialised body (reference data).
    const profile = await get('/v1/profile', { 'accept-encoding': 'gzip' });
    const profileTag = profile.headers.etag as string;
    const plainProfile = await get('/v1/profile', { 'accept-encoding': 'identity' });
    expect(plainProfile.headers.etag).toBe(profileTag);
    expect((await get('/v1/profile', { 'accept-encoding': 'gzip', 'if-none-match': profileTag })).statusCode).toBe(304);
  });

  it('answers HEAD with the headers of the plain GET and no body (nothing is compressed to be thrown away)', async () => {
    const headers = { ...admin.headers, 'accept-encoding': 'br' };
    const head = await t.app.inject({ method: 'HEAD', url: '/v1/profile', headers });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-encoding']).toBeUndefined();
    const plain = await get('/v1/profile', { 'accept-encoding': 'identity' });
    expect(head.headers['content-length']).toBe(String(plain.rawPayload.length));
    expect(head.headers.etag).toBe(plain.headers.etag);
  });

  it('compresses the CSV export, decoding to the plain file', async () => {
    const url = '/v1/timesheets/list';
    const plain = await get(url, { accept: 'text/csv', 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/csv/);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    for (const coding of ['br', 'gzip']) {
      const res = await get(url, { accept: 'text/csv', 'accept-encoding': coding });
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers['content-disposition']).toBe(plain.headers['content-disposition']);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decode(res.rawPayload, coding).equals(plain.rawPayload)).toBe(true);
    }
  });

  it('compresses the calendar feed, and its 304 still holds', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/v1/calendar-feed', headers: admin.headers });
    expect(created.statusCode).toBe(201);
    const path = new URL(created.json<{ url: string }>().url).pathname;
    const feed = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: path, headers, remoteAddress: '10.9.9.9' });
    const plain = await feed({ 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/calendar/);
    const br = await feed({ 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    const revalidated = await feed({ 'accept-encoding': 'br, gzip', 'if-none-match': br.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses the live event stream: events arrive as they are written', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const issued = await t.app.inject({ method: 'POST', url: '/v1/events/ticket', headers: admin.headers });
    const { ticket } = issued.json<{ ticket: string }>();
    const abort = new AbortController();
    // fetch asks for gzip, deflate, br itself, and would decode them transparently: the header tells.
    const res = await fetch(`${base}/v1/events?ticket=${ticket}`, {
      headers: { 'accept-encoding': 'br, gzip' },
      signal: abort.signal,
    });
    try {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('content-encoding')).toBeNull();
      // The stream's first lines come at once, not when a compressor's buffer fills.
      const reader = res.body!.getReader();
      const first = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event within 3 s')), 3000)),
      ]);
      expect(new TextDecoder().decode(first.value)).toContain('event: heartbeat');
    } finally {
      abort.abort();
    }
  });

  it('compresses a kept answer once per coding, and leaves a small one or a plain request alone', async () => {
    const sent: Array<{ headers: Record<string, unknown>; body: unknown }> = [];
    const fakeReply = () => {
      const headers: Record<string, unknown> = { vary: 'Authorization' };
      const reply = {
        getHeader: (name: string) => headers[name],
        header(name: string, value: unknown) {
          headers[name] = value;
          return reply;
        },
        send(body: unknown) {
          sent.push({ headers, body });
          return reply;
        },
      };
      return reply as unknown as FastifyReply;
    };
    const asking = (encoding?: string) => ({ headers: encoding ? { 'accept-encoding': encoding } : {} }) as FastifyRequest;
    const answer = { body: Buffer.from(JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i })))), headers: {} };

    expect(await sendEncodedAnswer(asking('gzip, br'), fakeReply(), answer)).toBe(true);
    expect(await sendEncodedAnswer(asking('br'), fakeReply(), answer)).toBe(true);
    expect(await sendEncodedAnswer(asking('gzip'), fakeReply(), answer)).toBe(true);
    const [first, second, third] = sent;
    expect(first!.headers['content-encoding']).toBe('br');
    expect(first!.headers.vary).toBe('Authorization, Accept-Encoding');
    // The same bytes, not compressed again.
    expect(second!.body).toBe(first!.body);
    expect(brotliDecompressSync(first!.body as Buffer).equals(answer.body)).toBe(true);
    expect(third!.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(third!.body as Buffer).equals(answer.body)).toBe(true);

    expect(await sendEncodedAnswer(asking(), fakeReply(), answer)).toBe(false);
    expect(await sendEncodedAnswer(asking('identity'), fakeReply(), answer)).toBe(false);
    expect(await sendEncodedAnswer(asking('br;q=0, *;q=0'), fakeReply(), answer)).toBe(false);
    expect(await sendEncodedAnswer(asking('br'), fakeReply(), { body: Buffer.from('{}'), headers: {} })).toBe(false);
    expect(sent).toHaveLength(3);
  });
});
