import type pg from 'pg';
import type { DbOrTx } from '@portal/db/client';

/**
 * pg-boss's connection interface (`executeSql(text, values)`) over one of our PostgreSQL handles: the app's pool,
 * or an open transaction, so that a job is added with the rows it is about. The text goes to node-postgres as it is:
 * pg-boss's statements use one parameter in several places, each place taking its type from the first, which a
 * Drizzle query (one parameter per place) would not keep.
 */
export function executeSqlOn(db: DbOrTx): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  // Drizzle's node-postgres database and transaction both hold their pool or pooled client as `session.client`.
  const client = (db as unknown as { session?: { client?: pg.Pool | pg.PoolClient } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('the job queue needs a PostgreSQL (node-postgres) handle');
  return {
    async executeSql(text, values = []) {
      const result = (await client.query(text, values)) as unknown as pg.QueryResult | pg.QueryResult[];
      // Several statements in one text (pg-boss's locked migrations) answer one result each.
      return Array.isArray(result) ? { rows: result.at(-1)?.rows ?? [] } : result;
    },
  };
}

/** pg-boss's schema (its default, which the queue keeps). */
export const PG_BOSS_SCHEMA = 'pgboss';

/** Deletes a job that no worker has taken yet; one taken, done or unknown is left alone. */
export async function deleteWaitingJob(db: DbOrTx, queue: string, id: string): Promise<void> {
  await executeSqlOn(db).executeSql(`DELETE FROM ${PG_BOSS_SCHEMA}.job WHERE name = $1 AND id = $2 AND state < 'active'`, [queue, id]);
}
