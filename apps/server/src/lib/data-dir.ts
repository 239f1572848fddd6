import { join } from 'node:path';

/**
 * Where in DATA_DIR the embedded database (PGlite) lives. The server, `npm run seed`, `npm run backup` and
 * `npm run restore` all open it here; the seed once opened DATA_DIR itself, a database the server never read.
 */
export function embeddedDatabaseDir(dataDir: string): string {
  return join(dataDir, 'pglite');
}
