import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database, Schema } from './client';

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Applies the committed drizzle-kit migrations; the same files serve PGlite and PostgreSQL. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  } else {
    await migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
  }
  // Data versions (migration 0007) continue above the clock in microseconds: a database restored from a backup
  // would otherwise hand out again versions that servers and browsers already tagged other data with.
  await database.db.execute(
    sql`select setval('data_versions_seq', greatest(last_value, (extract(epoch from clock_timestamp()) * 1000000)::bigint)) from data_versions_seq`,
  );
}
