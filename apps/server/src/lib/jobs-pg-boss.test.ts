import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { PgBossJobQueue } from './jobs-pg-boss';

const postgresUrl = inject('postgresUrl');

describe.runIf(postgresUrl)('the job queue on PostgreSQL (pg-boss): stopping', () => {
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
});
