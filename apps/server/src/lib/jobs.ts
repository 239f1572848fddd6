import type { DbOrTx } from '@portal/db/client';

/**
 * Background work as jobs (docs/decisions: the job queue). On PostgreSQL the queue is pg-boss (lib/jobs-pg-boss.ts):
 * jobs are rows in its own schema, claimed with SKIP LOCKED by whichever server asks first, retried with exponential
 * backoff, expired when a worker dies holding one. On the embedded database (one process by construction, one
 * connection) the same interface runs in this process (lib/jobs-in-process.ts); what must survive a restart there
 * is kept by the job's owner in its own table (the mail queue) and sent again at start.
 */

/** Retries of a failed job: `retryLimit` more tries, the n-th after a wait of `retryDelaySeconds`·2ⁿ to twice that. */
export interface RetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
}

/** What a handler knows of its job. */
export interface JobContext {
  id: string;
  /** Tries before this one (0 on the first). */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export interface SendOptions {
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
  /**
   * The job is added in this transaction (PostgreSQL): it exists only if the transaction commits. In process the job
   * is added at once; its handler must accept finding nothing to do.
   */
  tx?: DbOrTx;
}

export interface JobQueue {
  readonly kind: 'pg-boss' | 'in-process';
  /** Declares a queue, its retries and its handler (each server that starts works it). Before start(). */
  define<T extends object>(name: string, retry: RetryPolicy, handler: JobHandler<T>): void;
  /** Adds a job; answers its id (null when the queue added none: pg-boss's answer to a duplicate). */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Takes back a job that has not started, its work done another way (a mail sent at once needs no retry). A job
   * already taken, done or unknown is left as it is: its handler must accept finding nothing to do.
   */
  remove(name: string, id: string): Promise<void>;
  /**
   * Runs `handler` every `intervalMs` (at least a second on PostgreSQL), once per interval among all the servers
   * sharing the database: the one that takes the interval's job runs it. Answers a function that stops it here.
   */
  every(name: string, intervalMs: number, handler: () => Promise<void>): () => Promise<void>;
  start(): Promise<void>;
  /** Stops taking jobs and waits for those under way. */
  stop(): Promise<void>;
  /** This server stops taking jobs of the queue (they wait, for another server or for `resume`); waits for its own under way. */
  pause(name: string): Promise<void>;
  resume(name: string): Promise<void>;
  /** Runs every job of the declared queues (not paused) that is due now, and waits for them and for those under way (tests). */
  drain(): Promise<void>;
  /** Jobs waiting (due or not) or running, per declared queue (a metrics gauge). */
  depth(): Promise<Record<string, number>>;
  /** Called on every failed try of a job or a scheduled run (a metrics counter, logs). */
  onFailure(listener: (queue: string, error: Error) => void): void;
}

/**
 * The wait before the next try after `retryCount` earlier retries: `retryDelaySeconds`·2^retryCount, up to twice
 * that at random so that jobs failing together do not retry together (pg-boss's own formula, kept here for the
 * in-process queue).
 */
export function retryDelaySeconds(policy: RetryPolicy, retryCount: number, random: number = Math.random()): number {
  return policy.retryDelaySeconds * 2 ** Math.min(16, retryCount) * (1 + random);
}

/** Queue names: letters, digits, dashes (pg-boss's rule, kept for both). */
export function checkQueueName(name: string): string {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`bad queue name: ${name}`);
  return name;
}
