import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database, type PoolName } from './client';

const url = process.env.TEST_DATABASE_URL;

/**
 * Transactions and single statements take their connections from two pools: transactions held up (a COMMIT
 * waiting for the disk, here a sleep) leave the reads their own connections.
 */
describe.skipIf(!url)('the two pools on PostgreSQL (TEST_DATABASE_URL)', () => {
  let database: Database;
  const waits: { pool: PoolName; seconds: number }[] = [];
  const backend = (db: Database['db']) => queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`).then((r) => r[0]!.pid);

  /** Two transactions that hold their connections (both of the pool's) until `release()`; `entered` their backends. */
  async function holdTransactions() {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const entered: number[] = [];
    const done = [1, 2].map(() =>
      database.db.transaction(async (tx) => {
        entered.push(await backend(tx as unknown as Database['db']));
        await held;
      }),
    );
    while (entered.length < 2) await new Promise((r) => setTimeout(r, 10));
    return { entered, release, done: () => Promise.all(done) };
  }

  beforeAll(async () => {
    database = await openDatabase({ kind: 'postgres', url: url!, poolSize: 2, statementPoolSize: 2 });
    database.observeConnectionWaits!((pool, seconds) => waits.push({ pool, seconds }));
  });
  afterAll(async () => {
    await database?.close();
  });

  it('answers a read at once while every connection for transactions is held', async () => {
    const { entered, release, done } = await holdTransactions();
    expect(database.poolUse!().find((p) => p.name === 'transactions')).toMatchObject({ total: 2, idle: 0 });

    // A third transaction waits for one of the two; a read does not.
    waits.length = 0;
    const third = database.db.transaction(async (tx) => backend(tx as unknown as Database['db']));
    const read = await backend(database.db);
    expect(entered).not.toContain(read);
    expect(waits.filter((w) => w.pool === 'statements')).toHaveLength(1);
    expect(database.poolUse!().find((p) => p.name === 'transactions')!.waiting).toBe(1);

    release();
    await done();
    expect(entered).toContain(await third);
    const waited = waits.find((w) => w.pool === 'transactions');
    expect(waited?.seconds).toBeGreaterThan(0);
  });

  it('runs the writer’s statements on the connections for transactions', async () => {
    const { entered, release, done } = await holdTransactions();
    let written: number | undefined;
    const write = backend(database.writer).then((pid) => (written = pid));
    await new Promise((r) => setTimeout(r, 100));
    expect(written).toBeUndefined();
    release();
    await done();
    expect(entered).toContain(await write);
  });
});
