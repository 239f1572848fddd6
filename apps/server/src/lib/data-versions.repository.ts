import { sql } from 'drizzle-orm';
import { dataVersions } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';
import { prepared } from './prepared-statement';

/**
 * The data versions of these clients and of the shared row 0 (migration 0007: triggers raise them with every write
 * a versioned answer reads), as one text: `0:v,id:v,…` in id order, 0 where a client has no row yet. One prepared
 * statement on the primary key.
 */
export async function dataVersionsOf(db: DbOrTx, clientIds: readonly number[]): Promise<string> {
  const ids = [0, ...new Set(clientIds)].sort((a, b) => a - b);
  const statement = prepared(db, 'data_versions_of', () =>
    db
      .select({ clientId: dataVersions.clientId, version: dataVersions.version })
      .from(dataVersions)
      .where(sql`${dataVersions.clientId} = any(${sql.placeholder('ids')}::int[])`)
      .prepare('data_versions_of'),
  );
  const found = new Map((await statement.execute({ ids })).map((r) => [r.clientId, r.version]));
  return ids.map((id) => `${id}:${found.get(id) ?? 0}`).join(',');
}
