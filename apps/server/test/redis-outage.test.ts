import { redisReachable } from './reachable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseAttemptCounters, FallbackAttemptCounters, RedisAttemptCounters } from '../src/modules/identity/attempt-counters';
import { DEMO_PASSWORD } from '../src/demo/seed';
import { CuttableProxy } from './cuttable-proxy';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Redis unreachable: sign-in and lock-out keep working on the database counters
 * (FallbackAttemptCounters), a lock set during the outage still holds when Redis returns, and nothing else fails.
 * Redis is reached through a TCP proxy that the test cuts.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const login = (t: TestApp, email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password }, remoteAddress });

describe('Redis at a closed port from the start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${await CuttableProxy.freePort()}` } });
  });
  afterAll(() => t?.close());

  it('signs in, answers reads and locks out a pair after ten failures, on the database counters', async () => {
    const email = 'school.admin@demo.test';
    const remoteAddress = '10.61.0.1';
    const started = performance.now();
    const ok = await login(t, email, DEMO_PASSWORD, remoteAddress);
    expect(ok.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(5000);
    const token = ok.json<{ accessToken: string }>().accessToken;
    const profile = await t.app.inject({ method: 'GET', url: '/v1/profile', headers: { authorization: `Bearer ${token}` } });
    expect(profile.statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(t, email, `Wrong#${i}`, remoteAddress)).statusCode);
    expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
    expect(statuses[9]).toBe(429);
    expect((await login(t, email, DEMO_PASSWORD, remoteAddress)).statusCode).toBe(429);
  }, 60_000);
});

describe.runIf(await redisReachable())('Redis cut while the server runs', () => {
  let proxy: CuttableProxy;
  let t: TestApp;
  beforeAll(async () => {
    const target = new URL(REDIS_URL);
    proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 6379) }, await CuttableProxy.freePort());
    await proxy.up();
    // Database 3 of the test Redis: apart from other tests' keys.
    t = await buildTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}/3` } });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.down();
  });

  it('counts failures in the database during the outage; the lock still holds once Redis is back', async () => {
    const email = 'uk.admin@demo.test';
    const remoteAddress = `10.62.${process.pid % 250}.2`;
    expect((await login(t, email, DEMO_PASSWORD, remoteAddress)).statusCode).toBe(200);
    // Two failures counted in Redis, then Redis goes away.
    for (let i = 0; i < 2; i++) expect((await login(t, email, `Wrong#${i}`, remoteAddress)).statusCode).toBe(401);
    await proxy.down();
    expect((await login(t, email, DEMO_PASSWORD, remoteAddress)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await login(t, email, `Wrong#${i}`, remoteAddress)).statusCode);
    // Redis's two failures cannot be read during the outage: the database's count locks at its own tenth.
    expect(statuses.every((s) => s === 401)).toBe(true);
    let last = 0;
    for (let i = 8; i < 10 && last !== 429; i++) last = (await login(t, email, `Wrong#${i}`, remoteAddress)).statusCode;
    expect(last).toBe(429);
    expect((await login(t, email, DEMO_PASSWORD, remoteAddress)).statusCode).toBe(429);

    await proxy.up();
    // Back on Redis (the client reconnects by itself): the lock written in the database still holds.
    for (let i = 0; i < 40; i++) {
      await new Promise((r) => setTimeout(r, 250));
      if ((await login(t, 'group.admin@demo.test', DEMO_PASSWORD, `10.63.${process.pid % 250}.${i}`)).statusCode === 200) break;
    }
    expect((await login(t, email, DEMO_PASSWORD, remoteAddress)).statusCode).toBe(429);
  }, 90_000);
});

describe('FallbackAttemptCounters', () => {
  it('falls back at once when Redis is not ready, and sums both stores', async () => {
    const t = await buildTestApp();
    try {
      const database = new DatabaseAttemptCounters(t.database.db);
      let ready = false;
      const degraded: string[] = [];
      const neverAnswers = new RedisAttemptCounters({} as never);
      const counters = new FallbackAttemptCounters(
        neverAnswers,
        database,
        () => ready,
        (e) => degraded.push(e.message),
      );
      expect(await counters.hit('fallback:a', 60)).toBe(1);
      expect(await counters.hit('fallback:a', 60)).toBe(2);
      await counters.lock('fallback:a', 60);
      expect(await counters.lockedFor('fallback:a')).toBeGreaterThan(50);
      expect(degraded).toHaveLength(1);
      // A Redis that hangs: the call gives up after the timeout and counts in the database.
      ready = true;
      const hanging = { hit: () => new Promise<number>(() => {}), consume: () => new Promise(() => {}) } as never;
      const slow = new FallbackAttemptCounters(
        hanging,
        database,
        () => ready,
        (e) => degraded.push(e.message),
        100,
      );
      expect(await slow.hit('fallback:a', 60)).toBe(3);
      expect(degraded.at(-1)).toMatch(/did not answer within 100 ms/);
    } finally {
      await t.close();
    }
  }, 60_000);
});
