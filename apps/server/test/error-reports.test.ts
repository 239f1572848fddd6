import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransport } from '@sentry/node';
import { buildApp } from '../src/app';
import { RELEASE } from '../src/lib/release';
import { AppError } from '../src/lib/app-error';
import { createTestDatabase, testConfig, type TestApp } from './helpers';
import { signIn } from './auth-client';

/**
 * Server errors reach Sentry (SENTRY_DSN) through a fake transport: a 500 is reported with the release, the route
 * template and the request id, and nothing personal (no user, no request headers, cookies, body or query, no e-mail
 * or token in the message); answers below 500, and load shedding, are not reported.
 */
const envelopes: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const { database, drop } = await createTestDatabase();
  const app = await buildApp({
    config: testConfig({ SENTRY_DSN: 'https://publickey@errors.example.test/42' }),
    database,
    errorReportTransport: (options) =>
      createTransport(options, async (request) => {
        envelopes.push(typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body));
        return { statusCode: 200 };
      }),
  });
  app.post('/v1/__test/crash/:id', { config: { public: true } }, async () => {
    throw new Error('cannot settle for mary.smith@school.example with token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl');
  });
  app.get('/v1/__test/busy', { config: { public: true } }, async () => {
    throw new AppError('service-unavailable', { detail: 'busy' });
  });
  await app.ready();
  t = { app, database, close: async () => (await app.close(), await drop()) };
});
afterAll(async () => {
  await t?.close();
});

/** The error events sent so far (an envelope is a header line, then item header and payload lines). */
interface SentEvent {
  release?: string;
  environment?: string;
  tags?: Record<string, string>;
  user?: unknown;
  request?: unknown;
  exception: { values: Array<{ value?: string }> };
}

async function events(): Promise<SentEvent[]> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  return envelopes.flatMap((envelope) =>
    envelope
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Partial<SentEvent>)
      .filter((item): item is SentEvent => item.exception !== undefined),
  );
}

describe('server error reports', () => {
  it('send a 500 with the release, the route and the request id, and nothing personal', async () => {
    const contact = await signIn(t.app, 'teacher@demo.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/__test/crash/17?token=QuerySecret_0123456789abcdefghijklmnop',
      headers: { ...contact.headers, cookie: 'refresh=CookieSecret', 'x-request-id': 'req-crash-0001' },
      payload: { password: 'BodySecret#2026' },
    });
    expect(res.statusCode).toBe(500);
    const [event, ...more] = await events();
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      release: RELEASE,
      environment: 'test',
      tags: { 'http.route': '/v1/__test/crash/:id', 'http.request.method': 'POST', 'request.id': 'req-crash-0001' },
    });
    expect(event!.exception.values[0]!.value).toBe('cannot settle for [email] with token [redacted]');
    expect(event!.user).toBeUndefined();
    expect(event!.request).toBeUndefined();
    const sent = envelopes.join('\n');
    for (const secret of [
      'mary.smith',
      'QuerySecret',
      'CookieSecret',
      'BodySecret',
      contact.accessToken,
      'teacher@demo.test',
      'eyJhbGci',
    ]) {
      expect(sent).not.toContain(secret);
    }
  });

  it('send nothing for answers below 500 or for load shedding', async () => {
    envelopes.length = 0;
    expect((await t.app.inject({ method: 'GET', url: '/v1/profile' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/no-such-route' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: 'x' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/v1/__test/busy' })).statusCode).toBe(503);
    expect(await events()).toEqual([]);
  });
});
