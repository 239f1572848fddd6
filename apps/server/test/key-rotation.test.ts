import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { decodeProtectedHeader, SignJWT } from 'jose';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Database } from '@portal/db/client';
import { CalendarFeedCreated } from '@portal/contract/calendar-feed';
import { buildApp } from '../src/app';
import { ACCESS_TOKEN_AUDIENCE } from '../src/modules/identity/access-tokens';
import { keyIdOf, purposeKey } from '../src/lib/secrets';
import { createTestDatabase, testConfig } from './helpers';
import { refreshCookieOf, signIn, type SignedIn } from './auth-client';
import { TEST_NOW } from './global-setup';

/**
 * Rotating the master secret (README → Operating → Keys): the same database served first under the old secret,
 * then under the new one with the old one as JWT_SECRET_PREVIOUS (the window), then under the new one alone.
 */
const OLD = 'old-master-secret-old-master-secret-0123456789';
const NEW = 'new-master-secret-new-master-secret-0123456789';
const ORIGIN = 'http://portal.test';

let database: Database;
let drop: () => Promise<void>;
const apps: FastifyInstance[] = [];
const clock = new Date(TEST_NOW);

async function serve(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(env), database, now: () => clock });
  await app.ready();
  apps.push(app);
  return app;
}
const rows = <T>(query: SQL) => queryRows<T>(database.db, query);
const kidOf = (token: string) => decodeProtectedHeader(token).kid;
const profile = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/v1/profile', headers: { authorization: `Bearer ${token}` } });
const refresh = (app: FastifyInstance, cookie: string) => app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: { cookie } });

/** A 401 problem, never a 500 or an answer. */
function expectRefused(res: Awaited<ReturnType<FastifyInstance['inject']>>) {
  expect(res.statusCode).toBe(401);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.json()).toMatchObject({ status: 401 });
}

/** What was made under the old secret, before the rotation. */
const before: {
  admin?: SignedIn;
  feedUrl?: string;
  fileKey?: string;
  pendingRequest?: number;
  issuerKeys?: unknown;
  ssoConnection?: number;
  /** Another group's, not read during the window. */
  unreadSsoConnection?: number;
} = {};
/** A school group's single sign-on client secret, stored sealed (docs/decisions/028). */
const SSO_SECRET = 'rotation-school-client-secret';
const ssoSealed = async () =>
  (
    await rows<{ sealed: string }>(
      sql`select client_secret_sealed as sealed from school_sso_connections where id = ${before.ssoConnection!}`,
    )
  )[0]!.sealed;
const issuerKeys = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/oidc/jwks' })).json() as unknown;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  const old = await serve({ JWT_SECRET: OLD });
  before.admin = await signIn(old, 'group.admin@demo.test');
  before.issuerKeys = await issuerKeys(old);
  const feed = await old.inject({ method: 'POST', url: '/v1/calendar-feed', headers: before.admin.headers });
  expect(feed.statusCode).toBe(201);
  before.feedUrl = CalendarFeedCreated.parse(feed.json()).url;
  const file = (await rows<{ id: number }>(sql`select id from general_files order by id limit 1`))[0]!;
  const key = await old.inject({ method: 'GET', url: `/v1/file/generateAccessToken/${file.id}`, headers: before.admin.headers });
  expect(key.statusCode).toBe(200);
  before.fileKey = key.json().accessKey as string;
  // Mail queued under the old secret and not yet sent when it is rotated: held back here, sent by the next server.
  await old.mailer.stop();
  expect((await old.inject({ method: 'POST', url: '/v1/auth/password-reset', payload: { email: 'finance@demo.test' } })).statusCode).toBe(
    202,
  );
  before.pendingRequest = (
    await rows<{ id: number }>(sql`select id from booking_requests where status = 'pending_approval' order by id limit 1`)
  )[0]!.id;
  await old.services.emailActions.sendApprovalLinks(before.pendingRequest);
  // A group's single sign-on set before the rotation, at the demo's school provider (so that a start reaches it).
  const group = (await rows<{ id: number }>(sql`select id from client_groups where name = 'Southern Cross Schools Group'`))[0]!;
  before.ssoConnection = await old.services.schoolSso.configure(group.id, {
    issuer: `${ORIGIN}/school-idp`,
    clientId: 'rotation-client',
    clientSecret: SSO_SECRET,
    domains: ['rotation.example'],
    required: false,
  });
  const other = (await rows<{ id: number }>(sql`select id from client_groups where id <> ${group.id} order by id limit 1`))[0]!;
  before.unreadSsoConnection = await old.services.schoolSso.configure(other.id, {
    issuer: `${ORIGIN}/school-idp`,
    clientId: 'rotation-client-unread',
    clientSecret: SSO_SECRET,
    domains: ['unread.rotation.example'],
    required: false,
  });
  await old.close();
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await drop?.();
});

describe('before the rotation', () => {
  it('signs with the old secret’s key id, and seals queued mail under it', async () => {
    expect(kidOf(before.admin!.accessToken)).toBe(keyIdOf(OLD));
    expect(kidOf(before.fileKey!)).toBe(keyIdOf(OLD));
    const queued = await rows<{ text_body: string }>(sql`select text_body from mail_queue where secret order by id`);
    expect(queued.length).toBeGreaterThanOrEqual(2);
    for (const mail of queued) expect(mail.text_body.startsWith(`sealed:v2:${keyIdOf(OLD)}:`)).toBe(true);
    expect(await ssoSealed()).toMatch(new RegExp(`^sealed:v2:${keyIdOf(OLD)}:`));
  });
});

describe('during the rotation window (JWT_SECRET new, JWT_SECRET_PREVIOUS old)', () => {
  let app: FastifyInstance;
  let renewed: string;
  beforeAll(async () => {
    app = await serve({ JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: OLD });
  });

  it('accepts the access token and the refresh cookie issued before it; new tokens carry the new key id', async () => {
    expect((await profile(app, before.admin!.accessToken)).statusCode).toBe(200);
    const res = await refresh(app, before.admin!.refreshCookie);
    expect(res.statusCode).toBe(200);
    renewed = res.json().accessToken as string;
    expect(kidOf(renewed)).toBe(keyIdOf(NEW));
    expect((await profile(app, renewed)).statusCode).toBe(200);
    before.admin!.refreshCookie = refreshCookieOf(res.headers['set-cookie']);
    const fresh = await signIn(app, 'finance@demo.test');
    expect(kidOf(fresh.accessToken)).toBe(keyIdOf(NEW));
  });

  it('sends the mail sealed under the old secret; its links (reset, Approve) still work', async () => {
    await app.mailer.start();
    await app.mailer.drain();
    expect(await rows(sql`select id from mail_queue`)).toEqual([]);
    const sent = await rows<{ to_address: string; text_body: string; subject: string }>(
      sql`select to_address, text_body, subject from outbox_messages order by id`,
    );
    const reset = sent.find((m) => m.to_address === 'finance@demo.test' && m.text_body.includes('/reset-password?token='));
    expect(reset).toBeDefined();
    const resetToken = new URL(/(https?:\/\/\S+)/.exec(reset!.text_body)![1]!).searchParams.get('token')!;
    const approval = sent.find((m) => /Approve: \S+\/email-action\/[\w-]{43}/.test(m.text_body));
    expect(approval).toBeDefined();
    const approve = /Approve: \S+\/email-action\/([\w-]{43})/.exec(approval!.text_body)![1]!;
    const view = await app.inject({ method: 'GET', url: `/v1/email-actions/${approve}` });
    expect(view.statusCode).toBe(200);
    const confirm = await app.inject({
      method: 'POST',
      url: '/v1/auth/password-reset/confirm',
      payload: { token: resetToken, newPassword: 'Rotated#Keys2026' },
    });
    expect(confirm.statusCode).toBe(204);
  });

  it('serves the calendar feed and the file key made before it', async () => {
    const feed = await app.inject({ method: 'GET', url: new URL(before.feedUrl!).pathname, remoteAddress: '10.9.0.1' });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect((await app.inject({ method: 'GET', url: `/v1/file/(${before.fileKey})` })).statusCode).toBe(200);
  });

  it('keeps the embedded issuer’s signing key (stored sealed under the old secret, sealed again under the new one)', async () => {
    expect(before.issuerKeys).toMatchObject({ keys: [{ kty: 'RSA' }] });
    expect(await issuerKeys(app)).toEqual(before.issuerKeys);
    const stored = await rows<{ id: string }>(sql`select id from oidc_payloads where model = '_shared' and id like 'signing-key:%'`);
    expect(stored.length).toBe(2);
  });

  it('opens a school group’s single sign-on client secret sealed under the old secret, and seals it again under the new one', async () => {
    const start = await app.inject({ method: 'GET', url: '/v1/auth/sso/start?domain=rotation.example', remoteAddress: '10.9.0.2' });
    expect(start.statusCode, start.body.slice(0, 200)).toBe(302);
    expect(start.headers.location).toContain('client_id=rotation-client');
    const sealed = await ssoSealed();
    expect(sealed).toMatch(new RegExp(`^sealed:v2:${keyIdOf(NEW)}:`));
    expect(sealed).not.toContain(SSO_SECRET);
    // Read again: already under the current secret, left as it is.
    expect((await app.services.schoolSso.connectionById(before.ssoConnection!))?.party.clientSecret).toBe(SSO_SECRET);
    expect(await ssoSealed()).toBe(sealed);
  });

  it('refuses forged, unknown-key, unsigned and tampered tokens with a 401 problem', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { fam: 'forged', ver: 0 };
    const forge = (key: Uint8Array, kid: string | undefined) =>
      new SignJWT(claims)
        .setProtectedHeader(kid === undefined ? { alg: 'HS256', typ: 'JWT' } : { alg: 'HS256', typ: 'JWT', kid })
        .setSubject('contact:1')
        .setIssuer(ORIGIN)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(key);
    const stranger = purposeKey('a-stranger-secret-a-stranger-secret-0123', 'access-token');
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const [header, payload, signature] = renewed.split('.');
    const tampered = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = [
      // The current key id on another secret's signature, and the old secret's key under the new key id.
      await forge(stranger, keyIdOf(NEW)),
      await forge(purposeKey(OLD, 'access-token'), keyIdOf(NEW)),
      await forge(stranger, 'unknown1'),
      await forge(stranger, undefined),
      await forge(stranger, keyIdOf(OLD)),
      // alg none, and a well-signed token whose payload was changed.
      `${b64({ alg: 'none', typ: 'JWT', kid: keyIdOf(NEW) })}.${payload}.`,
      `${header}.${b64({ ...tampered, sub: 'contact:2' })}.${signature}`,
      `${b64({ alg: 'HS256', kid: { nested: true } })}.${payload}.${signature}`,
      'not-a-token',
    ];
    for (const token of forged) expectRefused(await profile(app, token));
  });
});

describe('after the window (JWT_SECRET new, no JWT_SECRET_PREVIOUS)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await serve({ JWT_SECRET: NEW });
  });

  it('refuses the old secret’s access token with a 401 problem; the new ones and the refresh cookie still work', async () => {
    expectRefused(await profile(app, before.admin!.accessToken));
    // The refresh cookie is a random secret stored hashed, not signed: the web app gets a new token with it.
    const res = await refresh(app, before.admin!.refreshCookie);
    expect(res.statusCode).toBe(200);
    expect(kidOf(res.json().accessToken as string)).toBe(keyIdOf(NEW));
    expect((await profile(app, res.json().accessToken as string)).statusCode).toBe(200);
    expectRefused(await app.inject({ method: 'GET', url: `/v1/file/(${before.fileKey})` }));
    expect(await issuerKeys(app)).toEqual(before.issuerKeys);
  });

  it('still opens the school group’s client secret (sealed again during the window)', async () => {
    expect((await app.services.schoolSso.connectionById(before.ssoConnection!))?.party.clientSecret).toBe(SSO_SECRET);
    const start = await app.inject({ method: 'GET', url: '/v1/auth/sso/start?domain=rotation.example', remoteAddress: '10.9.0.3' });
    expect(start.statusCode).toBe(302);
  });

  it('answers a start for a group whose secret was not read in the window with a 503 problem, never a 500', async () => {
    const start = await app.inject({ method: 'GET', url: '/v1/auth/sso/start?domain=unread.rotation.example', remoteAddress: '10.9.0.3' });
    expect(start.statusCode).toBe(503);
    expect(start.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(start.body).not.toContain(SSO_SECRET);
  });
});
