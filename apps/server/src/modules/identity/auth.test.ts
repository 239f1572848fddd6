import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { AUTH_ERRORS } from '@portal/contract/auth';
import { PASSWORD_MESSAGES } from '@portal/contract/messages';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { DEMO_PASSWORD, refreshCookieOf, signIn } from '../../../test/auth-client';
import { ACCESS_TOKEN_AUDIENCE } from './access-tokens';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password }, remoteAddress });
const profile = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/v1/profile', headers });
const refresh = (cookie: string) => t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: { cookie } });

async function outboxLink(to: string, path: string): Promise<string> {
  await t.app.mailer.drain();
  const res = await t.app.inject({ method: 'GET', url: `/v1/dev/outbox?to=${encodeURIComponent(to)}` });
  const message = (res.json() as Array<{ text: string }>).find((m) => m.text.includes(path));
  if (!message) throw new Error(`no ${path} link for ${to}`);
  const url = new URL(/(https?:\/\/\S+)/.exec(message.text)![1]!);
  return url.searchParams.get('token')!;
}

describe('sign-in', () => {
  it('answers an access token and sets the refresh cookie httpOnly, SameSite=Strict, scoped to /v1/auth', async () => {
    const res = await login('group.admin@demo.test', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tokenType).toBe('Bearer');
    expect(body.expiresIn).toBe(1800);
    expect(body.accessToken.split('.')).toHaveLength(3);
    const cookies = [res.headers['set-cookie'] ?? []].flat();
    const cookie = cookies.find((each) => each.startsWith('portal_rt='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/v1\/auth/);
    expect(res.headers['cache-control']).toBe('no-store');
    // Its hint for the web app's first script: readable by script, and saying nothing but "signed in".
    const hint = cookies.find((each) => each.startsWith('portal_signed_in='));
    expect(hint).toMatch(/^portal_signed_in=1;/);
    expect(hint).toMatch(/; Path=\/(;|$)/);
    expect(hint).toMatch(/SameSite=Strict/);
    expect(hint).not.toMatch(/HttpOnly/);
    expect(hint?.match(/Max-Age=(\d+)/)?.[1]).toBe(cookie?.match(/Max-Age=(\d+)/)?.[1]);
  });

  it('takes the e-mail without regard to case or surrounding spaces', async () => {
    expect((await login('Group.Admin@Demo.Test', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail and a wrong password alike by default', async () => {
    const wrong = await login('group.admin@demo.test', 'Wrong#2026demo', '10.0.1.1');
    const unknown = await login('nobody@demo.test', 'Wrong#2026demo', '10.0.1.2');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('auth/invalid-credential');
      expect(res.json().detail).toBe(AUTH_ERRORS['auth/invalid-credential'].text);
    }
  });

  it('answers with the spec texts when AUTH_REVEAL_UNKNOWN_ACCOUNT is on', async () => {
    const revealing = await buildTestApp({ env: { AUTH_REVEAL_UNKNOWN_ACCOUNT: 'true' } });
    try {
      const wrong = await revealing.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: 'group.admin@demo.test', password: 'nope' },
      });
      expect(wrong.json()).toMatchObject({ code: 'auth/wrong-password', detail: 'Sorry, that password is incorrect...' });
      const unknown = await revealing.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: 'nobody@demo.test', password: 'nope' },
      });
      expect(unknown.json()).toMatchObject({
        code: 'auth/user-not-found',
        detail: "Sorry, we couldn't find an account with that username.",
      });
      const reset = await revealing.app.inject({ method: 'POST', url: '/v1/auth/password-reset', payload: { email: 'nobody@demo.test' } });
      expect(reset.json().code).toBe('auth/user-not-found');
    } finally {
      await revealing.close();
    }
  });

  it.each([
    [{}, ['email', 'password']],
    [{ email: 'not-an-email', password: 'x' }, ['email']],
    [{ email: 'a@b.test', password: '' }, ['password']],
    [{ email: 'a@b.test', password: 'x'.repeat(2000) }, ['password']],
    [{ email: 'a@b.test', password: 42 }, ['password']],
    [{ email: 'a@b.test', password: 'x', remember: true }, ['body']],
  ])('refuses %j with a 400 naming the fields', async (payload, fields) => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(fields.sort());
  });

  it('writes no password or token to the log', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: { write: (l: string) => void lines.push(l) } });
    try {
      const res = await logged.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: 'group.admin@demo.test', password: DEMO_PASSWORD },
      });
      const token = res.json().accessToken as string;
      await logged.app.inject({ method: 'GET', url: '/v1/profile', headers: { authorization: `Bearer ${token}` } });
      const all = lines.join('\n');
      expect(all).toContain('/v1/auth/login');
      expect(all).not.toContain(DEMO_PASSWORD);
      expect(all).not.toContain(token);
    } finally {
      await logged.close();
    }
  });
});

describe('access tokens', () => {
  const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');
  const forge = (claims: Record<string, unknown>, key = secret, alg = 'HS256') =>
    new SignJWT({ fam: '00000000-0000-0000-0000-000000000000', ...claims })
      .setProtectedHeader({ alg })
      .setSubject('contact:1')
      .setIssuer('http://portal.test')
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(key);

  it('refuses a missing token with a 401 problem and WWW-Authenticate', async () => {
    const res = await profile({});
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(res.json().code).toBe('unauthorized');
  });

  it('refuses forged, wrongly signed, expired and foreign tokens', async () => {
    const other = new TextEncoder().encode('another-secret-another-secret-another-secret');
    const expired = await new SignJWT({ fam: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('contact:1')
      .setIssuer('http://portal.test')
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(1000)
      .setExpirationTime(2000)
      .sign(secret);
    const wrongAudience = await new SignJWT({ fam: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('contact:1')
      .setIssuer('http://portal.test')
      .setAudience('other')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(secret);
    const wrongIssuer = await new SignJWT({ fam: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('contact:1')
      .setIssuer('https://evil.test')
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(secret);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'contact:1', iss: 'http://portal.test', aud: ACCESS_TOKEN_AUDIENCE, exp: 9999999999, iat: 1, fam: 'x' })).toString('base64url')}.`;
    const hs512 = await forge({}, secret, 'HS512');
    for (const token of [await forge({}, other), expired, wrongAudience, wrongIssuer, unsigned, hs512, 'garbage.garbage.garbage']) {
      const res = await profile({ authorization: `Bearer ${token}` });
      expect(res.statusCode, token).toBe(401);
    }
  });
});

describe('refresh and sign-out', () => {
  it('rotates the refresh token; a reused old one revokes the whole family', async () => {
    const session = await signIn(t.app, 'uk.admin@demo.test');
    const first = await refresh(session.refreshCookie);
    expect(first.statusCode).toBe(200);
    const next = refreshCookieOf(first.headers['set-cookie']);
    expect(next).not.toBe(session.refreshCookie);
    // The old token was rotated a minute ago: presenting it again is theft, not a second tab.
    await t.database.db.execute(sql`update refresh_tokens set rotated_at = now() - interval '1 minute' where rotated_at is not null`);
    const issued = `Bearer ${first.json<{ accessToken: string }>().accessToken}`;
    expect((await profile({ authorization: issued })).statusCode).toBe(200);
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
    expect((await refresh(next)).statusCode).toBe(401);
    // The access tokens of that sign-in end at once, not up to 30 minutes later.
    expect((await profile({ authorization: issued })).statusCode).toBe(401);
    expect((await profile(session.headers)).statusCode).toBe(401);
    // Another sign-in of the same contact goes on.
    const other = await signIn(t.app, 'uk.admin@demo.test');
    expect((await profile(other.headers)).statusCode).toBe(200);
  });

  it('gives a token presented again within seconds of its rotation a successor (a reload whose new cookie never arrived)', async () => {
    const liveTokens = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from refresh_tokens where revoked_at is null and rotated_at is null and contact_id = (select id from contacts where email = 'teacher@demo.test')`,
        )
      )[0]!.n;
    const before = await liveTokens();
    const session = await signIn(t.app, 'teacher@demo.test');
    // The browser's refresh rotated the token, but the page was reloaded before the answer (and its cookie) arrived.
    const lost = await refresh(session.refreshCookie);
    expect(lost.statusCode).toBe(200);
    const lostCookie = refreshCookieOf(lost.headers['set-cookie']);
    const again = await refresh(session.refreshCookie);
    expect(again.statusCode).toBe(200);
    const kept = refreshCookieOf(again.headers['set-cookie']);
    expect(kept).not.toBe(lostCookie);
    expect((await profile({ authorization: `Bearer ${again.json<{ accessToken: string }>().accessToken}` })).statusCode).toBe(200);
    // One live token in the family: the one the browser holds now.
    expect(await liveTokens()).toBe(before + 1);
    const next = await refresh(kept);
    expect(next.statusCode).toBe(200);
    // Later than that, the first token again is a stolen copy: the whole family ends, the browser's token too.
    await t.database.db.execute(
      sql`update refresh_tokens set rotated_at = rotated_at - interval '1 minute' where rotated_at is not null and contact_id = (select id from contacts where email = 'teacher@demo.test')`,
    );
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
    expect((await refresh(refreshCookieOf(next.headers['set-cookie']))).statusCode).toBe(401);
  });

  it('detects a copy used within the seconds of grace once the browser refreshes after them', async () => {
    const session = await signIn(t.app, 'intl.admin@demo.test');
    const browser = await refresh(session.refreshCookie);
    // A stolen copy of the first token, presented at once: it gets a successor, and the browser's token is replaced.
    const thief = await refresh(session.refreshCookie);
    expect(thief.statusCode).toBe(200);
    const thiefAccess = `Bearer ${thief.json<{ accessToken: string }>().accessToken}`;
    await t.database.db.execute(
      sql`update refresh_tokens set rotated_at = rotated_at - interval '1 minute' where rotated_at is not null and contact_id = (select id from contacts where email = 'intl.admin@demo.test')`,
    );
    // The browser's next refresh presents a token replaced a minute ago: the family ends, the thief's sign-in with it.
    expect((await refresh(refreshCookieOf(browser.headers['set-cookie']))).statusCode).toBe(401);
    expect((await refresh(refreshCookieOf(thief.headers['set-cookie']))).statusCode).toBe(401);
    expect((await profile({ authorization: thiefAccess })).statusCode).toBe(401);
  });

  it('gives no successor within the seconds of grace once the sign-in has ended', async () => {
    const session = await signIn(t.app, 'pending.booker@demo.test');
    const rotated = await refresh(session.refreshCookie);
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { cookie: refreshCookieOf(rotated.headers['set-cookie']) },
    });
    expect(out.statusCode).toBe(204);
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
  });

  it('refuses a refresh without a cookie, and an expired family', async () => {
    // No cookie at all: nothing to refresh, which is not an error.
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/refresh' })).statusCode).toBe(204);
    const refused = await refresh('portal_rt=not-a-real-token');
    expect(refused.statusCode).toBe(401);
    // Both cookies end: the next start shows the loading view, not a signed-in page's frame.
    expect(String(refused.headers['set-cookie'])).toMatch(/portal_rt=;/);
    expect(String(refused.headers['set-cookie'])).toMatch(/portal_signed_in=;/);
    const session = await signIn(t.app, 'us.admin@demo.test');
    await t.database.db.execute(
      sql`update refresh_tokens set expires_at = now() - interval '1 second' where revoked_at is null and rotated_at is null and contact_id = (select id from contacts where email = 'us.admin@demo.test')`,
    );
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
  });

  it('signs out: the family is revoked and earlier access tokens end at once', async () => {
    const session = await signIn(t.app, 'ca.admin@demo.test');
    expect((await profile(session.headers)).statusCode).toBe(200);
    // No pause: a token issued in the same second as the sign-out ends too.
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { ...session.headers, cookie: session.refreshCookie },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/portal_rt=;/);
    expect(String(out.headers['set-cookie'])).toMatch(/portal_signed_in=;[^,]*Path=\//);
    // The browser drops what it kept of this caller's answers (profile, locations…: private, revalidated by ETag).
    expect(out.headers['clear-site-data']).toBe('"cache"');
    expect((await profile(session.headers)).statusCode).toBe(401);
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
  });
});

describe('passwords', () => {
  it('resets a forgotten password through the e-mailed single-use link', async () => {
    const email = 'bookings.viewer@demo.test';
    const before = await signIn(t.app, email);
    const asked = await t.app.inject({ method: 'POST', url: '/v1/auth/password-reset', payload: { email } });
    expect(asked.statusCode).toBe(202);
    const token = await outboxLink(email, '/reset-password?token=');
    const weak = await t.app.inject({ method: 'POST', url: '/v1/auth/password-reset/confirm', payload: { token, newPassword: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.newPassword).toEqual([
      PASSWORD_MESSAGES.min(8),
      PASSWORD_MESSAGES.uppercase,
      PASSWORD_MESSAGES.number,
      PASSWORD_MESSAGES.special,
    ]);
    const common = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password-reset/confirm',
      payload: { token, newPassword: 'P@ssw0rd' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('auth/common-password');
    const done = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password-reset/confirm',
      payload: { token, newPassword: 'Fresh#Start2026' },
    });
    expect(done.statusCode).toBe(204);
    // The access token from before the reset ends at once, even within the same second.
    expect((await profile(before.headers)).statusCode).toBe(401);
    expect((await login(email, 'Fresh#Start2026')).statusCode).toBe(200);
    expect((await login(email, DEMO_PASSWORD, '10.9.9.9')).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password-reset/confirm',
      payload: { token, newPassword: 'Another#Start2026' },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('auth/link-expired');
  });

  it('refuses an expired reset link with 410', async () => {
    const email = 'finance@demo.test';
    await t.app.inject({ method: 'POST', url: '/v1/auth/password-reset', payload: { email } });
    const token = await outboxLink(email, '/reset-password?token=');
    await t.database.db.execute(sql`update password_reset_tokens set expires_at = now() - interval '1 minute'`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password-reset/confirm',
      payload: { token, newPassword: 'Fresh#Start2026' },
    });
    expect(res.statusCode).toBe(410);
  });

  it('answers 202 for an unknown e-mail and sends nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/password-reset', payload: { email: 'nobody@demo.test' } });
    expect(res.statusCode).toBe(202);
    const outbox = await t.app.inject({ method: 'GET', url: '/v1/dev/outbox?to=nobody@demo.test' });
    expect(outbox.json()).toEqual([]);
  });

  it('changes the password: the current one must match, other sign-ins end, this one goes on', async () => {
    const email = 'school.admin@demo.test';
    const here = await signIn(t.app, email);
    const elsewhere = await signIn(t.app, email, DEMO_PASSWORD, '10.5.5.5');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/change-password',
      headers: here.headers,
      payload: { currentPassword: 'nope', newPassword: 'Brand#New2026' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: ['Current password is incorrect'] });
    // No pause: tokens issued in the same second as the change end too.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/change-password',
      headers: here.headers,
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'Brand#New2026' },
    });
    expect(ok.statusCode).toBe(200);
    const fresh = { authorization: `Bearer ${ok.json().accessToken}` };
    expect((await profile(fresh)).statusCode).toBe(200);
    expect((await profile(here.headers)).statusCode).toBe(401);
    expect((await refresh(elsewhere.refreshCookie)).statusCode).toBe(401);
    expect((await refresh(here.refreshCookie)).statusCode).toBe(200);
    expect((await login(email, 'Brand#New2026')).statusCode).toBe(200);
  });
});
