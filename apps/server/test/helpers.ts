import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { openDatabase, type Database } from '@portal/db/client';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { copyPostgresTemplate, type TemplateKind } from './database';

/** A database of its own for one test file: a copy of the migrated or the demo-seeded template. */
export async function createTestDatabase(kind: TemplateKind = 'seeded'): Promise<{ database: Database; drop: () => Promise<void> }> {
  const postgresUrl = inject('postgresUrl');
  if (postgresUrl) return copyPostgresTemplate(postgresUrl, kind);
  const file = inject('snapshots')[kind];
  const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(file)]) });
  return { database, drop: () => database.close() };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO: 'true',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_ORIGIN: 'http://portal.test',
    DATA_DIR: '/nonexistent-test-data-dir',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // A busy test machine can stall the event loop (PGlite runs in-process); tests must not get 'under load' 503s.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // Likewise, a drawn first page must not become the page as built because a busy machine was slow to draw it.
    FIRST_PAGE_BUDGET_MS: '10000',
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh database. `routes` may add test-only routes before the app is ready (to
 * exercise plugins with a body schema before the domain's own routes exist).
 */
export async function buildTestApp(
  options: {
    kind?: TemplateKind;
    env?: Record<string, string>;
    routes?: (app: FastifyInstance) => void;
    logStream?: { write(line: string): void };
    /** A fixed or movable clock for the booking rules (cut-off, today). */
    now?: () => Date;
  } = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase(options.kind ?? 'seeded');
  const app = await buildApp({ config: testConfig(options.env), database, logStream: options.logStream, now: options.now });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}
