import { performance } from 'node:perf_hooks';
import { hash, type Algorithm } from '@node-rs/argon2';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from '@portal/db/client';
import * as schema from '@portal/db/schema';
import { ClientActivity, HISTORY_DAYS, HORIZON_DAYS, PoolAvailability, emptyActivityRows, type ActivityRows } from './activity';
import { insertRows, syncIdentitySequences } from './bulk-insert';
import { candidateCredentials } from './candidate-credentials';
import { Random } from './random';
import type { CountryCode } from './reference-data';
import { DEMO_ACCOUNT_SPECS, planWorld, type WorldRows } from './world-plan';

export interface SeedReport {
  seeded: boolean;
  scale: number;
  durationMs: number;
  counts: Record<string, number>;
}

export interface SeedOptions {
  /** 1 is the demo world; N > 1 adds about 5 × (N − 1) schools; below 1 thins out the bookings (for tests). */
  scale?: number;
  /** "Today" for the world; defaults to the current time. The same scale and now give the same world. */
  now?: Date;
  log?: (line: string) => void;
}

export const DEMO_PASSWORD = 'Portal#2026demo';

/** The accounts to try the portal with (all use DEMO_PASSWORD), for the README and the start-up banner. */
export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; description: string }> = [
  DEMO_ACCOUNT_SPECS.groupAdmin,
  DEMO_ACCOUNT_SPECS.schoolAdmin,
  DEMO_ACCOUNT_SPECS.bookingsViewer,
  DEMO_ACCOUNT_SPECS.finance,
  DEMO_ACCOUNT_SPECS.ukAdmin,
  DEMO_ACCOUNT_SPECS.usAdmin,
  DEMO_ACCOUNT_SPECS.caAdmin,
  DEMO_ACCOUNT_SPECS.teacher,
  DEMO_ACCOUNT_SPECS.noAccess,
  DEMO_ACCOUNT_SPECS.pendingBooker,
  DEMO_ACCOUNT_SPECS.intlAdmin,
].map(({ email, description }) => ({ email, description }));

const SEED = 20_260_101;
/** Algorithm.Argon2id: the package declares a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;
const MARKER_KEY = 'seed';
const MARKER_VERSION = 1;

interface SeedMarker {
  complete: boolean;
  version?: number;
  scale?: number;
  now?: string;
  seededAt?: string;
  durationMs?: number;
  counts?: Record<string, number>;
}

/** Every table of the schema, found by walking its exports (a new table is wiped without anyone remembering). */
const ALL_TABLES: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

async function readMarker(database: Database): Promise<SeedMarker | null> {
  const rows = await database.db
    .select({ value: schema.meta.value })
    .from(schema.meta)
    .where(sql`${schema.meta.key} = ${MARKER_KEY}`);
  const value = rows[0]?.value as SeedMarker | undefined;
  return value && typeof value === 'object' ? value : null;
}

async function writeMarker(db: DbOrTx, marker: SeedMarker): Promise<void> {
  await db
    .insert(schema.meta)
    .values({ key: MARKER_KEY, value: marker, updatedAt: new Date() })
    .onConflictDoUpdate({ target: schema.meta.key, set: { value: marker, updatedAt: new Date() } });
}

/** Empties every table of the schema and restarts its identities. */
async function wipe(db: DbOrTx): Promise<void> {
  const names = ALL_TABLES.map((table) => sql.identifier(getTableName(table)));
  await db.execute(sql`truncate table ${sql.join(names, sql`, `)} restart identity cascade`);
}

/**
 * On start: a complete world (meta 'seed' = {complete: true}) is left alone; no world is seeded; a world whose
 * seeding was interrupted (rows but no complete marker) is wiped and seeded again.
 */
export async function ensureDemoWorld(database: Database, options: SeedOptions = {}): Promise<SeedReport> {
  const marker = await readMarker(database);
  if (marker?.complete) {
    return { seeded: false, scale: marker.scale ?? options.scale ?? 1, durationMs: 0, counts: marker.counts ?? {} };
  }
  const result = (await database.db.execute(
    sql`select exists (select 1 from ${schema.contacts}) or exists (select 1 from ${schema.clients}) or exists (select 1 from ${schema.meta}) as present`,
  )) as unknown as { rows: Array<{ present: boolean }> };
  if (result.rows[0]?.present) options.log?.('the previous seeding did not finish: wiping the demo world and seeding it again');
  return seedDemoWorld(database, options);
}

/** Wipes every table and seeds the demo world; the complete marker is written last. */
export async function seedDemoWorld(database: Database, options: SeedOptions = {}): Promise<SeedReport> {
  const started = performance.now();
  const scale = options.scale ?? 1;
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`The demo scale must be a positive number, not ${scale}`);
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  const db = database.db;
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  log(`seeding the demo world (scale ${scale}, today ${now.toISOString().slice(0, 10)})`);

  await wipe(db);
  await writeMarker(db, { complete: false, version: MARKER_VERSION, scale, now: now.toISOString() });

  // One hash for every demo account: argon2id is deliberately slow.
  const passwordHash = await hash(DEMO_PASSWORD, { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const { plan, ids, offsets } = planWorld({ now, scale, passwordHash, seed: SEED });
  const counts: Record<string, number> = {};
  const insert = async <T extends PgTable>(tx: DbOrTx, table: T, rows: ReadonlyArray<T['$inferInsert']>) => {
    await insertRows(tx, table, rows);
    const name = getTableName(table);
    counts[name] = (counts[name] ?? 0) + rows.length;
  };

  const r: WorldRows = plan.rows;
  await db.transaction(async (tx) => {
    await insert(tx, schema.staffUsers, r.staffUsers);
    await insert(tx, schema.certifications, r.certifications);
    await insert(tx, schema.clientGroups, r.clientGroups);
    await insert(tx, schema.clients, r.clients);
    await insert(tx, schema.locations, r.locations);
    await insert(tx, schema.contacts, r.contacts);
    await insert(tx, schema.permissionEntries, r.permissionEntries);
    await insert(tx, schema.classifications, r.classifications);
    await insert(tx, schema.grades, r.grades);
    await insert(tx, schema.locationCertifications, r.locationCertifications);
    await insert(tx, schema.bookingContacts, r.bookingContacts);
    await insert(tx, schema.locationRestrictions, r.locationRestrictions);
    await insert(
      tx,
      schema.candidates,
      r.candidates.map((c) => ({ ...c, ...candidateCredentials(c.id!, c.country as CountryCode, now.getTime()) })),
    );
    await insert(tx, schema.generalFiles, r.generalFiles);
    await insert(tx, schema.serviceStatus, r.serviceStatus);
  });
  log(
    `organisations: ${r.clientGroups.length} groups, ${r.clients.length} clients, ${r.locations.length} locations, ` +
      `${r.contacts.length} contacts, ${r.candidates.length} educators (${elapsed()})`,
  );

  // Activity, client by client: while one client's rows are being written, the next one is generated.
  const rng = new Random(SEED ^ 0x5eed);
  const writeActivity = async (tx: DbOrTx, rows: ActivityRows) => {
    await insert(tx, schema.bookingRequests, rows.bookingRequests);
    await insert(tx, schema.bookingRequestCertifications, rows.bookingRequestCertifications);
    await insert(tx, schema.bookingConfirmations, rows.bookingConfirmations);
    await insert(tx, schema.bookings, rows.bookings);
    await insert(tx, schema.invoices, rows.invoices);
    await insert(tx, schema.invoiceLines, rows.invoiceLines);
    await insert(tx, schema.timesheets, rows.timesheets);
    await insert(tx, schema.feedback, rows.feedback);
    await insert(tx, schema.clientCandidates, rows.clientCandidates);
    await insert(tx, schema.replaceMeRequests, rows.replaceMeRequests);
  };
  const batchRows = 20_000;
  let lastLog = performance.now();
  for (let p = 0; p < plan.pools.length; p++) {
    const pool = plan.pools[p]!;
    const days = pool.clients.flatMap((c) => c.locations.map((l) => l.today));
    const availability = new PoolAvailability(
      pool.candidateIds.length,
      Math.min(...days) - HISTORY_DAYS - 1,
      Math.max(...days) + HORIZON_DAYS + 1,
    );
    await db.transaction(async (tx) => {
      let pending: Promise<unknown> = Promise.resolve(null);
      let batch = emptyActivityRows();
      const flush = async () => {
        const error = await pending;
        if (error) throw error;
        const rows = batch;
        batch = emptyActivityRows();
        pending = writeActivity(tx, rows).then(
          () => null,
          (e: unknown) => e,
        );
      };
      for (const client of pool.clients) {
        const rows = new ClientActivity({ nowMs: now.getTime(), rng, ids, offsets, plan }, pool, client, availability).generate();
        for (const key of Object.keys(rows) as Array<keyof ActivityRows>) {
          const target = batch[key] as unknown[];
          for (const row of rows[key]) target.push(row);
        }
        if (batch.bookings.length >= batchRows) await flush();
      }
      await flush();
      const error = await pending;
      if (error) throw error;
    });
    if (performance.now() - lastLog > 5000 || p === plan.pools.length - 1) {
      lastLog = performance.now();
      log(`bookings: ${(counts['bookings'] ?? 0).toLocaleString('en')} (${p + 1}/${plan.pools.length} groups, ${elapsed()})`);
    }
  }

  await syncIdentitySequences(db, ALL_TABLES);
  // Fresh statistics, so the first queries after a bulk load get sensible plans without waiting for autovacuum.
  await db.execute(sql`analyze`);
  for (const table of ALL_TABLES) counts[getTableName(table)] ??= 0;
  counts['meta'] = 1;
  const durationMs = Math.round(performance.now() - started);
  await writeMarker(db, {
    complete: true,
    version: MARKER_VERSION,
    scale,
    now: now.toISOString(),
    seededAt: new Date().toISOString(),
    durationMs,
    counts,
  });
  log(`demo world complete: ${(counts['bookings'] ?? 0).toLocaleString('en')} bookings in ${elapsed()}`);
  return { seeded: true, scale, durationMs, counts };
}
