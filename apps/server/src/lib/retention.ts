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

/** A kind of row's delete: the rows older than `before` go; answers how many. */
export type RetentionStep = (db: Db, before: Date) => Promise<number>;
/** The deletes of some kinds of row, by their period: lib's own below, a module's from the module. */
export type RetentionSteps = Partial<Record<keyof RetentionPeriods, RetentionStep>>;

/** The kinds of row of lib/'s own tables. */
export const LIB_RETENTION_STEPS: RetentionSteps = {
  idempotencyKeysDays: prune.pruneIdempotencyKeys,
  outboxDays: prune.pruneOutboxMail,
  notificationsDays: prune.pruneNotifications,
  givenUpMailsDays: prune.pruneGivenUpMails,
};

/** Every period's delete, from the parts given; a period with none, or with two, is an error at start. */
export function retentionSteps(periods: RetentionPeriods, ...parts: RetentionSteps[]): Record<keyof RetentionPeriods, RetentionStep> {
  const steps = {} as Record<keyof RetentionPeriods, RetentionStep>;
  for (const part of parts) {
    for (const [key, step] of Object.entries(part) as Array<[keyof RetentionPeriods, RetentionStep]>) {
      if (steps[key]) throw new Error(`retention: two deletes for ${key}`);
      steps[key] = step;
    }
  }
  const missing = (Object.keys(periods) as Array<keyof RetentionPeriods>).filter((key) => !steps[key]);
  if (missing.length > 0) throw new Error(`retention: no delete for ${missing.join(', ')}`);
  return steps;
}

export interface RetentionOptions {
  db: Db;
  now: () => Date;
  periods: RetentionPeriods;
  /** Every period's delete (`retentionSteps`). */
  steps: Record<keyof RetentionPeriods, RetentionStep>;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** The instant before which each kind of row goes, at `now`. */
export function retentionCutoffs(now: Date, periods: RetentionPeriods): Record<keyof RetentionPeriods, Date> {
  return Object.fromEntries(
    (Object.keys(periods) as Array<keyof RetentionPeriods>).map((key) => [key, new Date(now.getTime() - periods[key] * DAY_MS)]),
  ) as Record<keyof RetentionPeriods, Date>;
}

/** One run: each kind in turn; one failing does not stop the others, and the run then fails (the job counts it). */
export async function runRetention({ db, now, periods, steps, log }: RetentionOptions): Promise<RetentionReport> {
  const cutoffs = retentionCutoffs(now(), periods);
  const report = {} as RetentionReport;
  let failure: unknown;
  for (const [key, step] of Object.entries(steps) as Array<[keyof RetentionPeriods, RetentionStep]>) {
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
