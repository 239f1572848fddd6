import type { Redis } from 'ioredis';

// The database counters hold queries, so they live in the repository; exported here beside the Redis ones.
export { DatabaseAttemptCounters } from './attempt-counters.repository';

/**
 * Counters of failed sign-ins, shared by every server process: in the database, or in Redis when REDIS_URL is
 * set. A counter counts within a window that starts at its first hit; a lock holds a key until a given time.
 */
export interface AttemptCounters {
  /** Counts one failure; returns the count within the window that began at the first failure. */
  hit(key: string, windowSeconds: number): Promise<number>;
  /** Counts one use, like `hit`, and says when its window ends (the Retry-After of a rate limit). */
  consume(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }>;
  /** The count within the current window (0 when the window has passed). */
  count(key: string, windowSeconds: number): Promise<number>;
  lock(key: string, seconds: number): Promise<void>;
  /** Seconds the key stays locked, or 0. */
  lockedFor(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export class RedisAttemptCounters implements AttemptCounters {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'portal:auth:',
  ) {}

  async hit(key: string, windowSeconds: number): Promise<number> {
    return (await this.consume(key, windowSeconds)).count;
  }

  async consume(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }> {
    const k = `${this.prefix}count:${key}`;
    const [[, count], , [, ttl]] = (await this.redis.multi().incr(k).expire(k, windowSeconds, 'NX').ttl(k).exec()) as [
      [unknown, number],
      unknown,
      [unknown, number],
    ];
    return { count, resetInSeconds: ttl > 0 ? ttl : windowSeconds };
  }

  async count(key: string): Promise<number> {
    return Number((await this.redis.get(`${this.prefix}count:${key}`)) ?? 0);
  }

  async lock(key: string, seconds: number): Promise<void> {
    await this.redis.set(`${this.prefix}lock:${key}`, '1', 'EX', seconds);
  }

  async lockedFor(key: string): Promise<number> {
    return Math.max(0, await this.redis.ttl(`${this.prefix}lock:${key}`));
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}count:${key}`, `${this.prefix}lock:${key}`);
  }
}
