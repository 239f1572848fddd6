import type { Db } from '@portal/db/client';
import type { RetentionPeriods } from '../config';
import type { JobQueue } from './jobs';
import * as prune from './retention.repository';

/**
 * Data that is no longer needed is removed after a period of its own (RETENTION_*_DAYS, README → Operating →
 * Retention): expired idempotency keys, expired or revoked refresh tokens, old sign-in counters, the outbox's mail
 * and notifications, mail given up, and the audit log, kept longest. A scheduled job runs it hourly, on one server
 * of those sharing the database. Nothing younger than its period is touched.
 */

const DAY_MS = 86_400_000;

/** The scheduled job (lib/jobs.ts). */
export const RETENTION_JOB = 'retention';
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

export type RetentionReport = Record<keyof RetentionPeriods, number>;

const STEPS: Array<[keyof RetentionPeriods, (db: Db, before: Date) => Promise<number>]> = [
  ['idempotencyKeysDays', prune.pruneIdempotencyKeys],
  ['refreshTokensDays', prune.pruneRefreshTokens],
  ['signInCountersDays', prune.pruneSignInCounters],
  ['outboxDays', prune.pruneOutboxMail],
  ['notificationsDays', prune.pruneNotifications],
  ['givenUpMailsDays', prune.pruneGivenUpMails],
  ['auditLogDays', prune.pruneAuditLog],
];

export interface RetentionOptions {
  db: Db;
  now: () => Date;
  periods: RetentionPeriods;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** The instant before which each kind of row goes, at `now`. */
export function retentionCutoffs(now: Date, periods: RetentionPeriods): Record<keyof RetentionPeriods, Date> {
  return Object.fromEntries(STEPS.map(([key]) => [key, new Date(now.getTime() - periods[key] * DAY_MS)])) as Record<
    keyof RetentionPeriods,
    Date
  >;
}

/** One run: each kind in turn; one failing does not stop the others, and the run then fails (the job counts it). */
export async function runRetention({ db, now, periods, log }: RetentionOptions): Promise<RetentionReport> {
  const cutoffs = retentionCutoffs(now(), periods);
  const report = {} as RetentionReport;
  let failure: unknown;
  for (const [key, step] of STEPS) {
    try {
      report[key] = await step(db, cutoffs[key]);
    } catch (err) {
      failure ??= err;
      report[key] = 0;
      log?.error({ err, kind: key }, 'retention step failed');
    }
  }
  if (Object.values(report).some((n) => n > 0)) log?.info({ removed: report }, 'retention');
  if (failure) throw failure;
  return report;
}

/** Schedules the hourly run on the job queue; it stops with the queue. */
export function scheduleRetention(jobs: Pick<JobQueue, 'every'>, options: RetentionOptions): () => Promise<void> {
  return jobs.every(RETENTION_JOB, RETENTION_INTERVAL_MS, async () => {
    await runRetention(options);
  });
}
