import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { queryRows } from '@portal/db/client';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { DEMO_PASSWORD, signIn, type SignedIn } from '../../../test/auth-client';

/** The second sign-in step over HTTP: TOTP enrolment, the challenge, recovery codes, replay, lock-out, removal. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const EMAIL = 'uk.admin@demo.test';
const OTHER = 'us.admin@demo.test';
const post = (url: string, payload?: object, headers: Record<string, string> = {}, remoteAddress = '10.9.0.1') =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
const login = (email: string, remoteAddress = '10.9.0.1') => post('/v1/auth/login', { email, password: DEMO_PASSWORD }, {}, remoteAddress);
const epoch = (offsetSeconds = 0) => Math.floor(Date.now() / 1000) + offsetSeconds;
const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: epoch(offsetSeconds) });
/** The next code as if the last accepted one were long ago (time passing, without waiting 30 seconds). */
async function freshCode(secret: string, email = EMAIL) {
  await t.database.db.execute(
    sql`update contact_totp set last_time_step = null where contact_id = (select id from contacts where email = ${email})`,
  );
  return codeAt(secret);
}

async function enrol(who: SignedIn): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await post('/v1/auth/mfa/totp/enrol', undefined, who.headers);
  expect(started.statusCode).toBe(200);
  const { secret, otpauthUrl } = started.json() as { secret: string; otpauthUrl: string };
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const confirmed = await post('/v1/auth/mfa/totp/confirm', { code: await codeAt(secret) }, who.headers);
  expect(confirmed.statusCode).toBe(200);
  return { secret, recoveryCodes: confirmed.json().recoveryCodes };
}

let secret = '';
let recoveryCodes: string[] = [];
/** The code that confirmed the app (its time step is spent). */
let confirmedWith = '';

describe('TOTP enrolment and sign-in', () => {
  it('refuses a confirmation with a wrong code, then confirms with the right one and answers 10 recovery codes once', async () => {
    const who = await signIn(t.app, EMAIL);
    const started = await post('/v1/auth/mfa/totp/enrol', undefined, who.headers);
    secret = started.json().secret;
    const wrong = await post('/v1/auth/mfa/totp/confirm', { code: '000000' === (await codeAt(secret)) ? '111111' : '000000' }, who.headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('auth/mfa-code-incorrect');
    expect(wrong.json().errors.code).toBeDefined();
    const shape = await post('/v1/auth/mfa/totp/confirm', { code: 'abc' }, who.headers);
    expect(shape.statusCode).toBe(400);
    expect(shape.json().errors.code).toBeDefined();
    confirmedWith = await codeAt(secret);
    const ok = await post('/v1/auth/mfa/totp/confirm', { code: confirmedWith }, who.headers);
    expect(ok.statusCode).toBe(200);
    recoveryCodes = ok.json().recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes[0]).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    // Stored sealed and hashed, never in clear.
    const [row] = await queryRows<{ secret_sealed: string }>(t.database.db, sql`select secret_sealed from contact_totp`);
    expect(row!.secret_sealed).toMatch(/^sealed:v2:/);
    expect(row!.secret_sealed).not.toContain(secret);
    const hashes = await queryRows<{ code_hash: string }>(t.database.db, sql`select code_hash from recovery_codes`);
    expect(hashes.map((h) => h.code_hash)).not.toContain(recoveryCodes[0]);
    // A second enrolment is refused while one is set up.
    expect((await post('/v1/auth/mfa/totp/enrol', undefined, who.headers)).statusCode).toBe(409);
  });

  it('answers the right password with a challenge and neither a token nor a cookie', async () => {
    const res = await login(EMAIL);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ mfaRequired: true, methods: ['totp', 'recovery'] });
    expect(body.challenge).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.accessToken).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('completes the sign-in with a code; the challenge and the code are single use', async () => {
    const { challenge } = (await login(EMAIL)).json();
    // The confirmation used the current step: the same code again is a replay, refused.
    const replay = await post('/v1/auth/mfa/verify', { challenge, code: confirmedWith });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('auth/mfa-code-invalid');
    const next = await codeAt(secret, 30);
    const ok = await post('/v1/auth/mfa/verify', { challenge, code: next });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().accessToken.split('.')).toHaveLength(3);
    expect(String(ok.headers['set-cookie'])).toMatch(/portal_rt=.*HttpOnly/);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/v1/profile',
      headers: { authorization: `Bearer ${ok.json().accessToken}` },
    });
    expect(profile.statusCode).toBe(200);
    // The challenge is used up; the code is too (a new challenge with the same code is refused).
    const again = await post('/v1/auth/mfa/verify', { challenge, code: next });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('auth/mfa-challenge-invalid');
    const fresh = (await login(EMAIL)).json().challenge;
    expect((await post('/v1/auth/mfa/verify', { challenge: fresh, code: next })).json().code).toBe('auth/mfa-code-invalid');
  });

  it('takes a recovery code once, typed with or without dashes', async () => {
    const code = recoveryCodes[0]!;
    const first = await post('/v1/auth/mfa/verify', {
      challenge: (await login(EMAIL)).json().challenge,
      code: code.replace(/-/g, ' ').toLowerCase(),
    });
    expect(first.statusCode).toBe(200);
    const second = await post('/v1/auth/mfa/verify', { challenge: (await login(EMAIL)).json().challenge, code });
    expect(second.statusCode).toBe(401);
    expect(second.json().code).toBe('auth/mfa-code-invalid');
    const status = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/mfa',
      headers: { authorization: `Bearer ${first.json().accessToken}` },
    });
    expect(status.json()).toMatchObject({ totp: true, recoveryCodesLeft: 9, passkeys: [], required: false });
  });
});

describe('attacks on the second step', () => {
  it('refuses a verify without a challenge, with a made-up one, or with hostile input, as problems naming the field', async () => {
    const none = await post('/v1/auth/mfa/verify', { code: '123456' });
    expect(none.statusCode).toBe(400);
    const made = await post('/v1/auth/mfa/verify', { challenge: 'A'.repeat(43), code: '123456' });
    expect(made.statusCode).toBe(401);
    expect(made.json().code).toBe('auth/mfa-challenge-invalid');
    for (const payload of [
      { challenge: 'A'.repeat(43), code: 'x'.repeat(5000) },
      { challenge: "'; drop table contacts; --", code: '123456' },
      { challenge: 'A'.repeat(43), code: '123456', passkey: {} },
      { challenge: 'A'.repeat(43), passkey: { id: 'x' } },
    ]) {
      const res = await post('/v1/auth/mfa/verify', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().type).toBeDefined();
    }
  });

  it("refuses another contact's challenge: a challenge is bound to its contact", async () => {
    const who = await signIn(t.app, OTHER);
    await enrol(who);
    const theirs = (await login(OTHER)).json().challenge;
    const mine = await freshCode(secret);
    const res = await post('/v1/auth/mfa/verify', { challenge: theirs, code: mine });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('auth/mfa-code-invalid');
  });

  it('refuses an expired challenge', async () => {
    const { challenge } = (await login(EMAIL)).json();
    await t.database.db.execute(sql`update auth_challenges set expires_at = now() - interval '1 second' where consumed_at is null`);
    const res = await post('/v1/auth/mfa/verify', { challenge, code: await freshCode(secret) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('auth/mfa-challenge-invalid');
  });

  it('counts wrong codes as failed sign-ins: the pair is locked at 10, even for the right code', { timeout: 30_000 }, async () => {
    const address = '10.9.9.9';
    const { challenge } = (await login(EMAIL, address)).json();
    const right = await freshCode(secret);
    const wrong = right === '000000' ? '000001' : '000000';
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await post('/v1/auth/mfa/verify', { challenge, code: wrong }, {}, address)).statusCode);
    expect(answers.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(answers[9]).toBe(429);
    const locked = await post('/v1/auth/mfa/verify', { challenge, code: right }, {}, address);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The password again does not wipe the count: the pair stays locked.
    expect((await login(EMAIL, address)).statusCode).toBe(429);
  });

  it('removes the app only with the password and a code', async () => {
    const who = await signIn(t.app, OTHER).catch(() => undefined);
    expect(who).toBeUndefined(); // enrolled: the password alone gives no token
    const ch = (await login(OTHER)).json().challenge;
    const otherSecret = await queryRows<{ contact_id: number }>(t.database.db, sql`select contact_id from contact_totp`);
    expect(otherSecret.length).toBe(2);
    const session = await post('/v1/auth/mfa/verify', { challenge: ch, code: recoveryCodes[1]! });
    // Another contact's recovery code is no good for this one.
    expect(session.statusCode).toBe(401);

    const mine = (await login(EMAIL)).json().challenge;
    const signed = await post('/v1/auth/mfa/verify', { challenge: mine, code: recoveryCodes[2]! });
    const headers = { authorization: `Bearer ${signed.json().accessToken}` };
    const noPassword = await post('/v1/auth/mfa/totp/remove', { code: await freshCode(secret) }, headers);
    expect(noPassword.statusCode).toBe(400);
    const wrongPassword = await post('/v1/auth/mfa/totp/remove', { password: 'Wrong#2026demo', code: await freshCode(secret) }, headers);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().errors.password).toBeDefined();
    const wrongCode = await post(
      '/v1/auth/mfa/totp/remove',
      { password: DEMO_PASSWORD, code: '000000' === (await freshCode(secret)) ? '111111' : '000000' },
      headers,
    );
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().errors.code).toBeDefined();
    const ok = await post('/v1/auth/mfa/totp/remove', { password: DEMO_PASSWORD, code: await freshCode(secret) }, headers);
    expect(ok.statusCode).toBe(204);
    // Without a second step the password signs in again.
    const back = await login(EMAIL, '10.9.0.2');
    expect(back.json().accessToken).toBeDefined();
  });

  it('needs a signed-in contact for enrolment and removal', async () => {
    for (const url of [
      '/v1/auth/mfa/totp/enrol',
      '/v1/auth/mfa/totp/confirm',
      '/v1/auth/mfa/totp/remove',
      '/v1/auth/mfa/passkey/register/options',
    ]) {
      expect((await post(url, {})).statusCode).toBe(401);
      expect((await post(url, {}, { authorization: 'Bearer forged.token.here' })).statusCode).toBe(401);
    }
  });
});

describe('a group that requires a second step', () => {
  it('answers an enrolment token after the password; confirming with it signs in and shows the recovery codes', async () => {
    const email = 'group.admin@demo.test';
    await t.database.db.execute(
      sql`update client_groups set second_step_required = true where id in (select group_id from permission_entries pe join contacts c on c.id = pe.contact_id where c.email = ${email} and group_id is not null)`,
    );
    const first = await login(email, '10.9.1.1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ mfaEnrolmentRequired: true });
    expect(first.json().accessToken).toBeUndefined();
    expect(first.headers['set-cookie']).toBeUndefined();
    const { challenge } = first.json();
    // The enrolment token is not a second-step challenge.
    expect((await post('/v1/auth/mfa/verify', { challenge, code: '123456' })).json().code).toBe('auth/mfa-challenge-invalid');
    const started = await post('/v1/auth/mfa/enrolment/totp', { challenge });
    expect(started.statusCode).toBe(200);
    const groupSecret = started.json().secret as string;
    const bad = await post('/v1/auth/mfa/enrolment/totp/confirm', {
      challenge,
      code: (await codeAt(groupSecret)) === '000000' ? '000001' : '000000',
    });
    expect(bad.statusCode).toBe(400);
    const done = await post('/v1/auth/mfa/enrolment/totp/confirm', { challenge, code: await codeAt(groupSecret) });
    expect(done.statusCode).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    expect(done.json().accessToken).toBeDefined();
    expect(String(done.headers['set-cookie'])).toMatch(/portal_rt=/);
    // Used up; the next sign-in asks for the second step.
    const used = await post('/v1/auth/mfa/enrolment/totp/confirm', { challenge, code: await codeAt(groupSecret, 30) });
    expect(used.statusCode).toBe(401);
    expect(used.json().code).toBe('auth/mfa-challenge-invalid');
    expect((await login(email, '10.9.1.1')).json()).toMatchObject({ mfaRequired: true });
  });
});

describe('attacks on passkeys', () => {
  const fakeAssertion = {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    clientExtensionResults: {},
    response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
  };

  it('gives passkey options only for a live second-step challenge', async () => {
    const made = await post('/v1/auth/mfa/passkey/options', { challenge: 'B'.repeat(43) });
    expect(made.statusCode).toBe(401);
    expect(made.json().code).toBe('auth/mfa-challenge-invalid');
    expect((await post('/v1/auth/mfa/passkey/options', {})).statusCode).toBe(400);
  });

  it('refuses an assertion of a credential the contact does not have, counted as a failure', async () => {
    const { challenge } = (await login(OTHER, '10.9.2.1')).json();
    const options = await post('/v1/auth/mfa/passkey/options', { challenge });
    expect(options.statusCode).toBe(200);
    expect(options.json().rpId).toBe('portal.test');
    const res = await post('/v1/auth/mfa/verify', { challenge, passkey: fakeAssertion }, {}, '10.9.2.1');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('auth/mfa-passkey-invalid');
    const counted = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count from auth_counters where key = ${`login:10.9.2.1:${OTHER}`}`,
    );
    expect(counted[0]?.count).toBe(1);
  });

  it('refuses a forged registration, and a registration without options first', async () => {
    const who = await signIn(t.app, 'finance@demo.test');
    const forged = {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'e30', attestationObject: 'AAAA' },
    };
    const without = await post('/v1/auth/mfa/passkey/register', { name: 'Mine', response: forged }, who.headers);
    expect(without.statusCode).toBe(400);
    expect(without.json().code).toBe('auth/mfa-passkey-rejected');
    const options = await post('/v1/auth/mfa/passkey/register/options', undefined, who.headers);
    expect(options.statusCode).toBe(200);
    expect(options.json().rp).toEqual({ name: 'Client portal', id: 'portal.test' });
    const bad = await post('/v1/auth/mfa/passkey/register', { name: 'Mine', response: forged }, who.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.response).toBeDefined();
    const hostile = await post('/v1/auth/mfa/passkey/register', { name: 'x'.repeat(500), response: forged }, who.headers);
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().errors.name).toBeDefined();
  });

  it('removes a passkey only with the password', async () => {
    const who = await signIn(t.app, 'finance@demo.test');
    const url = '/v1/auth/mfa/passkeys/AAAA/remove';
    expect((await post(url, {}, who.headers)).statusCode).toBe(400);
    const wrong = await post(url, { password: 'Wrong#2026demo' }, who.headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.password).toBeDefined();
    // Someone else's (or no) passkey: nothing removed, nothing told.
    expect((await post(url, { password: DEMO_PASSWORD }, who.headers)).statusCode).toBe(204);
  });
});

describe('staff impersonating a contact', () => {
  it("may not set up, remove or add to the contact's second step", async () => {
    const [staff] = await queryRows<{ id: number }>(t.database.db, sql`select id from staff_users where email = 'staff@provider.test'`);
    const [contact] = await queryRows<{ id: number }>(t.database.db, sql`select id from contacts where email = 'finance@demo.test'`);
    const session = await t.app.services.auth.staffSession(staff!.id, { ip: '10.9.3.1', requestId: 'impersonation-test' });
    const headers = { authorization: `Bearer ${session.accessToken}`, 'impersonated-contact': String(contact!.id) };
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/mfa', headers })).statusCode).toBe(200);
    for (const [url, payload] of [
      ['/v1/auth/mfa/totp/enrol', undefined],
      ['/v1/auth/mfa/totp/confirm', { code: '123456' }],
      ['/v1/auth/mfa/totp/remove', { password: DEMO_PASSWORD, code: '123456' }],
      ['/v1/auth/mfa/passkey/register/options', undefined],
      ['/v1/auth/mfa/passkeys/AAAA/remove', { password: DEMO_PASSWORD }],
    ] as const) {
      const res = await post(url, payload, headers);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('auth/impersonation-forbidden');
    }
  });
});

describe('a secret sealed under a server secret no longer configured', () => {
  it('answers a code as wrong (never a 500); a recovery code still signs in', async () => {
    const who = await signIn(t.app, 'ca.admin@demo.test');
    const { recoveryCodes: codes, secret: caSecret } = await enrol(who);
    await t.database.db.execute(
      sql`update contact_totp set secret_sealed = 'sealed:v2:unknown0:AAAA', last_time_step = null where contact_id = (select id from contacts where email = 'ca.admin@demo.test')`,
    );
    const code = await post(
      '/v1/auth/mfa/verify',
      { challenge: (await login('ca.admin@demo.test', '10.9.4.1')).json().challenge, code: await codeAt(caSecret) },
      {},
      '10.9.4.1',
    );
    expect(code.statusCode).toBe(401);
    expect(code.json().code).toBe('auth/mfa-code-invalid');
    const recovery = await post(
      '/v1/auth/mfa/verify',
      { challenge: (await login('ca.admin@demo.test', '10.9.4.1')).json().challenge, code: codes[0]! },
      {},
      '10.9.4.1',
    );
    expect(recovery.statusCode).toBe(200);
  });
});
