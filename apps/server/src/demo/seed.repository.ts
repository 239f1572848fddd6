import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '@portal/db/client';
import * as schema from '@portal/db/schema';
import type { ActivityRows } from './activity';
import { insertRows, syncIdentitySequences } from './bulk-insert.repository';
import type { SchoolTermRow } from './school-terms';
import type { WorldRows } from './world-plan';

/** The demo world's writes (see seed.ts): the seed marker, wiping, and loading the planned rows table by table. */

/** Every table of the schema, found by walking its exports (a new table is wiped without anyone remembering). */
const ALL_TABLES: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** The name of every table: the seed report counts each one. */
export const ALL_TABLE_NAMES: readonly string[] = ALL_TABLES.map((table) => getTableName(table));

/** Told how many rows went into which table. */
export type RowCounter = (table: string, rows: number) => void;

const MARKER_KEY = 'seed';

export async function readSeedMarker(db: DbOrTx): Promise<unknown> {
  const rows = await db
    .select({ value: schema.meta.value })
    .from(schema.meta)
    .where(sql`${schema.meta.key} = ${MARKER_KEY}`);
  return rows[0]?.value;
}

export async function writeSeedMarker(db: DbOrTx, marker: Record<string, unknown>, at: Date): Promise<void> {
  await db
    .insert(schema.meta)
    .values({ key: MARKER_KEY, value: marker, updatedAt: at })
    .onConflictDoUpdate({ target: schema.meta.key, set: { value: marker, updatedAt: at } });
}

/** Empties every table of the schema and restarts its identities. */
export async function wipeAllTables(db: DbOrTx): Promise<void> {
  const names = ALL_TABLES.map((table) => sql.identifier(getTableName(table)));
  await db.execute(sql`truncate table ${sql.join(names, sql`, `)} restart identity cascade`);
}

/** Is any of the world there (contacts, clients or the marker)? */
export async function worldPresent(db: Db): Promise<boolean> {
  const result = (await db.execute(
    sql`select exists (select 1 from ${schema.contacts}) or exists (select 1 from ${schema.clients}) or exists (select 1 from ${schema.meta}) as present`,
  )) as unknown as { rows: Array<{ present: boolean }> };
  return Boolean(result.rows[0]?.present);
}

async function insert<T extends PgTable>(tx: DbOrTx, table: T, rows: ReadonlyArray<T['$inferInsert']>, count: RowCounter) {
  await insertRows(tx, table, rows);
  count(getTableName(table), rows.length);
}

/** The school terms, each once: a term already there (by country, region and first day) is left as it is. */
export async function ensureSchoolTerms(db: DbOrTx, rows: readonly SchoolTermRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(schema.schoolTerms)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ id: schema.schoolTerms.id });
  return inserted.length;
}

/** The organisations: staff, clients and their locations, contacts, educators, help files, the banner. */
export async function insertOrganisations(tx: DbOrTx, r: WorldRows, count: RowCounter): Promise<void> {
  await insert(tx, schema.staffUsers, r.staffUsers, count);
  await insert(tx, schema.certifications, r.certifications, count);
  await insert(tx, schema.clientGroups, r.clientGroups, count);
  await insert(tx, schema.clients, r.clients, count);
  await insert(tx, schema.locations, r.locations, count);
  await insert(tx, schema.contacts, r.contacts, count);
  await insert(tx, schema.permissionEntries, r.permissionEntries, count);
  await insert(tx, schema.classifications, r.classifications, count);
  await insert(tx, schema.grades, r.grades, count);
  await insert(tx, schema.locationCertifications, r.locationCertifications, count);
  await insert(tx, schema.bookingContacts, r.bookingContacts, count);
  await insert(tx, schema.locationRestrictions, r.locationRestrictions, count);
  await insert(tx, schema.candidates, r.candidates, count);
  await insert(tx, schema.generalFiles, r.generalFiles, count);
  await insert(tx, schema.serviceStatus, r.serviceStatus, count);
}

/** A batch of activity: requests, bookings, timesheets, invoices, feedback, favourites, replace-me requests. */
export async function insertActivity(tx: DbOrTx, rows: ActivityRows, count: RowCounter): Promise<void> {
  await insert(tx, schema.bookingRequests, rows.bookingRequests, count);
  await insert(tx, schema.bookingRequestCertifications, rows.bookingRequestCertifications, count);
  await insert(tx, schema.bookingConfirmations, rows.bookingConfirmations, count);
  await insert(tx, schema.bookings, rows.bookings, count);
  await insert(tx, schema.invoices, rows.invoices, count);
  await insert(tx, schema.invoiceLines, rows.invoiceLines, count);
  await insert(tx, schema.timesheets, rows.timesheets, count);
  await insert(tx, schema.feedback, rows.feedback, count);
  await insert(tx, schema.clientCandidates, rows.clientCandidates, count);
  await insert(tx, schema.replaceMeRequests, rows.replaceMeRequests, count);
}

/** The tables the activity batches fill (insertActivity). */
const ACTIVITY_TABLES = [
  schema.bookingRequests,
  schema.bookingRequestCertifications,
  schema.bookingConfirmations,
  schema.bookings,
  schema.invoices,
  schema.invoiceLines,
  schema.timesheets,
  schema.feedback,
  schema.clientCandidates,
  schema.replaceMeRequests,
].map((table) => getTableName(table));

export interface IndexDefinition {
  name: string;
  definition: string;
}

/**
 * The plain indexes of the activity tables: neither backing a constraint (primary key, unique, exclusion) nor
 * unique, so that leaving them out while loading changes no rule. Building one after the load costs a fraction of
 * keeping it up to date row by row (scale 100: 1.3 million bookings, each table with up to seven indexes).
 */
export async function plainActivityIndexes(db: DbOrTx): Promise<IndexDefinition[]> {
  const result = (await db.execute(sql`
    select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and t.relname in (${sql.join(
      ACTIVITY_TABLES.map((name) => sql`${name}`),
      sql`, `,
    )}) and not x.indisunique
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
    order by 1`)) as unknown as { rows: IndexDefinition[] };
  return result.rows;
}

export async function dropIndexes(db: DbOrTx, indexes: readonly IndexDefinition[]): Promise<void> {
  for (const index of indexes) await db.execute(sql`drop index if exists ${sql.identifier(index.name)}`);
}

/** Builds the indexes again (those already there are left alone: a seed interrupted half-way is resumed safely). */
export async function createIndexes(db: DbOrTx, indexes: readonly IndexDefinition[]): Promise<void> {
  for (const index of indexes) {
    // pg_get_indexdef's own text, read from the catalogue above (or from the seed marker that recorded it).
    await db.execute(sql.raw(index.definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ')));
  }
}

/**
 * For the rest of this transaction, no foreign-key triggers (session_replication_role = replica) — when the
 * database allows it (a superuser: the embedded database, the bench's PostgreSQL); otherwise nothing changes. Only
 * for large worlds: the planner makes every reference from ids it has just written, and the demo world at scale 1
 * is seeded with every check on (seed.test.ts), so a planner that broke a reference is caught there.
 */
export async function skipForeignKeyChecks(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select set_config('session_replication_role', 'replica', true) where current_setting('is_superuser') = 'on'`);
}

/** After the bulk load: identities continue after the ids the plan chose, and fresh statistics for the planner. */
export async function finishLoad(db: DbOrTx): Promise<void> {
  await syncIdentitySequences(db, ALL_TABLES);
  // Fresh statistics, so the first queries after a bulk load get sensible plans without waiting for autovacuum.
  await db.execute(sql`analyze`);
}
