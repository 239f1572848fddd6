import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@portal/db/client';
import { deleteInBatches } from '../../lib/retention.repository';
import type { AttemptCounters } from './attempt-counters';

/** The counters of failed sign-ins in the database (table auth_counters); see attempt-counters.ts. */
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

/** Sign-in and rate-limit counters whose window started before `before` and that hold no lock since (the retention job). */
export function pruneSignInCounters(db: Db, before: Date): Promise<number> {
  const at = before.toISOString();
  return deleteInBatches(db, sql`auth_counters`, sql`window_started_at < ${at} and (locked_until is null or locked_until < ${at})`);
}
