import { performance } from 'node:perf_hooks';
import { hash, type Algorithm } from '@node-rs/argon2';
import type { Database, DbOrTx } from '@portal/db/client';
import { systemClock } from '../lib/clock';
import { ClientActivity, HISTORY_DAYS, HORIZON_DAYS, PoolAvailability, emptyActivityRows, type ActivityRows } from './activity';
import { candidateCredentials } from './candidate-credentials';
import { Random } from './random';
import { SCHOOL_TERMS } from './school-terms';
import { ensureSsoTrust } from './sso-trust';
import type { CountryCode } from './reference-data';
import {
  ALL_TABLE_NAMES,
  finishLoad,
  insertActivity,
  insertOrganisations,
  readSeedMarker,
  wipeAllTables,
  worldPresent,
  writeSeedMarker,
  createIndexes,
  dropIndexes,
  ensureSchoolTerms,
  plainActivityIndexes,
  skipForeignKeyChecks,
  type IndexDefinition,
  type RowCounter,
} from './seed.repository';
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
  /** "Today" for the world; defaults to the system clock's time. The same scale and now give the same world. */
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
const MARKER_VERSION = 1;
/** From this scale on the activity loads without foreign-key triggers (seed.repository.ts: skipForeignKeyChecks). */
const LARGE_WORLD_SCALE = 10;

interface SeedMarker {
  complete: boolean;
  version?: number;
  scale?: number;
  now?: string;
  seededAt?: string;
  durationMs?: number;
  counts?: Record<string, number>;
  /** Indexes left out while the activity loads (built again at the end, or by the next seeding if this one stops). */
  deferredIndexes?: IndexDefinition[];
}

async function readMarker(database: Database): Promise<SeedMarker | null> {
  const value = (await readSeedMarker(database.db)) as SeedMarker | undefined;
  return value && typeof value === 'object' ? value : null;
}

const writeMarker = (db: DbOrTx, marker: SeedMarker) => writeSeedMarker(db, { ...marker }, systemClock());

/**
 * On start: a complete world (meta 'seed' = {complete: true}) is left alone; no world is seeded; a world whose
 * seeding was interrupted (rows but no complete marker) is wiped and seeded again.
 */
export async function ensureDemoWorld(database: Database, options: SeedOptions = {}): Promise<SeedReport> {
  const marker = await readMarker(database);
  if (marker?.complete) {
    // A world seeded before the school terms were: they are added, once.
    await ensureSchoolTerms(database.db, SCHOOL_TERMS);
    await ensureSsoTrust(database.db, null);
    return { seeded: false, scale: marker.scale ?? options.scale ?? 1, durationMs: 0, counts: marker.counts ?? {} };
  }
  if (await worldPresent(database.db)) options.log?.('the previous seeding did not finish: wiping the demo world and seeding it again');
  return seedDemoWorld(database, options);
}

/** Wipes every table and seeds the demo world; the complete marker is written last. */
export async function seedDemoWorld(database: Database, options: SeedOptions = {}): Promise<SeedReport> {
  const started = performance.now();
  const scale = options.scale ?? 1;
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`The demo scale must be a positive number, not ${scale}`);
  const now = options.now ?? systemClock();
  const log = options.log ?? (() => {});
  const db = database.db;
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  log(`seeding the demo world (scale ${scale}, today ${now.toISOString().slice(0, 10)})`);

  // A seeding that stopped half-way may have left indexes out: they come back before anything else.
  const interrupted = await readMarker(database);
  await wipeAllTables(db);
  if (interrupted?.deferredIndexes) await createIndexes(db, interrupted.deferredIndexes);
  const deferredIndexes = await plainActivityIndexes(db);
  await writeMarker(db, { complete: false, version: MARKER_VERSION, scale, now: now.toISOString(), deferredIndexes });
  await dropIndexes(db, deferredIndexes);

  // One hash for every demo account: argon2id is deliberately slow.
  const passwordHash = await hash(DEMO_PASSWORD, { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const { plan, ids, offsets } = planWorld({ now, scale, passwordHash, seed: SEED });
  const counts: Record<string, number> = {};
  const count: RowCounter = (table, rows) => {
    counts[table] = (counts[table] ?? 0) + rows;
  };

  const r: WorldRows = plan.rows;
  await db.transaction((tx) =>
    insertOrganisations(
      tx,
      { ...r, candidates: r.candidates.map((c) => ({ ...c, ...candidateCredentials(c.id!, c.country as CountryCode, now.getTime()) })) },
      count,
    ),
  );
  count('school_terms', await ensureSchoolTerms(db, SCHOOL_TERMS));
  log(
    `organisations: ${r.clientGroups.length} groups, ${r.clients.length} clients, ${r.locations.length} locations, ` +
      `${r.contacts.length} contacts, ${r.candidates.length} educators (${elapsed()})`,
  );

  // Activity, client by client: while one client's rows are being written, the next one is generated.
  const rng = new Random(SEED ^ 0x5eed);
  const writeActivity = (tx: DbOrTx, rows: ActivityRows) => insertActivity(tx, rows, count);
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
      if (scale >= LARGE_WORLD_SCALE) await skipForeignKeyChecks(tx);
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

  await createIndexes(db, deferredIndexes);
  log(`indexes built (${elapsed()})`);
  await finishLoad(db);
  // After the world and its sequences: the trust takes the next ids, and the world stays as it was.
  for (const [table, rows] of Object.entries(await ensureSsoTrust(db, passwordHash))) count(table, rows);
  for (const table of ALL_TABLE_NAMES) counts[table] ??= 0;
  counts['meta'] = 1;
  const durationMs = Math.round(performance.now() - started);
  await writeMarker(db, {
    complete: true,
    version: MARKER_VERSION,
    scale,
    now: now.toISOString(),
    seededAt: systemClock().toISOString(),
    durationMs,
    counts,
  });
  log(`demo world complete: ${(counts['bookings'] ?? 0).toLocaleString('en')} bookings in ${elapsed()}`);
  return { seeded: true, scale, durationMs, counts };
}
