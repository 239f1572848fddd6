import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * DATA_DIR holds the embedded database and the generated signing secret: nobody but the server's own user may
 * read it. Creates the directory 0700 and brings what is already inside to 0700 (directories) and 0600 (files),
 * for a directory made before this rule or copied in with looser modes. Links are left alone (never followed).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir);
}

function tighten(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== PRIVATE_DIR_MODE) chmodSync(path, PRIVATE_DIR_MODE);
    for (const entry of readdirSync(path)) tighten(join(path, entry));
  } else if ((stat.mode & 0o077) !== 0) {
    // Group and others lose every bit; the owner keeps what it had (rw, or rwx for an executable).
    chmodSync(path, stat.mode & 0o700);
  }
}
