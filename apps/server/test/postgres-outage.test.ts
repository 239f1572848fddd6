import { CuttableProxy } from './cuttable-proxy';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '@portal/db/client';
import { buildApp } from '../src/app';
import { copyPostgresTemplate, type TestDatabase } from './database';
import { testConfig } from './helpers';

/**
 * A brief PostgreSQL outage, made real by a TCP proxy between the server and the database that we can cut:
 * requests get a 503 problem instead of hanging, and the server recovers by itself. Runs in the PostgreSQL pass
 * of the suite (TEST_DATABASE_URL); PGlite is in-process and cannot go away.
 */
const postgresUrl = inject('postgresUrl');

describe.runIf(postgresUrl)('a PostgreSQL outage', () => {
  let copy: TestDatabase;
  let proxy: CuttableProxy;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    copy = await copyPostgresTemplate(postgresUrl, 'migrated');
    const target = new URL(postgresUrl);
    const port = await CuttableProxy.freePort();
    proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 5432) }, port);
    await proxy.up();
    const dbName = (await queryRows<{ name: string }>(copy.database.db, 'select current_database() as name'))[0]!.name;
    const viaProxy = new URL(postgresUrl);
    viaProxy.host = `127.0.0.1:${port}`;
    viaProxy.pathname = `/${dbName}`;
    database = await openDatabase({ kind: 'postgres', url: viaProxy.toString(), connectTimeoutMs: 1000 });
    app = await buildApp({ config: testConfig(), database });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.down();
    await copy?.drop();
  });

  it('answers 503 during the outage and recovers when the database returns', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

    await proxy.down();
    const during = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(during.statusCode).toBe(503);
    expect(during.json().code).toBe('service-unavailable');
    expect(during.headers['retry-after']).toBeDefined();
    // Health of the process itself does not depend on the database.
    expect((await app.inject({ method: 'GET', url: '/api/ping' })).statusCode).toBe(200);

    await proxy.up();
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      status = (await app.inject({ method: 'GET', url: '/api/ready' })).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
  }, 60_000);
});
