import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@portal/db/client';
import { createTestDatabase } from '../../test/helpers';
import { dataVersionsOf } from './data-versions.repository';

/**
 * The triggers of migration 0007 on the seeded world: every kind of write to a row a versioned answer reads raises
 * the versions of exactly the clients it touched, in the same transaction; shared data raises row 0. Each case runs
 * in a transaction that is rolled back, so the world stays as seeded.
 */

let database: Database;
let drop: () => Promise<void>;
let clientA: number;
let clientB: number;

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];
const rollback = new Error('rollback');

/**
 * The versions before and after `write`, inside one transaction that is then undone. The versions are raised when
 * a transaction commits (a deferred trigger); `set constraints all immediate` runs that trigger here instead.
 */
async function around(write: (tx: Tx) => Promise<unknown>, clients: number[] = [clientA, clientB]) {
  const seen: { before: Map<number, number>; after: Map<number, number> } = { before: new Map(), after: new Map() };
  const parse = (text: string) => new Map(text.split(',').map((p) => p.split(':').map(Number) as [number, number]));
  await database.db
    .transaction(async (tx) => {
      seen.before = parse(await dataVersionsOf(tx, clients));
      await write(tx);
      await tx.execute(sql`set constraints all immediate`);
      seen.after = parse(await dataVersionsOf(tx, clients));
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  const raised = [...seen.after].filter(([id, v]) => v !== seen.before.get(id)).map(([id]) => id);
  return raised.sort((a, b) => a - b);
}
const run = (tx: Tx, query: SQL) => tx.execute(query);

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('seeded'));
  const rows = await queryRows<{ id: number }>(
    database.db,
    sql`select c.id from clients c where exists (select 1 from bookings b where b.client_id = c.id) order by c.id limit 2`,
  );
  [clientA, clientB] = rows.map((r) => r.id) as [number, number];
});
afterAll(async () => {
  await drop?.();
});

describe('data versions', () => {
  it('are there for the seeded world: the seed wrote through the triggers', async () => {
    const versions = await dataVersionsOf(database.db, [clientA, clientB]);
    expect(versions).toMatch(/^0:\d+,\d+:[1-9]\d*,\d+:[1-9]\d*$/);
  });

  it('rise for the client of a booking inserted, updated or deleted, and for both when a row moves', async () => {
    expect(
      await around((tx) =>
        run(
          tx,
          sql`update bookings set break_minutes = break_minutes where id = (select min(id) from bookings where client_id = ${clientA})`,
        ),
      ),
    ).toEqual([clientA]);
    expect(
      await around((tx) =>
        run(
          tx,
          sql`insert into bookings (request_id, client_id, location_id, status, date_local, start_time_local, end_time_local, break_minutes, time_zone, start_utc, end_utc, series_position, series_total)
          select request_id, client_id, location_id, status, date_local, start_time_local, end_time_local, break_minutes, time_zone, start_utc, end_utc, series_position, series_total
          from bookings where client_id = ${clientB} order by id limit 1`,
        ),
      ),
    ).toEqual([clientB]);
    expect(
      await around(async (tx) => {
        await run(tx, sql`delete from timesheets where booking_id = (select min(id) from bookings where client_id = ${clientA})`);
        await run(tx, sql`delete from feedback where booking_id = (select min(id) from bookings where client_id = ${clientA})`);
        await run(tx, sql`delete from bookings where id = (select min(id) from bookings where client_id = ${clientA})`);
      }),
    ).toEqual([clientA]);
    expect(
      await around((tx) =>
        run(tx, sql`update bookings set client_id = ${clientB} where id = (select min(id) from bookings where client_id = ${clientA})`),
      ),
    ).toEqual([clientA, clientB]);
  });

  it('rise for the client of its booking requests, its own row, its locations, classifications, timesheets, invoices and educators', async () => {
    expect(
      await around((tx) =>
        run(
          tx,
          sql`update booking_requests set covering_name = 'Someone Else' where id = (select min(id) from booking_requests where client_id = ${clientB})`,
        ),
      ),
    ).toEqual([clientB]);
    expect(await around((tx) => run(tx, sql`update clients set name = name || ' (renamed)' where id = ${clientA}`))).toEqual([clientA]);
    expect(await around((tx) => run(tx, sql`update locations set name = name || ' (renamed)' where client_id = ${clientB}`))).toEqual([
      clientB,
    ]);
    expect(
      await around((tx) => run(tx, sql`update classifications set online_title = online_title || '!' where client_id = ${clientA}`)),
    ).toEqual([clientA]);
    expect(await around((tx) => run(tx, sql`update timesheets set break_minutes = break_minutes where client_id = ${clientB}`))).toEqual([
      clientB,
    ]);
    expect(await around((tx) => run(tx, sql`update invoices set invoice_no = invoice_no where client_id = ${clientA}`))).toEqual([clientA]);
    expect(
      await around((tx) => run(tx, sql`update client_candidates set is_favourite = is_favourite where client_id = ${clientB}`)),
    ).toEqual([clientB]);
  });

  it("rise on the shared row for an educator's name or headline or a contact's name, and not for their other columns", async () => {
    expect(
      await around((tx) => run(tx, sql`update candidates set preferred_name = 'Sam' where id = (select min(id) from candidates)`)),
    ).toEqual([0]);
    expect(await around((tx) => run(tx, sql`update candidates set headline = 'New' where id = (select min(id) from candidates)`))).toEqual([
      0,
    ]);
    expect(await around((tx) => run(tx, sql`update candidates set summary = 'New' where id = (select min(id) from candidates)`))).toEqual(
      [],
    );
    expect(
      await around((tx) => run(tx, sql`update contacts set last_name = last_name || 'x' where id = (select min(id) from contacts)`)),
    ).toEqual([0]);
    expect(await around((tx) => run(tx, sql`update contacts set locked_until = now() where id = (select min(id) from contacts)`))).toEqual(
      [],
    );
  });

  it('rise for every client and the shared row when a table is emptied (TRUNCATE fires no row triggers)', async () => {
    expect(await around((tx) => run(tx, sql`truncate table feedback, timesheets, bookings cascade`))).toEqual(
      [0, clientA, clientB].sort((a, b) => a - b),
    );
  });

  it('count what a rolled-back savepoint wrote out, and what the transaction wrote after an early raise in', async () => {
    expect(
      await around(async (tx) => {
        await run(tx, sql`update bookings set break_minutes = break_minutes where client_id = ${clientA}`);
        await run(tx, sql`savepoint s`);
        await run(tx, sql`update bookings set break_minutes = break_minutes where client_id = ${clientB}`);
        await run(tx, sql`rollback to savepoint s`);
      }),
    ).toEqual([clientA]);
    expect(
      await around(async (tx) => {
        await run(tx, sql`savepoint s`);
        await run(tx, sql`update bookings set break_minutes = break_minutes where client_id = ${clientB}`);
        await run(tx, sql`rollback to savepoint s`);
      }),
    ).toEqual([]);
    expect(
      await around(async (tx) => {
        await run(tx, sql`update bookings set break_minutes = break_minutes where client_id = ${clientA}`);
        await run(tx, sql`set constraints all immediate`);
        await run(tx, sql`update bookings set break_minutes = break_minutes where client_id = ${clientB}`);
      }),
    ).toEqual([clientA, clientB]);
  });

  it('rise under session_replication_role = replica too (the bulk seed and the bench skip foreign keys so)', async () => {
    expect(
      await around(async (tx) => {
        await run(tx, sql`set local session_replication_role = replica`);
        await run(tx, sql`update bookings set break_minutes = break_minutes where client_id = ${clientB}`);
      }),
    ).toEqual([clientB]);
  });

  it('rise when the transaction commits, and stay above the clock in microseconds', async () => {
    const before = await dataVersionsOf(database.db, [clientA]);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update clients set name = name where id = ${clientA}`);
      expect(await dataVersionsOf(tx, [clientA]), 'not before commit').toBe(before);
    });
    const after = await dataVersionsOf(database.db, [clientA]);
    expect(after).not.toBe(before);
    expect(Number(after.split(',')[1]!.split(':')[1])).toBeGreaterThan(1.7e15);
    expect((await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from data_versions_pending`))[0]!.n).toBe(0);
  });

  it('never deadlock a writer that locks a row first with one that writes first (PostgreSQL: two connections)', async (ctx) => {
    if (database.kind !== 'postgres') return ctx.skip();
    // Approving a request updates it, then its bookings; cancelling locks a booking, then updates it. Both at one
    // school: with the version row locked at the first write, each would wait for the other.
    const { id: booking, request_id: request } = (
      await queryRows<{ id: number; request_id: number }>(
        database.db,
        sql`select id, request_id from bookings where client_id = ${clientA} order by id desc limit 1`,
      )
    )[0]!;
    let started!: () => void;
    let issued!: () => void;
    const firstWrote = new Promise<void>((resolve) => (started = resolve));
    const lockedAndWriting = new Promise<void>((resolve) => (issued = resolve));
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const approve = database.db.transaction(async (tx) => {
      await tx.execute(sql`update booking_requests set covering_name = covering_name where id = ${request}`);
      started();
      await lockedAndWriting;
      await tx.execute(sql`update bookings set break_minutes = break_minutes where id = ${booking}`);
    });
    const cancel = database.db.transaction(async (tx) => {
      await firstWrote;
      await tx.execute(sql`select id from bookings where id = ${booking} for update`);
      const update = tx.execute(sql`update bookings set break_minutes = break_minutes + 1 where id = ${booking}`);
      setTimeout(issued, 150);
      await update;
      await pause(300);
    });
    const before = await dataVersionsOf(database.db, [clientA]);
    await expect(Promise.all([approve, cancel])).resolves.toHaveLength(2);
    expect(await dataVersionsOf(database.db, [clientA])).not.toBe(before);
  });

  it('leave other clients alone', async () => {
    expect(
      await around((tx) => run(tx, sql`update bookings set break_minutes = break_minutes where client_id = ${clientA}`), [clientB]),
    ).toEqual([]);
  });
});
