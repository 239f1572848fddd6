import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE } from '../src/lib/release';
import { buildTestApp, type TestApp } from './helpers';
import { signIn } from './auth-client';

/** one log line per request (not Fastify's two), and none for the health checks probed every few seconds. */

const lines: Array<Record<string, unknown>> = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (l: string) => void lines.push(JSON.parse(l)) },
    // A staff user impersonating contact 7, as authenticate.ts would set it (the line is what is tested here).
    routes: (app) =>
      app.get('/v1/__test/as-staff/:id', { config: { public: true } }, async (request) => {
        request.principal = { kind: 'staff', contactId: 7, staffUserId: 3, impersonating: true } as typeof request.principal;
        return { ok: true };
      }),
  });
});
afterAll(async () => {
  await t?.close();
});

describe('request log', () => {
  it('writes one line per request with its status and time, and nothing for /api/ping or /api/ready', async () => {
    lines.length = 0;
    expect((await t.app.inject({ method: 'GET', url: '/api/ping' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/ping' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/profile' })).statusCode).toBe(401);
    const requests = lines.filter((l) => l.req !== undefined || l.res !== undefined);
    expect(requests).toHaveLength(1);
    const [line] = requests;
    expect(line).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/v1/profile' }, res: { statusCode: 401 } });
    expect(typeof line!.responseTime).toBe('number');
  });

  it('names the route template, the contact by id (never the e-mail), the staff user impersonating, the size and the release', async () => {
    const contact = await signIn(t.app, 'teacher@demo.test');
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/v1/bookings/918273', headers: contact.headers });
    const [line] = lines.filter((l) => l.msg === 'request completed');
    expect(line).toMatchObject({
      release: RELEASE,
      route: '/v1/bookings/:id',
      req: { url: '/v1/bookings/918273' },
      res: { statusCode: res.statusCode },
    });
    expect(line!.contactId).toEqual(expect.any(Number));
    expect(line!.staffId).toBeUndefined();
    expect(line!.impersonating).toBeUndefined();
    expect(line!.responseBytes).toBe(Buffer.byteLength(res.body));
    expect(JSON.stringify(lines)).not.toContain('teacher@demo.test');

    // A body compressed as it is sent has no Content-Length: its size is the bytes that went out.
    const admin = await signIn(t.app, 'group.admin@demo.test');
    lines.length = 0;
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/v1/bookings?sort=-date&take=100',
      headers: { ...admin.headers, accept: 'text/csv', 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers['content-length']).toBeUndefined();
    const [compressedLine] = lines.filter((l) => l.msg === 'request completed');
    expect(compressedLine!.responseBytes).toBe(compressed.rawPayload.length);
    expect(compressedLine!.responseBytes).toBeLessThan(Buffer.byteLength(gunzipSync(compressed.rawPayload)));

    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/v1/__test/as-staff/1' });
    expect(lines.find((l) => l.msg === 'request completed')).toMatchObject({
      route: '/v1/__test/as-staff/:id',
      contactId: 7,
      staffId: 3,
      impersonating: true,
    });
  });
});
