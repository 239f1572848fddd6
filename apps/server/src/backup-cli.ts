import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '@portal/db/client';
import {
  BACKUP_REQUEST_PREFIX,
  BACKUP_RESULT_PREFIX,
  backupFileName,
  RestoreRefusedError,
  restoreBackup,
  writeBackup,
  type BackupResult,
} from './lib/backup';
import { systemClock } from './lib/clock';
import { embeddedDatabaseDir } from './lib/data-dir';
import { acquireDataDirLock, DataDirLockedError } from './lib/data-dir-lock';
import { PRIVATE_FILE_MODE } from './lib/private-dir';

/**
 * npm run backup [-- --out FILE] [--data-dir DIR]
 * npm run restore -- FILE [--data-dir DIR] [--force]
 *
 * Backup and restore of the embedded database (see lib/backup.ts and docs/operations.md, 'Backup and restore'). DATA_DIR
 * is taken from --data-dir, else the DATA_DIR variable, else .data (relative to where npm was launched).
 */
const USAGE = 'usage: npm run backup -- [--out FILE] [--data-dir DIR] | npm run restore -- FILE [--data-dir DIR] [--force]';
const ANSWER_TIMEOUT_MS = 120_000;

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const base = process.env.INIT_CWD ?? process.cwd();
const absolute = (path: string) => (isAbsolute(path) ? path : resolve(base, path));

async function backup(dataDir: string, out: string): Promise<void> {
  if (!existsSync(embeddedDatabaseDir(dataDir))) fail(`No embedded database in ${dataDir} (DATA_DIR).`);
  let release: (() => Promise<void>) | undefined;
  try {
    release = await acquireDataDirLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    if (!error.holderPid) fail(error.message);
    return askServer(dataDir, error.holderPid, out);
  }
  // No server runs: read the directory ourselves, under the lock.
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(dataDir) });
    try {
      const bytes = await writeBackup(database.pglite!, out);
      process.stdout.write(`Backup written to ${out} (${bytes} bytes; no server was running).\n`);
    } finally {
      await database.close();
    }
  } finally {
    await release();
  }
}

async function askServer(dataDir: string, pid: number, out: string): Promise<void> {
  const id = randomUUID();
  const requestFile = join(dataDir, `${BACKUP_REQUEST_PREFIX}${id}.json`);
  const resultFile = join(dataDir, `${BACKUP_RESULT_PREFIX}${id}.json`);
  writeFileSync(requestFile, JSON.stringify({ out }), { mode: PRIVATE_FILE_MODE });
  try {
    process.kill(pid, 'SIGUSR2');
  } catch (error) {
    rmSync(requestFile, { force: true });
    fail(`Cannot signal the server (pid ${pid}) holding ${dataDir}: ${(error as Error).message}`);
  }
  const start = performance.now();
  while (!existsSync(resultFile)) {
    if (performance.now() - start > ANSWER_TIMEOUT_MS) {
      rmSync(requestFile, { force: true });
      fail(`The server (pid ${pid}) did not answer the backup request within ${ANSWER_TIMEOUT_MS / 1000} s.`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const result = JSON.parse(readFileSync(resultFile, 'utf8')) as BackupResult;
  rmSync(resultFile, { force: true });
  if (!result.ok) fail(`The server could not write the backup: ${result.error}`);
  process.stdout.write(`Backup written to ${result.out} (${result.bytes} bytes) by the running server (pid ${pid}).\n`);
}

async function restore(dataDir: string, file: string, force: boolean): Promise<void> {
  let release: () => Promise<void>;
  try {
    release = await acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(`Refusing to restore: ${error.message}`);
    throw error;
  }
  try {
    const { movedAside, tables } = await restoreBackup({ file, dataDir, force, now: systemClock });
    if (movedAside) process.stdout.write(`The previous database was moved to ${movedAside}.\n`);
    process.stdout.write(
      `Restored ${file} into ${embeddedDatabaseDir(dataDir)} (${tables} tables). Start the server with DATA_DIR=${dataDir}.\n`,
    );
  } catch (error) {
    if (error instanceof RestoreRefusedError) fail(error.message);
    throw error;
  } finally {
    await release();
  }
}

async function main(): Promise<void> {
  process.umask(0o077);
  const [command, ...rest] = process.argv.slice(2);
  let values: { out?: string; 'data-dir'?: string; force?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: rest,
      options: { out: { type: 'string' }, 'data-dir': { type: 'string' }, force: { type: 'boolean' } },
      allowPositionals: true,
    }));
  } catch {
    fail(USAGE, 2);
  }
  if (process.env.DATABASE_URL && !values['data-dir']) {
    fail('DATABASE_URL is set: this command backs up the embedded database only; back up PostgreSQL with pg_dump.');
  }
  const dataDir = absolute(values['data-dir'] ?? (process.env.DATA_DIR || '.data'));
  if (command === 'backup' && positionals.length === 0 && !values.force) {
    await backup(dataDir, absolute(values.out ?? backupFileName(systemClock)));
  } else if (command === 'restore' && positionals.length === 1 && !values.out) {
    await restore(dataDir, absolute(positionals[0]!), values.force ?? false);
  } else {
    fail(USAGE, 2);
  }
}

main().catch((error: unknown) => fail(`${error instanceof Error ? error.message : String(error)}`));
