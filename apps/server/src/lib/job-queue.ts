import type { Database } from '@portal/db/client';
import type { JobQueue } from './jobs';
import { InProcessJobQueue } from './jobs-in-process';
import { PgBossJobQueue } from './jobs-pg-boss';

export type { JobQueue } from './jobs';

/** pg-boss on PostgreSQL, the in-process queue on the embedded database (see lib/jobs.ts). */
export function createJobQueue(
  database: Database,
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void },
): JobQueue {
  return database.kind === 'postgres' ? new PgBossJobQueue({ db: database.writer, log }) : new InProcessJobQueue({ log });
}
