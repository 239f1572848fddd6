import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SKIP } from '@portal/contract/bookings';
import { buildTestApp, type TestApp } from './helpers';
import { signIn, type SignedIn } from './auth-client';

/**
 * demo surfaces stay local (the outbox with its reset links, the embedded staff login), and lists bound
 * how deep a caller may page.
 */

let implicit: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  // DEMO not set: demo mode because the database is embedded, as `npm start` runs it.
  implicit = await buildTestApp({ env: { DEMO: '' } });
  admin = await signIn(implicit.app, 'group.admin@demo.test');
});
afterAll(async () => {
  await implicit?.close();
});

const SURFACES = ['/v1/dev/outbox', '/dev/outbox', '/oidc/.well-known/openid-configuration', '/staff-login/abc'];

describe('demo surfaces', () => {
  it('answer a caller on loopback', async () => {
    expect(implicit.app.config.demo).toBe(true);
    expect(implicit.app.config.demoExplicit).toBe(false);
    for (const url of ['/v1/dev/outbox', '/dev/outbox', '/oidc/.well-known/openid-configuration']) {
      for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
        const res = await implicit.app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(200);
      }
    }
  });

  it('do not exist for a caller beyond loopback, even one that claims to be local', async () => {
    for (const url of SURFACES) {
      for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }, { host: 'localhost' }]) {
        const res = await implicit.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.10', headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(404);
        expect(res.body).not.toMatch(/reset-password|token_endpoint/);
      }
    }
    const form = await implicit.app.inject({
      method: 'POST',
      url: '/staff-login/abc',
      remoteAddress: '192.0.2.10',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=staff%40provider.test&password=x',
    });
    expect(form.statusCode).toBe(404);
  });

  it('answer everyone when DEMO=true was set explicitly', async () => {
    const open = await buildTestApp({ env: { DEMO: 'true' } });
    try {
      const res = await open.app.inject({ method: 'GET', url: '/v1/dev/outbox', remoteAddress: '192.0.2.10' });
      expect(res.statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('paging bounds', () => {
  it.each(['/v1/bookings', '/v1/pending-bookings'])('%s refuses a skip beyond the cap with a clear 400', async (path) => {
    const ok = await implicit.app.inject({ method: 'GET', url: `${path}?skip=${MAX_SKIP}&take=1`, headers: admin.headers });
    expect(ok.statusCode).toBe(200);
    for (const skip of [MAX_SKIP + 1, 1e12, -1]) {
      const res = await implicit.app.inject({ method: 'GET', url: `${path}?skip=${skip}`, headers: admin.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.skip).toEqual([`Please select a value between 0 and ${MAX_SKIP}`]);
    }
  });
});
