import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { CookieJar } from '../../../test/cookie-jar';
import { DEMO_PASSWORD, signIn } from '../../../test/auth-client';
import { AccessTokens } from './access-tokens';
import { startFamily } from './identity.repository';

/**
 * Single sign-on per school group, over HTTP: discovery, then the whole OpenID Connect flow through the demo's
 * school provider (redirects, cookies, PKCE, state, nonce) for the SSO trust, and the attacks on it.
 */
let t: TestApp;
let adminId: number;

beforeAll(async () => {
  t = await buildTestApp();
  adminId = (await queryRows<{ id: number }>(t.database.db, sql`select id from contacts where email = 'sso.admin@trust.demo.test'`))[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

const discover = (email: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/v1/auth/sso/discover', payload: { email }, remoteAddress });

async function follow(jar: CookieJar, location: string, method: 'GET' | 'POST' = 'GET', form?: Record<string, string>) {
  const url = new URL(location, 'http://portal.test');
  const res = await t.app.inject({
    method,
    url: url.pathname + url.search,
    headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
  });
  jar.take(res.headers['set-cookie']);
  return res;
}

/**
 * The browser's part: from the start URL through the school provider's sign-in page back to the portal's callback.
 * Returns where the callback sends the browser, and the callback URL itself (to replay it).
 */
async function schoolSignIn(jar: CookieJar, login: string, options: { password?: string; start?: string } = {}) {
  let res = await follow(jar, options.start ?? '/v1/auth/sso/start?domain=trust.demo.test');
  expect(res.statusCode).toBe(302);
  const authorize = new URL(res.headers.location as string);
  expect(authorize.pathname).toBe('/school-idp/auth');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  res = await follow(jar, res.headers.location as string);
  for (let hops = 0; hops < 12; hops++) {
    const location = res.headers.location as string | undefined;
    if (res.statusCode === 200 && res.body.includes('<form')) {
      const action = /action="([^"]+)"/.exec(res.body)![1]!;
      res = await follow(jar, action, 'POST', { login, password: options.password ?? DEMO_PASSWORD });
      if (res.statusCode !== 303) return { landing: `login-page:${res.statusCode}`, callback: '' };
      continue;
    }
    if (!location) throw new Error(`stuck at ${res.statusCode}: ${res.body.slice(0, 300)}`);
    if (location.includes('/v1/auth/sso/callback')) {
      const back = await follow(jar, location);
      return { landing: back.headers.location as string, callback: location };
    }
    res = await follow(jar, location);
  }
  throw new Error('too many redirects');
}

async function refresh(jar: CookieJar) {
  return t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: { cookie: jar.header() } });
}

describe('discovery', () => {
  it('answers the start URL for a domain with single sign-on, whatever the case of the address', async () => {
    for (const email of ['sso.admin@trust.demo.test', 'Someone.New@TRUST.demo.test']) {
      const res = await discover(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ssoUrl: 'http://portal.test/v1/auth/sso/start?domain=trust.demo.test' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers an unknown domain and a known domain without single sign-on alike, with no difference in headers', async () => {
    const unknown = await discover('nobody@unknown-school.example');
    const known = await discover('group.admin@demo.test');
    const unknownAtKnown = await discover('nobody.at.all@demo.test');
    for (const res of [unknown, known, unknownAtKnown]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('{"ssoUrl":null}');
    }
    const shape = (h: Record<string, unknown>) =>
      Object.keys(h)
        .filter((k) => !['date', 'x-request-id', 'traceparent'].includes(k))
        .sort();
    expect(shape(known.headers)).toEqual(shape(unknown.headers));
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
  });

  it('runs the same statements for an unknown domain and a known one without single sign-on', async () => {
    // What takes the time is the database's work: the same statements (their texts; only the values differ) for
    // both, so the two cannot be told apart by timing either. A wall-clock comparison would only measure the machine.
    type Query = (...args: unknown[]) => unknown;
    const client = (t.database.db as unknown as { session: { client: { query: Query } } }).session.client;
    const statements = async (email: string) => {
      const seen: string[] = [];
      const original = client.query;
      client.query = function (this: unknown, ...args: unknown[]) {
        const [first] = args;
        seen.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
        return original.apply(this, args);
      };
      try {
        expect((await discover(email, '10.9.0.1')).json()).toEqual({ ssoUrl: null });
      } finally {
        client.query = original;
      }
      // On PostgreSQL the pool is shared with the job queue's workers, whose polls land here too: only the
      // statements on the tables discovery could touch (its counters, the connections, contacts) are compared.
      return seen.filter((text) => /auth_counters|school_sso|contact/.test(text));
    };
    const unknown = await statements('nobody@unknown-school.example');
    expect(unknown.length).toBeGreaterThan(0);
    expect(await statements('group.admin@demo.test')).toEqual(unknown);
  });

  it('refuses hostile input with a problem naming the field, never a 500', async () => {
    const cases: unknown[] = [
      'no-at-sign',
      'a'.repeat(300) + '@trust.demo.test',
      `x@${'a'.repeat(100_000)}.test`,
      'ü@trüst.demo.test',
      'x@trust.demo.test\u0000',
      '\u202Eadmin@trust.demo.test',
      42,
      null,
      ['x@trust.demo.test'],
    ];
    for (const email of cases) {
      const res = await discover(email);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(Object.keys(res.json().errors ?? {})).toContain('email');
    }
    const extra = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sso/discover',
      payload: { email: 'a@trust.demo.test', issuer: 'https://evil.example' },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('limits discoveries per address (429 with Retry-After)', async () => {
    let last = await discover('x@demo.test', '10.9.0.2');
    for (let i = 0; i < 125 && last.statusCode === 200; i++) last = await discover('x@demo.test', '10.9.0.2');
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sign-in through the school provider', () => {
  it('signs the contact in by its verified e-mail, links the subject, and signs in by the subject next time', async () => {
    const jar = new CookieJar();
    const { landing } = await schoolSignIn(jar, 'sso.admin@trust.demo.test');
    expect(landing).toBe('/');
    const links = await queryRows<{ contact_id: number; issuer: string; subject: string }>(
      t.database.db,
      sql`select contact_id, issuer, subject from contact_sso_links`,
    );
    expect(links).toEqual([{ contact_id: adminId, issuer: 'http://portal.test/school-idp', subject: 'trust-7f3a91' }]);

    const refreshed = await refresh(jar);
    expect(refreshed.statusCode).toBe(200);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/v1/profile',
      headers: { authorization: `Bearer ${refreshed.json().accessToken}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().contact.emailAddress).toBe('sso.admin@trust.demo.test');

    // Next time: the provider's session is still there, the subject is linked, the same contact signs in.
    const again = await schoolSignIn(jar, 'sso.admin@trust.demo.test');
    expect(again.landing).toBe('/');
    const trail = await queryRows<{ action: string; details: { linked: boolean } }>(
      t.database.db,
      sql`select action, details from audit_log where contact_id = ${adminId} and action = 'auth.sso-login' order by id`,
    );
    expect(trail.map((r) => r.details.linked)).toEqual([true, false]);
  });

  it('refuses an e-mail the provider has not verified, and links nothing', async () => {
    const { landing } = await schoolSignIn(new CookieJar(), 'unverified@trust.demo.test');
    expect(landing).toBe('/login?sso=unverified');
    const links = await queryRows(t.database.db, sql`select 1 from contact_sso_links where subject = 'trust-2b8c40'`);
    expect(links).toEqual([]);
  });

  it("refuses a verified address of another group's domain (the provider vouches only for its own)", async () => {
    const jar = new CookieJar();
    const { landing } = await schoolSignIn(jar, 'outsider@trust.demo.test');
    expect(landing).toBe('/login?sso=no-account');
    expect((await refresh(jar)).statusCode).toBe(204);
    expect(await queryRows(t.database.db, sql`select 1 from contact_sso_links where subject = 'trust-c51d07'`)).toEqual([]);
  });

  it('never creates contacts or permissions', async () => {
    const count = async () =>
      (
        await queryRows<{ c: number; p: number }>(
          t.database.db,
          sql`select (select count(*)::int from contacts) as c, (select count(*)::int from permission_entries) as p`,
        )
      )[0];
    const before = await count();
    await schoolSignIn(new CookieJar(), 'outsider@trust.demo.test');
    await schoolSignIn(new CookieJar(), 'unverified@trust.demo.test');
    expect(await count()).toEqual(before);
  });

  it('refuses a replayed code, a callback without its flow cookie and a forged state', async () => {
    const jar = new CookieJar();
    const { landing, callback } = await schoolSignIn(jar, 'sso.admin@trust.demo.test');
    expect(landing).toBe('/');
    // The same return again: the flow cookie was used up.
    expect((await follow(jar, callback)).headers.location).toBe('/login?sso=failed');
    // With a copy of a fresh flow cookie, the used code is still refused by the provider.
    const thief = new CookieJar();
    await follow(thief, '/v1/auth/sso/start?domain=trust.demo.test');
    const replay = await follow(thief, callback);
    expect(replay.headers.location).toBe('/login?sso=failed');

    const noCookie = await t.app.inject({ method: 'GET', url: '/v1/auth/sso/callback?code=abc&state=x' });
    expect(noCookie.headers.location).toBe('/login?sso=failed');
    const forgedJar = new CookieJar();
    await follow(forgedJar, '/v1/auth/sso/start?domain=trust.demo.test');
    const forged = await follow(forgedJar, '/v1/auth/sso/callback?code=abc&state=forged');
    expect(forged.headers.location).toBe('/login?sso=failed');
    // A tampered flow cookie (its signature no longer fits).
    const tampered = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/sso/callback?code=abc&state=x',
      headers: {
        cookie: `portal_sso=${encodeURIComponent(JSON.stringify({ verifier: 'v', state: 'x', nonce: 'n', connectionId: 1 }))}.forged`,
      },
    });
    expect(tampered.headers.location).toBe('/login?sso=failed');
  });

  it('refuses a code redeemed against another issuer: a staff issuer code at the school callback', async () => {
    // A flow started for the school provider, answered with the staff issuer's parameters (iss differs).
    const jar = new CookieJar();
    const start = await follow(jar, '/v1/auth/sso/start?domain=trust.demo.test');
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const res = await follow(jar, `/v1/auth/sso/callback?code=abc&state=${state}&iss=${encodeURIComponent('http://portal.test/oidc')}`);
    expect(res.headers.location).toBe('/login?sso=failed');
  });

  it('starts a flow only for a configured domain: never for an issuer the request names', async () => {
    for (const url of [
      '/v1/auth/sso/start?domain=demo.test',
      '/v1/auth/sso/start?domain=evil.example',
      '/v1/auth/sso/start?domain=trust.demo.test&issuer=https://evil.example',
      '/v1/auth/sso/start',
      `/v1/auth/sso/start?domain=${'a'.repeat(300)}`,
      '/v1/auth/sso/start?domain=TRUST.demo.test',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([400, 404]).toContain(res.statusCode);
      expect(res.headers.location).toBeUndefined();
    }
  });
});

describe('a group that requires single sign-on', () => {
  it('refuses the right password of its contact with a message saying how to sign in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'sso.admin@trust.demo.test', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('auth/sso-required');
    expect(res.json().detail).toContain('Continue with your school account');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a password at its domain whether or not the account exists (no enumeration)', async () => {
    const known = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'sso.admin@trust.demo.test', password: 'Wrong#2026' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'nobody@trust.demo.test', password: 'Wrong#2026' },
    });
    expect(known.json().code).toBe('auth/sso-required');
    expect(unknown.json().code).toBe('auth/sso-required');
  });

  it('refuses the password of a group contact whose address is at another domain, once the password is right', async () => {
    const [contact] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into contacts (first_name, last_name, email, password_hash)
          select 'Other', 'Domain', 'other.domain@elsewhere.test', password_hash from contacts where email = 'group.admin@demo.test' returning id`,
    );
    await queryRows(
      t.database.db,
      sql`insert into permission_entries (contact_id, group_id, scope, modifier)
          select ${contact!.id}, group_id, 'booking', 'view' from school_sso_connections limit 1`,
    );
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'other.domain@elsewhere.test', password: 'Wrong#2026' },
    });
    expect(wrong.json().code).not.toBe('auth/sso-required');
    const right = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'other.domain@elsewhere.test', password: DEMO_PASSWORD },
    });
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('auth/sso-required');
  });

  it('leaves the passwords of other groups alone', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'group.admin@demo.test', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the connection settings', () => {
  it('keeps the client secret sealed, and refuses a domain that already belongs to another group', async () => {
    const [row] = await queryRows<{ secret: string }>(
      t.database.db,
      sql`select client_secret_sealed as secret from school_sso_connections`,
    );
    expect(row!.secret).toMatch(/^sealed:v2:/);
    const [other] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from client_groups where name <> 'The SSO Trust' order by id limit 1`,
    );
    await expect(
      t.app.services.schoolSso.configure(other!.id, {
        issuer: 'https://idp.example',
        clientId: 'x',
        clientSecret: null,
        domains: ['trust.demo.test'],
        required: false,
      }),
    ).rejects.toThrow();
    // The trust's connection is untouched.
    expect((await discover('a@trust.demo.test')).json().ssoUrl).not.toBeNull();
  });
});

describe('provider staff set a group’s single sign-on', () => {
  const url = (groupId: number | string) => `/v1/provider/client-groups/${groupId}/single-sign-on`;
  const settings = {
    issuer: 'https://idp.southern.example',
    clientId: 'portal',
    clientSecret: 's3cret-value',
    domains: ['southern.example'],
    required: false,
  };

  async function staffBearer() {
    const [staff] = await queryRows<{ id: number }>(t.database.db, sql`select id from staff_users where email = 'staff@provider.test'`);
    const family = await startFamily(t.database.db, { staffUserId: staff!.id }, { idleSeconds: 3600, absoluteSeconds: 3600 }, new Date());
    const tokens = new AccessTokens(t.app.config.jwtSecret!, t.app.config.publicOrigin, 900);
    return { authorization: `Bearer ${await tokens.sign({ kind: 'staff', staffUserId: staff!.id }, family.familyId)}` };
  }

  it('sets issuer, client, sealed secret, domains and required; answers without the secret', async () => {
    const [group] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from client_groups where name = 'Southern Cross Schools Group'`,
    );
    const headers = await staffBearer();
    const res = await t.app.inject({ method: 'PUT', url: url(group!.id), headers, payload: settings });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      groupId: group!.id,
      issuer: settings.issuer,
      clientId: 'portal',
      hasClientSecret: true,
      domains: ['southern.example'],
      required: false,
    });
    expect(res.body).not.toContain('s3cret');
    const [row] = await queryRows<{ secret: string }>(
      t.database.db,
      sql`select client_secret_sealed as secret from school_sso_connections where group_id = ${group!.id}`,
    );
    expect(row!.secret).toMatch(/^sealed:v2:/);
    expect(row!.secret).not.toContain('s3cret');
    expect((await discover('someone@southern.example')).json().ssoUrl).toBe('http://portal.test/v1/auth/sso/start?domain=southern.example');
    // Not required: the group's passwords still sign in.
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'group.admin@demo.test', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    await queryRows(t.database.db, sql`delete from school_sso_connections where group_id = ${group!.id}`);
  });

  it('refuses a domain another group holds (409 naming domains), an unknown group, bad input, and anyone but staff', async () => {
    const headers = await staffBearer();
    const taken = await t.app.inject({ method: 'PUT', url: url(1), headers, payload: { ...settings, domains: ['trust.demo.test'] } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.domains[0]).toContain('trust.demo.test');
    expect((await t.app.inject({ method: 'PUT', url: url(99_999_999), headers, payload: settings })).statusCode).toBe(404);
    for (const payload of [
      { ...settings, domains: ['Not A Domain'] },
      { ...settings, domains: [] },
      { ...settings, issuer: 'javascript:alert(1)' },
      { ...settings, issuer: 'ftp://idp.example' },
      { ...settings, domains: Array.from({ length: 21 }, (_, i) => `d${i}.example`) },
      { ...settings, extra: true },
    ]) {
      const res = await t.app.inject({ method: 'PUT', url: url(1), headers, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect((await t.app.inject({ method: 'PUT', url: url('abc'), headers, payload: settings })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: url(1), payload: settings })).statusCode).toBe(401);
    const contact = await signIn(t.app, 'group.admin@demo.test');
    expect((await t.app.inject({ method: 'PUT', url: url(1), headers: contact.headers, payload: settings })).statusCode).toBe(403);
    // The trust's connection is untouched by all of it.
    expect((await discover('a@trust.demo.test')).json().ssoUrl).not.toBeNull();
  });
});

describe('the demo school provider', () => {
  it('is a demo surface: under another host name (DNS rebinding) it does not exist', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/school-idp/.well-known/openid-configuration', headers: { host: 'portal.test' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().issuer).toBe('http://portal.test/school-idp');
    for (const url of ['/school-idp/.well-known/openid-configuration', '/school-idp-login/abc']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'rebound.example' } });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
