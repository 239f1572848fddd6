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

/** The versions before and after `write`, inside one transaction that is then undone. */
async function around(write: (tx: Tx) => Promise<unknown>, clients: number[] = [clientA, clientB]) {
  const seen: { before: Map<number, number>; after: Map<number, number> } = { before: new Map(), after: new Map() };
  const parse = (text: string) => new Map(text.split(',').map((p) => p.split(':').map(Number) as [number, number]));
  await database.db
    .transaction(async (tx) => {
      seen.before = parse(await dataVersionsOf(tx, clients));
      await write(tx);
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

  it('rise for the client of its booking requests, its own row, its locations, classifications, timesheets and invoices', async () => {
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
  });

  it("rise on the shared row for an educator's or a contact's name, and not for their other columns", async () => {
    expect(
      await around((tx) => run(tx, sql`update candidates set preferred_name = 'Sam' where id = (select min(id) from candidates)`)),
    ).toEqual([0]);
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

  it('leave other clients alone', async () => {
    expect(
      await around((tx) => run(tx, sql`update bookings set break_minutes = break_minutes where client_id = ${clientA}`), [clientB]),
    ).toEqual([]);
  });
});
