import { sql } from 'drizzle-orm';
import { dataVersions } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';
import { prepared } from './prepared-statement';

/**
 * The data versions of these clients (migration 0007: triggers raise them with every write a versioned answer
 * reads), by client id; a client with no row yet is absent. One prepared statement on the primary key.
 */
export async function versionsOf(db: DbOrTx, clientIds: readonly number[]): Promise<Map<number, number>> {
  const statement = prepared(db, 'data_versions_of', () =>
    db
      .select({ clientId: dataVersions.clientId, version: dataVersions.version })
      .from(dataVersions)
      .where(sql`${dataVersions.clientId} = any(${sql.placeholder('ids')}::int[])`)
      .prepare('data_versions_of'),
  );
  return new Map((await statement.execute({ ids: clientIds })).map((r) => [r.clientId, r.version]));
}

/** The clients of an answer and the shared row 0, each once, in id order. */
export function versionIds(clientIds: readonly number[]): number[] {
  return [0, ...new Set(clientIds)].sort((a, b) => a - b);
}

/** The versions of `ids` (from `versionIds`) as one text: `0:v,id:v,…`, 0 where a client has no row yet. */
export function versionText(ids: readonly number[], found: ReadonlyMap<number, number>): string {
  return ids.map((id) => `${id}:${found.get(id) ?? 0}`).join(',');
}

/** The versions of these clients and of row 0 as one text (`versionText`), read in one statement. */
export async function dataVersionsOf(db: DbOrTx, clientIds: readonly number[]): Promise<string> {
  const ids = versionIds(clientIds);
  return versionText(ids, await versionsOf(db, ids));
}
