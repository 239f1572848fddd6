import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetHeaders, securityHeaders } from './security-headers';

/** Helmet's headers worked out once (plugins/security-headers.ts): the same as Helmet sets, on every answer. */

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'], upgradeInsecureRequests: null } },
  crossOriginEmbedderPolicy: false,
};

/** What Helmet itself sets on a real Node response. */
function helmetOnRealResponse(options: HelmetOptions): Record<string, string> {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(options)({} as IncomingMessage, res, () => {});
  return Object.fromEntries(Object.entries(res.getHeaders()).map(([k, v]) => [k, String(v)]));
}

const app = Fastify();
beforeAll(async () => {
  await app.register(securityHeaders, { helmet: OPTIONS });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/refused', { onRequest: async () => Promise.reject(Object.assign(new Error('no'), { statusCode: 401 })) }, async () => ({}));
  await app.ready();
});
afterAll(() => app.close());

describe('security headers', () => {
  it('are exactly the headers Helmet sets for the same options', () => {
    const expected = helmetOnRealResponse(OPTIONS);
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    expect(Object.fromEntries(helmetHeaders(OPTIONS).map(([k, v]) => [k.toLowerCase(), v]))).toEqual(expected);
  });

  it('go out on answers, 404s and refusals alike', async () => {
    const expected = helmetOnRealResponse(OPTIONS);
    for (const url of ['/ok', '/nowhere', '/refused']) {
      const res = await app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${url}: ${name}`).toBe(value);
    }
    expect((await app.inject({ method: 'GET', url: '/refused' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/ok' })).headers['content-security-policy']).toContain("img-src 'self' data:");
  });

  it('refuses a policy Helmet refuses, at start rather than on every request', () => {
    expect(() => helmetHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ['self'] } } })).toThrow(/default-src/);
  });
});
