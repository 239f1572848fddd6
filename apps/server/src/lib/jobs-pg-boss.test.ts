import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '@portal/db/client';
import { CuttableProxy } from '../../test/cuttable-proxy';
import { createTestDatabase } from '../../test/helpers';
import { PgBossJobQueue } from './jobs-pg-boss';

const postgresUrl = inject('postgresUrl');

describe.runIf(postgresUrl)('the job queue on PostgreSQL (pg-boss)', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(() => void process.off('unhandledRejection', onUnhandled));

  it('waits for a job fetched while it stops, and for its failure to be written, so the pool can end right after', async () => {
    // A job sent just before stop is fetched while pg-boss stops (it counts no job in hand yet and shuts down):
    // its handler then runs and fails, and pg-boss marks it failed without awaiting that statement.
    for (const pause of [0, 1, 2, 5, 10, 20]) {
      const { database, drop } = await createTestDatabase('migrated');
      const jobs = new PgBossJobQueue({ db: database.db, pollingIntervalSeconds: 0.5 });
      let stopped = false;
      const lateWork: string[] = [];
      jobs.define('fails-late', { retryLimit: 0, retryDelaySeconds: 1 }, async () => {
        await delay(30);
        if (stopped) lateWork.push('a handler ran after stop returned');
        throw new Error('the handler failed');
      });
      await jobs.start();
      await jobs.send('fails-late', {});
      await delay(pause);
      await jobs.stop();
      stopped = true;
      await drop();
      await delay(100);
      expect(lateWork, `stop ${pause} ms after the send`).toEqual([]);
    }
    expect(unhandled.map((reason) => (reason as Error).message)).toEqual([]);
  });

  it('works a backlog of due jobs one after another, without waiting its polling interval between them', async () => {
    // Jobs no send announced (held for a while, or queued while paused) are found by the worker's next look; having
    // found one, it looks again at once. With a minute between looks, ten jobs would otherwise take ten minutes.
    const { database, drop } = await createTestDatabase('migrated');
    const jobs = new PgBossJobQueue({ db: database.db, pollingIntervalSeconds: 60 });
    const done: number[] = [];
    jobs.define<{ n: number }>('backlog', { retryLimit: 0, retryDelaySeconds: 1 }, async ({ n }) => {
      if (n === 3) throw new Error('one job fails');
      done.push(n);
    });
    try {
      await jobs.start();
      await jobs.pause('backlog');
      for (let n = 0; n < 10; n++) await jobs.send('backlog', { n });
      await jobs.resume('backlog');
      await vi.waitFor(() => expect(done.toSorted((a, b) => a - b)).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 9]), {
        timeout: 30_000,
        interval: 50,
      });
    } finally {
      await jobs.stop();
      await drop();
    }
  });

  it('takes back a job no worker has taken, and leaves one under way to finish', async () => {
    const { database, drop } = await createTestDatabase('migrated');
    const jobs = new PgBossJobQueue({ db: database.db, pollingIntervalSeconds: 0.5 });
    const done: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    jobs.define<{ name: string }>('takeback', { retryLimit: 0, retryDelaySeconds: 1 }, async ({ name }) => {
      if (name === 'slow') {
        started();
        await held;
      }
      done.push(name);
    });
    try {
      await jobs.start();
      await jobs.pause('takeback');
      const waiting = await jobs.send('takeback', { name: 'waiting' });
      await jobs.resume('takeback');
      const slow = await jobs.send('takeback', { name: 'slow' });
      await running;
      await jobs.remove('takeback', slow!);
      release();
      await jobs.pause('takeback');
      expect(done).toEqual(['waiting', 'slow']);
      // The job under way was not deleted: it finished as any other.
      await vi.waitFor(async () =>
        expect(await queryRows(database.db, sql`select state from pgboss.job where id = ${slow}`)).toEqual([{ state: 'completed' }]),
      );
      const kept = await jobs.send('takeback', { name: 'kept' });
      const removed = await jobs.send('takeback', { name: 'removed' });
      await jobs.remove('takeback', removed!);
      await jobs.remove('takeback', waiting!); // done already: nothing to take back
      expect(kept).not.toBeNull();
      await jobs.resume('takeback');
      await jobs.drain();
      expect(done).toEqual(['waiting', 'slow', 'kept']);
    } finally {
      await jobs.stop();
      await drop();
    }
  });

  it('survives losing the database as a job ends: the job is not marked, the process goes on, and the queue works again after', async () => {
    // pg-boss marks a finished job done without awaiting that statement: failing, it would be an unhandled rejection.
    const { database, drop } = await createTestDatabase('migrated');
    const proxy = new CuttableProxy(
      { host: new URL(postgresUrl!).hostname, port: Number(new URL(postgresUrl!).port || 5432) },
      await CuttableProxy.freePort(),
    );
    await proxy.up();
    const dbName = (await queryRows<{ name: string }>(database.db, sql`select current_database() as name`))[0]!.name;
    const viaProxy = new URL(postgresUrl!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    viaProxy.pathname = `/${dbName}`;
    const cut = await openDatabase({ kind: 'postgres', url: viaProxy.toString(), connectTimeoutMs: 1000 });
    const warnings: string[] = [];
    const log = { warn: (_: object, msg: string) => void warnings.push(msg), error: (_: object, msg: string) => void warnings.push(msg) };
    const jobs = new PgBossJobQueue({ db: cut.db, log, pollingIntervalSeconds: 0.5 });
    const done: string[] = [];
    jobs.define<{ name: string }>('outage', { retryLimit: 1, retryDelaySeconds: 1 }, async ({ name }) => {
      // The database goes away while the handler finishes (both outcomes: one job succeeds, one fails).
      if (name !== 'after') await proxy.down();
      done.push(name);
      if (name === 'fails') throw new Error('the handler failed');
    });
    try {
      await jobs.start();
      for (const name of ['succeeds', 'fails']) {
        await jobs.send('outage', { name });
        await vi.waitFor(() => expect(done).toContain(name), { timeout: 15_000, interval: 50 });
        await vi.waitFor(
          () => expect(warnings.filter((w) => w.startsWith('a finished job could not be marked done'))).toHaveLength(done.length),
          {
            timeout: 15_000,
            interval: 50,
          },
        );
        await proxy.up();
      }
      // Both stay active (failed and retried when they expire); the queue takes new work once the database is back.
      const states = await queryRows<{ state: string }>(database.db, sql`select state from pgboss.job where name = 'outage'`);
      expect(states.map((r) => r.state)).toEqual(['active', 'active']);
      await vi.waitFor(async () => void (await jobs.send('outage', { name: 'after' })), { timeout: 15_000, interval: 250 });
      await vi.waitFor(() => expect(done).toContain('after'), { timeout: 15_000, interval: 50 });
      expect(unhandled.map((reason) => (reason as Error).message)).toEqual([]);
    } finally {
      await jobs.stop();
      await cut.close();
      await proxy.down();
      await drop();
    }
  });
});
