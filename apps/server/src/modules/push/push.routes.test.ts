import { randomBytes, createECDH } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { MAX_PUSH_SUBSCRIPTIONS_PER_CONTACT, PushSubscriptionList, PushSubscriptionRecord } from '@portal/contract/push';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';

let t: TestApp;
let admin: SignedIn;
let viewer: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app, 'school.admin@demo.test');
  viewer = await signIn(t.app, 'bookings.viewer@demo.test');
});
afterAll(async () => {
  await t?.close();
});

const b64url = (bytes: Buffer) => bytes.toString('base64url');
/** A subscription as a browser gives it: a real P-256 public key and a 16-byte secret. */
function subscription(endpoint = `https://fcm.googleapis.com/fcm/send/${b64url(randomBytes(12))}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(randomBytes(16)) } };
}

const post = (who: SignedIn | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/v1/push/subscriptions', headers: who?.headers ?? {}, payload: payload as object });
const remove = (who: SignedIn | undefined, endpoint: string) =>
  t.app.inject({ method: 'DELETE', url: '/v1/push/subscriptions', headers: who?.headers ?? {}, payload: { endpoint } });
const list = async (who: SignedIn) => {
  const res = await t.app.inject({ method: 'GET', url: '/v1/push/subscriptions', headers: who.headers });
  expect(res.statusCode).toBe(200);
  return PushSubscriptionList.parse(res.json()).map((s) => s.endpoint);
};

describe('push subscriptions', () => {
  it('keeps the caller’s subscription (201, then 200 when sent again), lists it and forgets it', async () => {
    const sub = subscription();
    const first = await post(admin, sub);
    expect(first.statusCode).toBe(201);
    expect(PushSubscriptionRecord.parse(first.json())).toMatchObject({ endpoint: sub.endpoint, lastUsedAt: null });
    expect((await post(admin, sub)).statusCode).toBe(200);
    expect(await list(admin)).toContain(sub.endpoint);
    expect(await list(viewer)).not.toContain(sub.endpoint);
    expect((await remove(admin, sub.endpoint)).statusCode).toBe(204);
    expect(await list(admin)).not.toContain(sub.endpoint);
    expect((await remove(admin, sub.endpoint)).statusCode).toBe(404);
  });

  it('keeps a contact’s newest ten', async () => {
    const endpoints: string[] = [];
    for (let i = 0; i < MAX_PUSH_SUBSCRIPTIONS_PER_CONTACT + 2; i++) {
      const sub = subscription();
      endpoints.push(sub.endpoint);
      expect((await post(viewer, sub)).statusCode).toBe(201);
    }
    const kept = await list(viewer);
    expect(kept).toHaveLength(MAX_PUSH_SUBSCRIPTIONS_PER_CONTACT);
    expect(kept).toEqual(expect.arrayContaining(endpoints.slice(2)));
    expect(kept).not.toContain(endpoints[0]);
    for (const endpoint of kept) await remove(viewer, endpoint);
  });

  it('moves an endpoint to the contact now signed in on that browser', async () => {
    const sub = subscription();
    await post(admin, sub);
    expect((await post(viewer, subscription(sub.endpoint))).statusCode).toBe(201);
    expect(await list(admin)).not.toContain(sub.endpoint);
    expect(await list(viewer)).toContain(sub.endpoint);
    await remove(viewer, sub.endpoint);
  });
});

describe('push subscriptions refuse', () => {
  it('a caller without a token, or with a forged one (401)', async () => {
    const sub = subscription();
    expect((await post(undefined, sub)).statusCode).toBe(401);
    expect((await remove(undefined, sub.endpoint)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/push/subscriptions' })).statusCode).toBe(401);
    const forged = { ...admin, headers: { authorization: `Bearer ${admin.accessToken.slice(0, -4)}AAAA` } };
    expect((await post(forged, sub)).statusCode).toBe(401);
  });

  it('to forget another contact’s subscription (404, and it stays)', async () => {
    const sub = subscription();
    await post(admin, sub);
    const res = await remove(viewer, sub.endpoint);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(await list(admin)).toContain(sub.endpoint);
    await remove(admin, sub.endpoint);
  });

  it.each([
    ['http', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['a loopback address', 'https://127.0.0.1/push'],
    ['a private address', 'https://10.0.0.5/push'],
    ['an IPv6 address', 'https://[::1]/push'],
    ['localhost', 'https://localhost/push'],
    ['a single label', 'https://metadata/push'],
    ['a local name', 'https://printer.local/push'],
    ['another port', 'https://fcm.googleapis.com:8443/push'],
    ['credentials', 'https://user:pw@fcm.googleapis.com/push'],
    ['not a URL', 'fcm.googleapis.com/push'],
    ['a very long URL', `https://fcm.googleapis.com/${'a'.repeat(1100)}`],
  ])('an endpoint that is %s (400 naming endpoint)', async (_what, endpoint) => {
    const res = await post(admin, subscription(endpoint));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(JSON.stringify(res.json())).toContain('endpoint');
  });

  it('keys of the wrong length or alphabet, and unknown fields (400)', async () => {
    const good = subscription();
    for (const keys of [
      { ...good.keys, p256dh: good.keys.p256dh.slice(0, -2) },
      { ...good.keys, p256dh: `A${good.keys.p256dh.slice(1)}` },
      { ...good.keys, auth: b64url(randomBytes(15)) },
      { ...good.keys, auth: `${good.keys.auth.slice(0, -1)}+` },
      { p256dh: good.keys.p256dh },
    ]) {
      const res = await post(admin, { ...good, keys });
      expect(res.statusCode, JSON.stringify(keys)).toBe(400);
      expect(JSON.stringify(res.json())).toContain('keys');
    }
    expect((await post(admin, { ...good, contactId: 1 })).statusCode).toBe(400);
  });

  it('a huge body (413), stored nowhere', async () => {
    const res = await post(admin, { ...subscription(), padding: 'x'.repeat(100_000) });
    expect(res.statusCode).toBe(413);
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from push_subscriptions`);
    expect(row!.n).toBe(0);
  });
});

describe('runtime configuration', () => {
  it('offers push in the demo, without a VAPID key unless one is set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config.runtime.json' });
    expect(res.json()).toMatchObject({ confirmationMethods: expect.arrayContaining(['push']), pushPublicKey: null });
  });
});
