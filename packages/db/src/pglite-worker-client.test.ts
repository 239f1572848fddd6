import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from './client';
import { migrateDatabase } from './migrate';
import { PGliteWorkerClient } from './pglite-worker-client';

/** The embedded database on a worker thread behaves as PGlite on the server's thread does, without blocking it. */
describe('PGlite on a worker thread', () => {
  let worker: Database;
  let local: Database;

  beforeAll(async () => {
    [worker, local] = await Promise.all([openDatabase({ kind: 'pglite', worker: true }), openDatabase({ kind: 'pglite' })]);
    await migrateDatabase(worker);
    for (const database of [worker, local]) {
      await database.db.execute(sql`create table probe (id int primary key, at timestamptz, day date, n numeric, doc jsonb)`);
    }
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await local?.close();
  });

  it('runs the migrations and answers drizzle queries exactly as PGlite on this thread does', async () => {
    const query = sql`select id, at, day, n, doc, array[day] as days, now() > at as past from probe order by id`;
    for (const database of [worker, local]) {
      await database.db.execute(
        sql`insert into probe values (1, '2026-11-24T10:00:00Z', '2026-11-24', 1.50, '{"a":[1,2]}'), (2, null, null, null, null)`,
      );
    }
    const [fromWorker, fromLocal] = await Promise.all([queryRows(worker.db, query), queryRows(local.db, query)]);
    expect(fromWorker).toEqual(fromLocal);
    expect(fromWorker[0]).toMatchObject({ id: 1, day: '2026-11-24', doc: { a: [1, 2] } });
    const tables = await queryRows<{ n: number }>(
      worker.db,
      sql`select count(*)::int as n from information_schema.tables where table_name = 'bookings'`,
    );
    expect(tables[0]!.n).toBe(1);
  });

  it('runs parameterised statements as named prepared statements: planned once, same answers', async () => {
    const query = (id: number) =>
      sql`select id, at, day, n, doc, array[day] as days, array[at] as ats, array[doc] as docs, ${'x'}::text as label,
                 ${'{1,2}'}::int[] as list, ${new Date('2026-01-02T03:04:05Z')}::timestamptz as stamp, ${id}::bigint as big
          from probe where id >= ${id} order by id`;
    for (const id of [0, 1, 2]) {
      const [fromWorker, fromLocal] = await Promise.all([queryRows(worker.db, query(id)), queryRows(local.db, query(id))]);
      expect(fromWorker).toEqual(fromLocal);
    }
    const prepared = await queryRows<{ statement: string }>(
      worker.db,
      sql`select statement from pg_prepared_statements where statement like ${'%from probe where id >=%'}`,
    );
    expect(prepared).toHaveLength(1);
    // Arrays come back read with their elements' parsers (documents as objects, big integers as numbers; drizzle
    // keeps dates and timestamps as text).
    expect((await queryRows(worker.db, query(1)))[0]).toMatchObject({ days: '{2026-11-24}', docs: [{ a: [1, 2] }], list: [1, 2], big: 1 });
    // A failing parameterised statement leaves the connection usable (Sync ends the failed exchange).
    await expect(worker.db.execute(sql`select ${'a'}::int`)).rejects.toThrow();
    expect(await queryRows(worker.db, sql`select ${7}::int as n`)).toEqual([{ n: 7 }]);
  });

  it('sends array parameters of every type, an enum array included', async () => {
    // Text and int arrays (and text cast to an enum array, as the repositories send them) as PGlite on this thread does.
    const query = sql`select ${sql.param(['pending_review', 'approved_for_invoice'])}::text[]::timesheet_status[] as statuses,
                             ${sql.param(['a "quoted", \\ one', null, 'b'])}::text[] as texts,
                             ${sql.param([3, 1])}::int[] as ids`;
    await migrateDatabase(local);
    const [fromWorker, fromLocal] = await Promise.all([queryRows(worker.db, query), queryRows(local.db, query)]);
    expect(fromWorker).toEqual(fromLocal);
    expect(fromWorker[0]).toMatchObject({ ids: [3, 1], texts: ['a "quoted", \\ one', null, 'b'] });
    // A parameter typed as an enum array has no serialiser of its own: the worker sends it as an array literal
    // (it sent "a,b", a 'malformed array literal'; PGlite on this thread still refuses it).
    const direct = sql`select 'pending_review'::timesheet_status = any(${sql.param(['approved_for_invoice', 'pending_review'])}::timesheet_status[]) as hit`;
    expect(await queryRows(worker.db, direct)).toEqual([{ hit: true }]);
  });

  it('keeps the database error fields callers read (code, constraint)', async () => {
    /** The first error along the cause chain that carries a database code (drizzle wraps the driver's). */
    const fieldsOf = (error: unknown) => {
      for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
        if ((e as { code?: string }).code) return e as { code?: string; constraint?: string };
      }
      return undefined;
    };
    const error = await worker.db.execute(sql`insert into probe (id) values (1)`).catch((e: unknown) => e);
    expect(fieldsOf(error)).toMatchObject({ code: '23505', constraint: 'probe_pkey' });
    // The same from a parameterised statement (run by the worker as a named prepared statement).
    const named = await worker.db.execute(sql`insert into probe (id) values (${1})`).catch((e: unknown) => e);
    expect(fieldsOf(named)).toMatchObject({ code: '23505', constraint: 'probe_pkey' });
  });

  it('commits a transaction, and rolls one back without another caller’s statement landing inside it', async () => {
    await worker.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe (id) values (10)`);
    });
    let outside: Promise<Array<{ n: number }>> | undefined;
    await expect(
      worker.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe (id) values (11)`);
        // Issued while the transaction is open: it must wait for the rollback, not read the uncommitted row.
        outside = queryRows<{ n: number }>(worker.db, sql`select count(*)::int as n from probe where id = 11`);
        await tx.execute(sql`select 1`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await outside!)[0]!.n).toBe(0);
    const kept = await queryRows<{ id: number }>(worker.db, sql`select id from probe where id in (10, 11)`);
    expect(kept).toEqual([{ id: 10 }]);
  });

  it('keeps transactions whole while statements from many callers are posted without waiting', async () => {
    const inRange = sql`select count(*)::int as n from probe where id between 100 and 199`;
    const outside: Array<Promise<Array<{ n: number }>>> = [];
    const seenInside = await Promise.all(
      Array.from({ length: 12 }, (_, k) =>
        worker.db
          .transaction(async (tx) => {
            outside.push(queryRows<{ n: number }>(worker.db, inRange));
            await tx.execute(sql`insert into probe (id) values (${100 + k})`);
            outside.push(queryRows<{ n: number }>(worker.db, inRange));
            const [row] = await queryRows<{ n: number }>(tx, inRange);
            throw Object.assign(new Error('roll back'), { seen: row!.n });
          })
          .catch((error: { seen: number }) => error.seen),
      ),
    );
    // Each transaction saw its own row only; no statement from outside ran inside any of them.
    expect(seenInside).toEqual(Array.from({ length: 12 }, () => 1));
    expect((await Promise.all(outside)).map(([row]) => row!.n)).toEqual(outside.map(() => 0));
  });

  it('leaves the event loop free while a long statement runs', async () => {
    let turns = 0;
    let running = true;
    const spin = () => {
      turns += 1;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    await worker.db.execute(sql`select count(*) from generate_series(1, 2000000) g where g % 7 = 0`);
    running = false;
    // On the server's own thread the statement runs to its end before any turn of the loop.
    expect(turns).toBeGreaterThan(3);
  });

  it('dumps a data directory that opens again', async () => {
    const dump = await worker.pglite!.dumpDataDir('gzip');
    const reopened = await openDatabase({ kind: 'pglite', loadDataDir: dump });
    try {
      expect(await queryRows<{ id: number }>(reopened.db, sql`select id from probe where id = 10`)).toEqual([{ id: 10 }]);
    } finally {
      await reopened.close();
    }
  });

  it('fails every call, and says so once, when the worker thread dies', async () => {
    const deaths: Error[] = [];
    const client = await PGliteWorkerClient.open({ onFatal: (error) => deaths.push(error) });
    await client.query('select 1');
    await (client as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(client.query('select 1')).rejects.toThrow(/worker thread stopped/);
    expect(deaths).toHaveLength(1);
  });
});
