import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type Database } from '@portal/db/client';
import { migrateDatabase } from '@portal/db/migrate';
import { embeddedDatabaseDir } from '../lib/data-dir';
import { acquireDataDirLock } from '../lib/data-dir-lock';
import { ensureDemoWorld, seedDemoWorld } from './seed';

/**
 * npm run seed -- --scale N [--database-url URL | --data-dir DIR] [--reset]
 *
 * Migrates the database and seeds the demo world. Without --reset a complete world is left alone.
 */
const USAGE = 'usage: npm run seed -- [--scale N] [--database-url URL | --data-dir DIR] [--reset]';

function fail(message: string, code: number): never {
  process.stderr.write(`${message.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(code);
}

function parse(): { scale: number; databaseUrl?: string; dataDir?: string; reset: boolean } {
  let values: { scale?: string; 'database-url'?: string; 'data-dir'?: string; reset?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        scale: { type: 'string' },
        'database-url': { type: 'string' },
        'data-dir': { type: 'string' },
        reset: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch {
    fail(USAGE, 2);
  }
  const scale = values.scale === undefined ? 1 : Number(values.scale);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 10_000) fail(USAGE, 2);
  if (values['database-url'] && values['data-dir']) fail(USAGE, 2);
  const base = process.env.INIT_CWD ?? process.cwd();
  const databaseUrl = values['database-url'] ?? (values['data-dir'] ? undefined : process.env.DATABASE_URL || undefined);
  const dataDir = databaseUrl ? undefined : resolve(base, values['data-dir'] ?? (process.env.DATA_DIR || './.data'));
  return { scale, reset: values.reset ?? false, ...(databaseUrl ? { databaseUrl } : {}), ...(dataDir ? { dataDir } : {}) };
}

function table(counts: Record<string, number>): string {
  const entries = Object.entries(counts).sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(...entries.map(([name]) => name.length));
  return entries.map(([name, count]) => `  ${name.padEnd(width)}  ${count.toLocaleString('en').padStart(11)}`).join('\n');
}

async function main(): Promise<void> {
  const options = parse();
  // The embedded database it writes is readable by its own user only (as the server's).
  process.umask(0o077);
  let release: (() => Promise<void>) | undefined;
  if (options.dataDir) {
    try {
      release = await acquireDataDirLock(options.dataDir);
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error), 1);
    }
  }
  let database: Database | undefined;
  try {
    const where = options.databaseUrl
      ? 'PostgreSQL (--database-url / DATABASE_URL)'
      : `PGlite in ${embeddedDatabaseDir(options.dataDir!)} (the server's with DATA_DIR=${options.dataDir})`;
    const log = (line: string) => process.stdout.write(`[seed] ${line}\n`);
    log(`database: ${where}`);
    database = options.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: options.databaseUrl, statementTimeoutMs: 600_000, poolSize: 2 })
      : await openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(options.dataDir!) });
    await migrateDatabase(database);
    const report = options.reset
      ? await seedDemoWorld(database, { scale: options.scale, log })
      : await ensureDemoWorld(database, { scale: options.scale, log });
    if (!report.seeded) {
      await database.close();
      await release?.();
      fail(`A complete demo world (scale ${report.scale}) is already there; pass --reset to wipe it and seed again.`, 1);
    }
    process.stdout.write(
      `\nSeeded in ${(report.durationMs / 1000).toFixed(1)} s (scale ${report.scale}). Rows per table:\n${table(report.counts)}\n`,
    );
  } finally {
    await database?.close();
    await release?.();
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // drizzle wraps driver errors ("Failed query: …" with every parameter); the cause says what went wrong.
  const cause = error.cause instanceof Error ? error.cause.message : null;
  return cause ? `${cause} (${error.message.slice(0, 200)})` : error.message;
}

main().catch((error: unknown) => fail(`Seeding failed: ${describe(error)}`, 1));
