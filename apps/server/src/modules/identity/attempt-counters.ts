import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { queryRows, type Db } from '@portal/db/client';

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

export class DatabaseAttemptCounters implements AttemptCounters {
  constructor(private readonly db: Db) {}

  async hit(key: string, windowSeconds: number): Promise<number> {
    return (await this.consume(key, windowSeconds)).count;
  }

  async consume(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }> {
    const rows = await queryRows<{ count: number; reset_in: number | string | null }>(
      this.db,
      sql`
      insert into auth_counters (key, count, window_started_at) values (${key}, 1, now())
      on conflict (key) do update set
        count = case when auth_counters.window_started_at < now() - make_interval(secs => ${windowSeconds}) then 1 else auth_counters.count + 1 end,
        window_started_at = case when auth_counters.window_started_at < now() - make_interval(secs => ${windowSeconds}) then now() else auth_counters.window_started_at end
      returning count, ceil(extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now()))) as reset_in`,
    );
    return { count: Number(rows[0]?.count ?? 1), resetInSeconds: Math.max(1, Number(rows[0]?.reset_in ?? windowSeconds)) };
  }

  async count(key: string, windowSeconds: number): Promise<number> {
    const rows = await queryRows<{ count: number }>(
      this.db,
      sql`
      select count from auth_counters where key = ${key} and window_started_at >= now() - make_interval(secs => ${windowSeconds})`,
    );
    return Number(rows[0]?.count ?? 0);
  }

  async lock(key: string, seconds: number): Promise<void> {
    await this.db.execute(sql`
      insert into auth_counters (key, count, window_started_at, locked_until) values (${key}, 0, now(), now() + make_interval(secs => ${seconds}))
      on conflict (key) do update set locked_until = now() + make_interval(secs => ${seconds})`);
  }

  async lockedFor(key: string): Promise<number> {
    const rows = await queryRows<{ seconds: number | string | null }>(
      this.db,
      sql`
      select ceil(extract(epoch from (locked_until - now()))) as seconds from auth_counters where key = ${key} and locked_until > now()`,
    );
    return Math.max(0, Number(rows[0]?.seconds ?? 0));
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from auth_counters where key = ${key}`);
  }
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
