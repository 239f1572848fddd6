import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '@portal/db/client';
import { migrateDatabase } from '@portal/db/migrate';

/**
 * Test databases: one migrated and one seeded template per run (see global-setup.ts), copied for each test
 * file. PGlite templates are dumped data directories; PostgreSQL templates are databases used as TEMPLATE.
 */

export const TEMPLATE_NAMES = { migrated: 'portal_test_tpl_migrated', seeded: 'portal_test_tpl_seeded' } as const;
export type TemplateKind = keyof typeof TEMPLATE_NAMES;

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates (or recreates) a PostgreSQL template database and fills it with `fill`. */
export async function createPostgresTemplate(baseUrl: string, kind: TemplateKind, fill: (db: Database) => Promise<void>): Promise<void> {
  const name = TEMPLATE_NAMES[kind];
  await admin(baseUrl, async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(baseUrl, name) });
  try {
    await migrateDatabase(database);
    await fill(database);
  } finally {
    await database.close();
  }
}

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

export async function copyPostgresTemplate(baseUrl: string, kind: TemplateKind): Promise<TestDatabase> {
  const name = `portal_test_${randomBytes(5).toString('hex')}`;
  await admin(baseUrl, (c) => c.query(`create database ${name} template ${TEMPLATE_NAMES[kind]}`));
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(baseUrl, name) });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
