import { openDatabase, type Database } from '@portal/db/client';
import { migrateDatabase } from '@portal/db/migrate';
import { ConfigError, loadConfig } from './config';
import { embeddedDatabaseDir } from './lib/data-dir';
import { acquireDataDirLock } from './lib/data-dir-lock';
import { withSessionLock } from './lib/leader-lock.repository';
import { ensureDemoWorld } from './demo/seed';

/**
 * npm run migrate (in the image: node apps/server/dist/migrate-cli.js)
 *
 * Prepares the configured database and exits: applies the migrations and, with DEMO=true, seeds the demo world when it
 * is not there yet. Exits 0 when there was nothing to do, so a deployment can run it before every start of the servers
 * and have them wait for it (deploy/compose.yaml: `service_completed_successfully`). Reads the servers' environment
 * (apps/server/src/config.ts). On PostgreSQL it holds the servers' start-up lock meanwhile, so a server started by hand
 * at the same moment waits rather than migrating too; the embedded database's DATA_DIR is locked as a server locks it.
 */
function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const log = (line: string) => process.stdout.write(`[migrate] ${line}\n`);

async function prepare(database: Database, demo: boolean, scale: number): Promise<void> {
  const started = performance.now();
  await migrateDatabase(database);
  log(`migrations applied (${Math.round(performance.now() - started)} ms)`);
  if (!demo) return;
  const report = await ensureDemoWorld(database, { scale, log });
  log(report.seeded ? `demo world seeded in ${(report.durationMs / 1000).toFixed(1)} s` : 'demo world already there');
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 2);
    throw error;
  }
  // A database it creates is readable by its own user only (as the server's).
  process.umask(0o077);
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    log(`database: PostgreSQL (DATABASE_URL)${config.demo ? ', demo world' : ''}`);
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 2, statementTimeoutMs: 600_000 });
    try {
      await withSessionLock(url, 'startup', () => prepare(database, config.demo, config.seedScale));
    } finally {
      await database.close();
    }
    return;
  }
  const release = await acquireDataDirLock(config.dataDir).catch((error: unknown) => fail(String((error as Error).message ?? error), 1));
  try {
    log(`database: embedded PGlite in ${embeddedDatabaseDir(config.dataDir)}${config.demo ? ', demo world' : ''}`);
    const database = await openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(config.dataDir) });
    try {
      await prepare(database, config.demo, config.seedScale);
    } finally {
      await database.close();
    }
  } finally {
    await release();
  }
}

main().catch((error: unknown) => fail(`Migration failed: ${error instanceof Error ? error.message : String(error)}`, 1));
