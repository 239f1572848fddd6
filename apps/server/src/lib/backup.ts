import {
  closeSync,
  constants,
  existsSync,
  fchmodSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { openDatabase, type Database } from '@portal/db/client';
import type { Clock } from './clock';
import { embeddedDatabaseDir } from './data-dir';
import { PRIVATE_FILE_MODE } from './private-dir';

/**
 * Backup and restore of the embedded database (PGlite in DATA_DIR/pglite). PostgreSQL deployments use pg_dump.
 *
 * A backup is PGlite's own tarball of its data directory (gzip), taken after a CHECKPOINT while PGlite runs no
 * statement (dumpDataDir holds its query lock): a crash-consistent copy, so a transaction still open at that
 * instant is rolled back on restore and a committed one is whole.
 *
 * The running server holds DATA_DIR (lib/data-dir-lock.ts), and PGlite cannot be opened by two processes, so
 * `npm run backup` asks the server itself: it drops a request file into DATA_DIR (0700: only the server's own
 * user can) and sends SIGUSR2 to the pid holding the lock (again only that user, or root, can); the server
 * writes the backup where the request says and answers with a result file. Nothing listens on the network.
 * Without a running server the command takes the lock and reads the directory itself.
 */

export const BACKUP_REQUEST_PREFIX = 'backup-request-';
export const BACKUP_RESULT_PREFIX = 'backup-result-';

export interface BackupRequest {
  /** Absolute path of the file to write. */
  out: string;
}

export interface BackupResult {
  ok: boolean;
  out: string;
  bytes?: number;
  error?: string;
}

type PGliteInstance = NonNullable<Database['pglite']>;

/** Writes a backup of the open embedded database to `out` (via a `.partial` file renamed at the end). */
export async function writeBackup(pglite: PGliteInstance, out: string): Promise<number> {
  await pglite.query('checkpoint');
  const tarball = await pglite.dumpDataDir('gzip');
  const bytes = Buffer.from(await tarball.arrayBuffer());
  const partial = `${out}.partial`;
  writePrivateFile(partial, bytes);
  renameSync(partial, out);
  return bytes.length;
}

/**
 * Writes a new file only its owner can read (0600), never through a link: whatever is at `path` (a `.partial` left by
 * a crash, or a link someone planted to make the dump land in their file) is removed first (removing a link does not
 * follow it), and the file is created exclusively without following links, so a link planted in between fails the
 * backup instead of redirecting it.
 */
export function writePrivateFile(path: string, bytes: Buffer): void {
  rmSync(path, { force: true });
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, PRIVATE_FILE_MODE);
  try {
    // The mode asked for at creation is narrowed by the umask, never widened; set it exactly.
    fchmodSync(fd, PRIVATE_FILE_MODE);
    writeFileSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The default file name of a backup: portal-backup-20260124-101500.tar.gz. */
export function backupFileName(now: Clock): string {
  const stamp = now()
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `portal-backup-${stamp}.tar.gz`;
}

/**
 * The server side: on SIGUSR2, answers every request file in DATA_DIR. Returns the function that stops listening.
 */
export function answerBackupRequests(options: {
  dataDir: string;
  pglite: PGliteInstance;
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}): () => void {
  const { dataDir, pglite, log } = options;
  let running: Promise<void> = Promise.resolve();
  const answerAll = async () => {
    for (const name of readdirSync(dataDir)) {
      if (!name.startsWith(BACKUP_REQUEST_PREFIX) || !name.endsWith('.json')) continue;
      const id = name.slice(BACKUP_REQUEST_PREFIX.length, -'.json'.length);
      const requestFile = join(dataDir, name);
      let result: BackupResult;
      try {
        const request = JSON.parse(readFileSync(requestFile, 'utf8')) as BackupRequest;
        if (typeof request.out !== 'string' || !isAbsolute(request.out)) throw new Error('the request names no absolute path');
        const bytes = await writeBackup(pglite, request.out);
        result = { ok: true, out: request.out, bytes };
        log.info({ out: request.out, bytes }, 'backup written');
      } catch (error) {
        result = { ok: false, out: '', error: error instanceof Error ? error.message : String(error) };
        log.error({ err: { message: result.error } }, 'backup failed');
      }
      rmSync(requestFile, { force: true });
      writeFileSync(join(dataDir, `${BACKUP_RESULT_PREFIX}${id}.json`), JSON.stringify(result), { mode: PRIVATE_FILE_MODE });
    }
  };
  const onSignal = () => {
    running = running.then(answerAll, answerAll);
  };
  process.on('SIGUSR2', onSignal);
  return () => void process.off('SIGUSR2', onSignal);
}

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/**
 * Restores a backup into DATA_DIR/pglite. The caller holds the DATA_DIR lock. An existing database is refused
 * unless `force`, which moves it aside (pglite.before-restore-<stamp>) rather than deleting it.
 */
export async function restoreBackup(options: {
  file: string;
  dataDir: string;
  force: boolean;
  now: Clock;
}): Promise<{ movedAside?: string; tables: number }> {
  const { file, dataDir, force, now } = options;
  if (!existsSync(file) || !statSync(file).isFile()) throw new RestoreRefusedError(`No backup file at ${file}`);
  const target = embeddedDatabaseDir(dataDir);
  let movedAside: string | undefined;
  if (existsSync(target) && readdirSync(target).length > 0) {
    if (!force) {
      throw new RestoreRefusedError(
        `${target} already holds a database: restore into a fresh DATA_DIR, or add --force to move it aside first.`,
      );
    }
    movedAside = `${target}.before-restore-${backupFileName(now).replace(/^portal-backup-|\.tar\.gz$/g, '')}`;
    renameSync(target, movedAside);
  }
  const tarball = new Blob([readFileSync(file)]);
  let database: Database | undefined;
  try {
    database = await openDatabase({ kind: 'pglite', dataDir: target, loadDataDir: tarball });
    const result = await database.pglite!.query<{ tables: number }>(
      "select count(*)::int as tables from pg_tables where schemaname = 'public'",
    );
    return { ...(movedAside ? { movedAside } : {}), tables: result.rows[0]!.tables };
  } catch (error) {
    await database?.close().catch(() => {});
    database = undefined;
    rmSync(target, { recursive: true, force: true });
    if (movedAside) renameSync(movedAside, target);
    throw error;
  } finally {
    await database?.close();
  }
}
