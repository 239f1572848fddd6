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

/**
 * Redis unreachable: sign-in and lock-out keep working on the database counters, never without
 * counting. While Redis answers, failures are counted there; when its connection is not ready, or a command
 * takes longer than `timeoutMs`, the same call goes to the database instead (one warning per outage).
 * Reads always ask both stores: a count is the sum of both (the database holds only what was counted during
 * outages), a lock the longer of both, so failures counted during an outage still count, and a lock set during
 * it still holds, after Redis returns. The cost is one indexed database read per check while Redis is up; a
 * sign-in already reads the contact.
 */
export class FallbackAttemptCounters implements AttemptCounters {
  private degraded = false;

  constructor(
    private readonly redis: AttemptCounters,
    private readonly database: AttemptCounters,
    private readonly redisReady: () => boolean,
    private readonly onDegraded: (error: Error) => void,
    private readonly timeoutMs = 300,
  ) {}

  private async viaRedis<T>(call: (c: AttemptCounters) => Promise<T>): Promise<T | undefined> {
    if (!this.redisReady()) return this.fellBack(new Error('the Redis connection is not ready'));
    let timer: NodeJS.Timeout | undefined;
    try {
      const pending = call(this.redis);
      // When the timeout wins the race, the Redis call may still fail later (e.g. 'Connection is closed' when the
      // client gives up): that failure is already answered by the fallback and must not surface as unhandled.
      pending.catch(() => {});
      const result = await Promise.race([
        pending,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`Redis did not answer within ${this.timeoutMs} ms`)), this.timeoutMs);
        }),
      ]);
      this.degraded = false;
      return result;
    } catch (error) {
      return this.fellBack(error instanceof Error ? error : new Error(String(error)));
    } finally {
      clearTimeout(timer);
    }
  }

  private fellBack(error: Error): undefined {
    if (!this.degraded) this.onDegraded(error);
    this.degraded = true;
    return undefined;
  }

  /** A write: Redis when it answers, else the database. */
  private async write<T>(call: (c: AttemptCounters) => Promise<T>): Promise<T> {
    const viaRedis = await this.viaRedis(call);
    return viaRedis !== undefined ? viaRedis : call(this.database);
  }

  /** The larger of both stores (Redis counted as 0 when it does not answer). */
  private async strictest(call: (c: AttemptCounters) => Promise<number>): Promise<number> {
    const [fromRedis, fromDatabase] = await Promise.all([this.viaRedis(call), call(this.database)]);
    return Math.max(fromRedis ?? 0, fromDatabase);
  }

  async hit(key: string, windowSeconds: number): Promise<number> {
    return (await this.consume(key, windowSeconds)).count;
  }

  /** Counted where it can be; the count answered is the sum of both stores (the database holds outages' hits). */
  async consume(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }> {
    const viaRedis = await this.viaRedis((c) => c.consume(key, windowSeconds));
    if (viaRedis === undefined) {
      const inDatabase = await this.database.consume(key, windowSeconds);
      return { ...inDatabase, count: inDatabase.count + ((await this.viaRedis((c) => c.count(key, windowSeconds))) ?? 0) };
    }
    return { ...viaRedis, count: viaRedis.count + (await this.database.count(key, windowSeconds)) };
  }

  async count(key: string, windowSeconds: number): Promise<number> {
    const [fromRedis, fromDatabase] = await Promise.all([
      this.viaRedis((c) => c.count(key, windowSeconds)),
      this.database.count(key, windowSeconds),
    ]);
    return (fromRedis ?? 0) + fromDatabase;
  }

  async lock(key: string, seconds: number): Promise<void> {
    await this.write((c) => c.lock(key, seconds).then(() => true));
  }

  lockedFor(key: string): Promise<number> {
    return this.strictest((c) => c.lockedFor(key));
  }

  async reset(key: string): Promise<void> {
    await Promise.all([this.viaRedis((c) => c.reset(key).then(() => true)), this.database.reset(key)]);
  }
}
