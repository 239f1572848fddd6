import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ProblemDetails } from '@portal/contract/problems';
import { RuntimeConfig } from '@portal/contract/runtime-config';
import { buildTestApp, type TestApp } from '../test/helpers';
import { RELEASE } from './lib/release';

const Echo = z.strictObject({ name: z.string().min(1).max(10), count: z.number().int() });

function testRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/v1/__test/echo',
    { config: { public: true }, schema: { body: Echo, response: { 200: Echo } } },
    async (request) => request.body,
  );
  typed.get('/v1/__test/crash', { config: { public: true } }, async () => {
    throw new Error('secret internal detail');
  });
  typed.get('/v1/__test/db-down', { config: { public: true } }, async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ kind: 'migrated', env: { BODY_LIMIT_BYTES: '2048' }, routes: testRoutes });
});
afterAll(async () => {
  await t?.close();
});

function expectProblem(res: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/);
  const body = ProblemDetails.parse(JSON.parse(res.body));
  expect(body.status).toBe(status);
  expect(body.code).toBe(code);
  expect(body.traceId).toBe(res.headers['x-request-id']);
  expect(res.body).not.toMatch(/at .*\.ts:\d+/); // never a stack trace
  return body;
}

const post = (payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  t.app.inject({ method: 'POST', url: '/v1/__test/echo', payload, headers });

describe('health and configuration', () => {
  it('answers GET and HEAD /api/ping', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/ping' });
    expect(get.statusCode).toBe(200);
    // The product's version (spec §9) and the release: git describe of the checkout run from sources, of the build's
    // sources when built (build.mjs).
    expect(get.json()).toEqual({ status: 'ok', version: '1.0.0', release: RELEASE });
    expect(RELEASE).toMatch(/^[\w.+-]+$/);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/ping' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('reports readiness with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(['pglite', 'postgres']).toContain(res.json().database);
  });

  it('serves the runtime configuration of the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config.runtime.json' });
    expect(res.statusCode).toBe(200);
    const config = RuntimeConfig.parse(res.json());
    expect(config.apiVersion).toBe('1');
    // Settings shows the product's version (spec §9); error reports carry the build.
    expect(config.appVersion).toBe('1.0.0');
    expect(config.release).toBe(RELEASE);
    // No placeholder store pages: links appear only when APP_STORE_LINKS names them.
    expect(config.appStoreLinks).toEqual({});
    // The demo delivers every confirmation method (into its outbox): the booking form offers them all.
    expect(config.confirmationMethods).toEqual(['email', 'sms', 'voice', 'push']);
  });

  it('publishes OpenAPI 3.1 and the docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/ping']).toBeDefined();
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ping', headers: { 'x-request-id': 'client-supplied-id-1' } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBe('client-supplied-id-1');
    const forged = await t.app.inject({ method: 'GET', url: '/api/ping', headers: { 'x-request-id': 'bad id with spaces <script>' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('problem details for bad input', () => {
  it('echoes a valid body', async () => {
    const res = await post(JSON.stringify({ name: 'Ada', count: 2 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Ada', count: 2 });
  });

  it('names missing fields with the spec text', async () => {
    const body = expectProblem(await post('{}'), 400, 'validation');
    expect(body.errors).toEqual({ name: ['This field is required'], count: ['This field is required'] });
  });

  it('names a wrongly typed field', async () => {
    const body = expectProblem(await post(JSON.stringify({ name: 'Ada', count: 'two' })), 400, 'validation');
    expect(body.errors?.count).toEqual(['Please enter a valid number']);
  });

  it('names a too-long field with the spec text', async () => {
    const body = expectProblem(await post(JSON.stringify({ name: 'a'.repeat(11), count: 1 })), 400, 'validation');
    expect(body.errors?.name).toEqual(['This field must be 10 characters or less']);
  });

  it('refuses unknown fields', async () => {
    const body = expectProblem(await post(JSON.stringify({ name: 'Ada', count: 1, admin: true })), 400, 'validation');
    expect(JSON.stringify(body.errors)).toContain('admin');
  });

  it('refuses malformed JSON', async () => {
    expectProblem(await post('{"name": "Ada",'), 400, 'bad-request');
  });

  it('refuses an empty JSON body', async () => {
    expectProblem(await post(''), 400, 'bad-request');
  });

  it('refuses prototype poisoning', async () => {
    expectProblem(await post('{"name":"Ada","count":1,"__proto__":{"admin":true}}'), 400, 'bad-request');
    expectProblem(await post('{"name":"Ada","count":1,"constructor":{"prototype":{"admin":true}}}'), 400, 'bad-request');
  });

  it('refuses an oversized body with 413', async () => {
    expectProblem(await post(JSON.stringify({ name: 'Ada', count: 1, pad: 'x'.repeat(5000) })), 413, 'payload-too-large');
  });

  it('refuses a wrong content type with 415', async () => {
    expectProblem(await post('name=Ada', { 'content-type': 'text/plain' }), 415, 'unsupported-media-type');
    expectProblem(await post('name=Ada', { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'unsupported-media-type');
  });

  it('answers unknown routes with a 404 problem', async () => {
    const body = expectProblem(await t.app.inject({ method: 'GET', url: '/v1/no-such-thing' }), 404, 'not-found');
    expect(body.detail).toContain('/v1/no-such-thing');
  });

  it('answers an over-long path parameter and a malformed URL with problems', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/v1/clients/${'9'.repeat(300)}/additional-details` });
    expect(long.statusCode).toBe(414);
    expect(long.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(long.json().code).toBe('uri-too-long');
    const bad = await t.app.inject({ method: 'GET', url: '/v1/clients/%E0%A4%A/additional-details' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('hides the internals of an unexpected error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/__test/crash' });
    const body = expectProblem(res, 500, 'internal');
    expect(res.body).not.toContain('secret internal detail');
    expect(body.detail).toBeUndefined();
  });

  it('turns a lost database into a quick 503 with Retry-After', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/__test/db-down' });
    expectProblem(res, 503, 'service-unavailable');
    expect(res.headers['retry-after']).toBe('5');
  });
});

describe('Accept-Version', () => {
  it('accepts version 1 in its spellings and no header at all', async () => {
    for (const v of ['1', 'v1', '1.0']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/__test/echo',
        payload: { name: 'A', count: 1 },
        headers: { 'accept-version': v },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['api-version']).toBe('1');
    }
  });

  it('refuses an unsupported version with a 400 problem', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json', headers: { 'accept-version': '2' } });
    const body = expectProblem(res, 400, 'unsupported-version');
    expect(body.errors?.['Accept-Version']).toBeDefined();
  });
});
