import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@portal/db/client';
import { migrateDatabase } from '@portal/db/migrate';
import { ensureDemoWorld } from '../src/demo/seed';
import { createPostgresTemplate } from './database';

/** A fixed "today" so the demo world, and so every assertion on it, is the same on every run. */
export const TEST_NOW = '2026-03-16T01:00:00.000Z';

export default async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  project.provide('testNow', TEST_NOW);
  if (postgresUrl) {
    await createPostgresTemplate(postgresUrl, 'migrated', async () => {});
    await createPostgresTemplate(postgresUrl, 'seeded', async (db) => {
      await ensureDemoWorld(db, { scale: 1, now: new Date(TEST_NOW) });
    });
    project.provide('postgresUrl', postgresUrl);
    project.provide('snapshots', { migrated: '', seeded: '' });
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const database = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  const migrated = join(dir, 'migrated.tar.gz');
  writeFileSync(migrated, Buffer.from(await (await database.pglite!.dumpDataDir('gzip')).arrayBuffer()));
  await ensureDemoWorld(database, { scale: 1, now: new Date(TEST_NOW) });
  const seeded = join(dir, 'seeded.tar.gz');
  writeFileSync(seeded, Buffer.from(await (await database.pglite!.dumpDataDir('gzip')).arrayBuffer()));
  await database.close();
  project.provide('postgresUrl', '');
  project.provide('snapshots', { migrated, seeded });
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    snapshots: { migrated: string; seeded: string };
    testNow: string;
  }
}
