import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, PERMISSION_SCOPES, TIMESHEET_STATUSES } from '@portal/contract/domain';
import { openDatabase, type Database } from './client';
import { migrateDatabase } from './migrate';
import * as schema from './schema';

const TABLES = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable)).map(getTableName);

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What every engine must show after the migrations: the tables, the enums, and the constraints that guard data. */
function checksFor(getDatabase: () => Database) {
  it('creates every table of the schema', async () => {
    const found = await rows<{ table_name: string }>(
      getDatabase(),
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(found.map((r) => r.table_name).sort()).toEqual([...TABLES].sort());
  });

  it('builds the enums from the contract vocabularies', async () => {
    const [row] = await rows<{ statuses: string; scopes: string; timesheets: string }>(
      getDatabase(),
      sql`select enum_range(null::booking_status)::text as statuses, enum_range(null::permission_scope)::text as scopes,
          enum_range(null::timesheet_status)::text as timesheets`,
    );
    expect(row!.statuses).toBe(`{${BOOKING_STATUSES.join(',')}}`);
    expect(row!.scopes).toBe(`{${PERMISSION_SCOPES.join(',')}}`);
    expect(row!.timesheets).toBe(`{${TIMESHEET_STATUSES.join(',')}}`);
  });

  it('is idempotent', async () => {
    await migrateDatabase(getDatabase());
  });

  it('enforces case-insensitive unique e-mails and one node per permission entry', async () => {
    const db = getDatabase().db;
    await db.insert(schema.contacts).values({ id: 900_001, firstName: 'A', lastName: 'B', email: 'Someone@Example.test' });
    await expect(
      db.insert(schema.contacts).values({ id: 900_002, firstName: 'C', lastName: 'D', email: 'someone@example.TEST' }),
    ).rejects.toThrow();
    await db.insert(schema.clients).values({ id: 900_001, name: 'X', currency: 'AUD', country: 'AU', taxLabel: 'GST' });
    await expect(db.insert(schema.permissionEntries).values({ contactId: 900_001, scope: 'booking', modifier: 'all' })).rejects.toThrow();
    await db.insert(schema.permissionEntries).values({ contactId: 900_001, clientId: 900_001, scope: 'booking', modifier: 'all' });
    await expect(
      db.insert(schema.permissionEntries).values({ contactId: 900_001, clientId: 900_001, scope: 'booking', modifier: 'all' }),
    ).rejects.toThrow();
    await db.execute(sql`delete from contacts where id = 900001`);
    await db.execute(sql`delete from clients where id = 900001`);
  });
}

describe('migrations on PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    await migrateDatabase(database);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });
  checksFor(() => database);
});

const url = process.env.TEST_DATABASE_URL;

/** Empties the database: the migrations own the public schema, and drizzle keeps its journal in "drizzle". */
async function resetSchemas(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public authorization pg_database_owner');
    await client.query('grant usage on schema public to public');
  } finally {
    await client.end();
  }
}

describe.skipIf(!url)('migrations on PostgreSQL (TEST_DATABASE_URL)', () => {
  let database: Database;
  beforeAll(async () => {
    await resetSchemas(url!);
    database = await openDatabase({ kind: 'postgres', url: url! });
    await migrateDatabase(database);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    if (url) await resetSchemas(url);
  });
  checksFor(() => database);
});
