import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from './client';

const url = process.env.TEST_DATABASE_URL;

/** Parameterised statements are named, so a connection plans each once; switched off, none are. */
describe.skipIf(!url)('named statements on PostgreSQL (TEST_DATABASE_URL)', () => {
  let named: Database;
  let unnamed: Database;
  const prepared = (database: Database) =>
    queryRows<{ statement: string }>(database.db, sql`select statement from pg_prepared_statements where ${1} = 1`);

  beforeAll(async () => {
    // One connection each, so that the statements listed are the ones this connection prepared.
    named = await openDatabase({ kind: 'postgres', url: url!, poolSize: 1, statementPoolSize: 1 });
    unnamed = await openDatabase({ kind: 'postgres', url: url!, poolSize: 1, statementPoolSize: 1, preparedStatements: false });
  });
  afterAll(async () => {
    await named?.close();
    await unnamed?.close();
  });

  it('prepares a parameterised statement once per connection and reuses it', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect(await queryRows<{ n: number }>(named.db, sql`select ${i}::int + 1 as n`)).toEqual([{ n: i + 1 }]);
    }
    const statements = (await prepared(named)).map((row) => row.statement);
    expect(statements.filter((text) => text.includes('$1::int + 1'))).toHaveLength(1);
    // Statements without parameters (DDL, health checks) stay unnamed.
    await named.ping();
    expect((await prepared(named)).some((row) => row.statement === 'select 1')).toBe(false);
  });

  it('names nothing when switched off (a transaction-pooling PgBouncer)', async () => {
    await queryRows(unnamed.db, sql`select ${1}::int + 1 as n`);
    expect(await prepared(unnamed)).toEqual([]);
  });

  it('keeps a transaction working with named statements inside it', async () => {
    const answer = await named.db.transaction(async (tx) => queryRows<{ n: number }>(tx, sql`select ${41}::int + 1 as n`));
    expect(answer).toEqual([{ n: 42 }]);
  });
});
