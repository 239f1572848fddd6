import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { makePrivateDir, PRIVATE_FILE_MODE } from './private-dir';

/**
 * PGlite has no cross-process locking: two processes on one data directory silently lose writes.
 * Every process that opens DATA_DIR (server, seed) holds this lock for its whole life.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | undefined,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another process${holderPid ? ` (pid ${holderPid})` : ''}: ` +
        'stop it first, or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

const STALE_MS = 10_000;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(dataDir, 'owner.pid'), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock or throws DataDirLockedError. Resolves to the release function. */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  makePrivateDir(dataDir);
  const options = { lockfilePath: join(dataDir, 'server.lock'), stale: STALE_MS, update: STALE_MS / 2, realpath: false };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const holder = readHolder(dataDir);
    // A killed holder leaves a lock that goes stale within STALE_MS: wait for it rather than refuse.
    if (holder !== undefined && holder !== process.pid && pidAlive(holder)) throw new DataDirLockedError(dataDir, holder);
    try {
      release = await lockfile.lock(dataDir, { ...options, retries: { retries: 12, minTimeout: 1000, maxTimeout: 1000 } });
    } catch {
      throw new DataDirLockedError(dataDir, holder);
    }
  }
  writeFileSync(join(dataDir, 'owner.pid'), String(process.pid), { mode: PRIVATE_FILE_MODE });
  return release;
}
