import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { DEMO_PASSWORD } from '../../../test/auth-client';
import { LIMITS } from './auth.service';

/** Each limit answers 429 with Retry-After exactly at its threshold, counted per client address. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

function expectLimited(res: LightMyRequestResponse, code: string, windowSeconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.json()).toMatchObject({ status: 429, code });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

/** Sends `max` allowed requests (each must answer `allowed`), then one more, which is answered. */
async function overTheLimit(max: number, send: (i: number) => Promise<LightMyRequestResponse>, allowed: number) {
  for (let i = 0; i < max; i++) expect((await send(i)).statusCode, `request ${i + 1}`).toBe(allowed);
  return send(max);
}

describe('rate limits', () => {
  it('password-reset requests per address', async () => {
    const { max, windowSeconds } = LIMITS.resetRequestsPerAddress;
    const remoteAddress = '10.90.0.1';
    const send = (i: number) =>
      t.app.inject({ method: 'POST', url: '/v1/auth/password-reset', payload: { email: `someone${i}@nowhere.test` }, remoteAddress });
    expectLimited(await overTheLimit(max, send, 202), 'auth/too-many-requests', windowSeconds);
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password-reset',
      payload: { email: 'x@nowhere.test' },
      remoteAddress: '10.90.0.2',
    });
    expect(other.statusCode).toBe(202);
  });

  it('password-reset requests per e-mail stay silently accepted and send no more mail', async () => {
    const email = 'finance@demo.test';
    for (let i = 0; i < LIMITS.resetRequestsPerHour + 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/password-reset',
        payload: { email },
        remoteAddress: `10.91.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(202);
    }
    await t.app.mailer.drain();
    const [sent] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from outbox_messages where to_address = ${email}`,
    );
    expect(sent!.n).toBe(LIMITS.resetRequestsPerHour);
  });

  it('password-reset confirms per address', async () => {
    const { max, windowSeconds } = LIMITS.resetConfirmsPerAddress;
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/password-reset/confirm',
        payload: { token: 'guessed-token', newPassword: 'Fresh#Start2026' },
        remoteAddress: '10.92.0.1',
      });
    expectLimited(await overTheLimit(max, send, 410), 'auth/too-many-requests', windowSeconds);
  });

  it('unlocks per address', async () => {
    const { max, windowSeconds } = LIMITS.unlocksPerAddress;
    const send = () =>
      t.app.inject({ method: 'POST', url: '/v1/auth/unlock', payload: { token: 'guessed-token' }, remoteAddress: '10.93.0.1' });
    expectLimited(await overTheLimit(max, send, 410), 'auth/too-many-requests', windowSeconds);
  });

  it('enterprise login starts per address', async () => {
    const { max, windowSeconds } = LIMITS.enterpriseStartsPerAddress;
    const send = () => t.app.inject({ method: 'GET', url: '/v1/auth/enterprise/start?contactId=1', remoteAddress: '10.94.0.1' });
    expectLimited(await overTheLimit(max, send, 302), 'auth/too-many-requests', windowSeconds);
  });

  it('failed sign-ins from one address across e-mails: slowed, one attempt per few seconds, never a lock', async () => {
    const remoteAddress = '10.95.0.1';
    const send = (email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password }, remoteAddress });
    for (let i = 0; i < LIMITS.addressSlowAfter; i++) {
      expect((await send(`spray${i}@nowhere.test`, 'Wrong#2026')).statusCode, `attempt ${i + 1}`).toBe(401);
    }
    // A pupil's hundred failures behind the school's one address: a teacher there still gets in, after the wait...
    expect((await send('uk.admin@demo.test', DEMO_PASSWORD)).statusCode).toBe(200);
    // ...and an attempt before the address's next turn is not judged: 429 with a Retry-After of a few seconds.
    expectLimited(await send('uk.admin@demo.test', DEMO_PASSWORD), 'auth/too-many-attempts', LIMITS.addressGapSeconds);
    expectLimited(await send('spray-more@nowhere.test', 'Wrong#2026'), 'auth/too-many-attempts', LIMITS.addressGapSeconds);
    // The same account signs in from anywhere else at once.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'uk.admin@demo.test', password: DEMO_PASSWORD },
      remoteAddress: '10.95.0.2',
    });
    expect(elsewhere.statusCode).toBe(200);
  }, 120_000);
});
