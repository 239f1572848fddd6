import { redisReachable } from '../../../test/reachable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { createTestDatabase } from '../../../test/helpers';
import { buildTestApp } from '../../../test/helpers';
import { LIMITS } from './auth.service';
import { DatabaseAttemptCounters, RedisAttemptCounters, type AttemptCounters } from './attempt-counters';

/** The same behaviour from both stores: the database (default) and Redis (REDIS_URL). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function contract(make: () => AttemptCounters) {
  const key = () => `test:${Math.random().toString(36).slice(2)}`;

  it('counts within a window and starts again after it', async () => {
    const counters = make();
    const k = key();
    expect(await counters.count(k, 60)).toBe(0);
    expect(await counters.hit(k, 60)).toBe(1);
    expect(await counters.hit(k, 60)).toBe(2);
    expect(await counters.count(k, 60)).toBe(2);
    const short = key();
    await counters.hit(short, 1);
    await new Promise((r) => setTimeout(r, 2100));
    expect(await counters.hit(short, 1)).toBe(1);
  });

  it('tells when the window of a rate limit ends', async () => {
    const counters = make();
    const k = key();
    expect((await counters.consume(k, 600)).count).toBe(1);
    const second = await counters.consume(k, 600);
    expect(second.count).toBe(2);
    expect(second.resetInSeconds).toBeGreaterThan(590);
    expect(second.resetInSeconds).toBeLessThanOrEqual(600);
    expect(await counters.hit(k, 600)).toBe(3);
  });

  it('locks a key for a time and forgets it on reset', async () => {
    const counters = make();
    const k = key();
    expect(await counters.lockedFor(k)).toBe(0);
    await counters.lock(k, 900);
    const left = await counters.lockedFor(k);
    expect(left).toBeGreaterThan(890);
    expect(left).toBeLessThanOrEqual(900);
    await counters.hit(k, 60);
    await counters.reset(k);
    expect(await counters.lockedFor(k)).toBe(0);
    expect(await counters.count(k, 60)).toBe(0);
  });
}

describe('attempt counters in the database', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase('migrated');
  });
  afterAll(async () => {
    await db?.drop();
  });
  contract(() => new DatabaseAttemptCounters(db.database.db));
});

const reachable = await redisReachable();
if (!reachable) console.warn(`Redis is not reachable at ${REDIS_URL}: the Redis counter tests do not run`);

describe.runIf(reachable)('attempt counters in Redis', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(REDIS_URL);
  });
  afterAll(() => {
    redis?.disconnect();
  });
  contract(() => new RedisAttemptCounters(redis, `portal-test:${process.pid}:`));

  it('locks a sign-in pair across two server instances sharing Redis', async () => {
    const env = { REDIS_URL };
    // One after the other: two apps starting at once on a busy machine can miss avvio's plugin timeout.
    const a = await buildTestApp({ env });
    const b = await buildTestApp({ env }).catch(async (error: unknown) => {
      await a.close();
      throw error;
    });
    try {
      const email = 'uk.admin@demo.test';
      const remoteAddress = `10.123.${process.pid % 250}.7`;
      for (let i = 0; i < 5; i++)
        await a.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password: `Wrong#${i}` }, remoteAddress });
      let last = 0;
      for (let i = 5; i < 10; i++)
        last = (await b.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password: `Wrong#${i}` }, remoteAddress }))
          .statusCode;
      expect(last).toBe(429);
      const locked = await a.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email, password: 'Portal#2026demo' },
        remoteAddress,
      });
      expect(locked.statusCode).toBe(429);
      await redis.del(
        `portal:auth:count:login:${remoteAddress}:${email}`,
        `portal:auth:lock:login:${remoteAddress}:${email}`,
        `portal:auth:count:login-account:${email}`,
        `portal:auth:count:login-address:${remoteAddress}`,
      );
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 60_000);

  it('keeps rate limits in Redis when it is configured', async () => {
    const t = await buildTestApp({ env: { REDIS_URL } });
    const remoteAddress = `10.124.${process.pid % 250}.9`;
    const key = `portal:auth:count:unlock:${remoteAddress}`;
    try {
      await redis.del(key);
      const unlock = () => t.app.inject({ method: 'POST', url: '/v1/auth/unlock', payload: { token: 'guess' }, remoteAddress });
      for (let i = 0; i < LIMITS.unlocksPerAddress.max; i++) expect((await unlock()).statusCode).toBe(410);
      const limited = await unlock();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(await redis.get(key))).toBe(LIMITS.unlocksPerAddress.max + 1);
      const inDatabase = await queryRows<{ key: string }>(t.database.db, sql`select key from auth_counters where key like 'unlock:%'`);
      expect(inDatabase).toEqual([]);
    } finally {
      await redis.del(key);
      await t.close();
    }
  }, 60_000);
});

describe('the client address behind a proxy', () => {
  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    const plain = await buildTestApp();
    const proxied = await buildTestApp({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
    try {
      const attempt = (t: typeof plain) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/auth/login',
          payload: { email: 'finance@demo.test', password: 'Wrong#1' },
          headers: { 'x-forwarded-for': '203.0.113.9' },
          remoteAddress: '127.0.0.1',
        });
      await attempt(plain);
      await attempt(proxied);
      const keys = async (t: typeof plain) =>
        (await queryRows<{ key: string }>(t.database.db, sql`select key from auth_counters where key like 'login:%'`)).map((r) => r.key);
      expect(await keys(plain)).toEqual(['login:127.0.0.1:finance@demo.test']);
      expect(await keys(proxied)).toEqual(['login:203.0.113.9:finance@demo.test']);
    } finally {
      await Promise.all([plain.close(), proxied.close()]);
    }
  }, 60_000);
});
