import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

/** one log line per request (not Fastify's two), and none for the health checks probed every few seconds. */

const lines: Array<Record<string, unknown>> = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (l: string) => void lines.push(JSON.parse(l)) } });
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
});
