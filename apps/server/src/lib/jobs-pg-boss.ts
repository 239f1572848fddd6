import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type { Db } from '@portal/db/client';
import { checkQueueName, type JobHandler, type JobQueue, type RetryPolicy, type SendOptions } from './jobs';
import { deleteWaitingJob, executeSqlOn, PG_BOSS_SCHEMA } from './jobs-sql.repository';

/**
 * The job queue on PostgreSQL (see lib/jobs.ts): pg-boss, in its own schema (`pgboss`, created and migrated by
 * pg-boss at start under its own lock), over the app's connection pool. Each declared queue is worked by every
 * server that starts; SKIP LOCKED gives each job to one of them. A job whose server dies while working it fails
 * when it expires and is retried. Scheduled runs (`every`) are jobs throttled to one per interval (pg-boss's
 * singleton slots): every server offers the interval's job, the first one is kept, one server takes it.
 */
export interface PgBossJobQueueOptions {
  db: Db;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** How often an idle worker looks for jobs (seconds, at least 0.5); a job sent by this server wakes it at once. */
  pollingIntervalSeconds?: number;
  /** How long a job may run before it is failed (and retried): a dead server's job is not lost (default 15 min). */
  expireInSeconds?: number;
}

interface Declared {
  name: string;
  retry: RetryPolicy;
  handler: JobHandler<object>;
  workerId?: string;
  paused?: boolean;
}

/**
 * The statements by which pg-boss's worker marks a job it has run completed or failed. pg-boss 10 starts them without
 * awaiting or catching them, so one that fails (the database lost as the job ends) would be an unhandled rejection,
 * which ends the process. Ours take that failure as "not marked": the job stays active, and is failed and retried
 * when it expires, as a job whose server died is. The texts are pg-boss's own (its plans module has no types).
 */
const pgBossPlans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};
const UNAWAITED_BY_PG_BOSS = new Set([pgBossPlans.completeJobs(PG_BOSS_SCHEMA), pgBossPlans.failJobsById(PG_BOSS_SCHEMA)]);

/** pg-boss keeps a finished job this long in its job table, then in its archive for a week; then deletes it. */
const ARCHIVE_COMPLETED_AFTER_SECONDS = 12 * 3600;

export class PgBossJobQueue implements JobQueue {
  readonly kind = 'pg-boss';
  private readonly boss: PgBoss;
  private readonly declared = new Map<string, Declared>();
  private readonly schedules = new Set<() => Promise<void>>();
  private readonly listeners: Array<(queue: string, error: Error) => void> = [];
  /** Handlers running in this process (drain and stop wait for them). */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** pg-boss's statements under way (stop waits for them). */
  private readonly statements = new Set<Promise<unknown>>();
  /** Jobs of the declared queues started so far (drain runs until a round starts none; scheduled runs not counted). */
  private handled = 0;
  private started: Promise<void> | undefined;
  private stopped = false;
  /** The pool's statements as they are, failures included (the drain's own complete and fail go through it). */
  private readonly sql: { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

  constructor(private readonly options: PgBossJobQueueOptions) {
    const sql = executeSqlOn(options.db);
    // Every statement pg-boss runs is tracked: some (a finished job's complete or fail) are not awaited by it, and
    // stop waits for them before the pool they use is ended.
    this.sql = { executeSql: (text, values) => this.track(sql.executeSql(text, values), this.statements) };
    this.boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => this.executeForPgBoss(text, values) },
      // No cron here (the `every` runs are throttled jobs): no clock-skew monitor either.
      schedule: false,
      schema: PG_BOSS_SCHEMA,
      archiveCompletedAfterSeconds: ARCHIVE_COMPLETED_AFTER_SECONDS,
      deleteAfterDays: 7,
      expireInSeconds: options.expireInSeconds ?? 15 * 60,
    });
    this.boss.on('error', (err: Error) => this.options.log?.warn({ err: { message: err.message } }, 'job queue error'));
  }

  private executeForPgBoss(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    const run = this.sql.executeSql(text, values);
    if (!UNAWAITED_BY_PG_BOSS.has(text)) return run;
    return run.catch((err: unknown) => {
      this.options.log?.warn(
        { err: { message: (err as Error).message }, queue: values?.[0] },
        'a finished job could not be marked done: it is failed and retried when it expires',
      );
      // pg-boss reads the count of jobs marked.
      return { rows: [{ count: '0' }] };
    });
  }

  define<T extends object>(name: string, retry: RetryPolicy, handler: JobHandler<T>): void {
    if (this.declared.has(checkQueueName(name))) throw new Error(`queue ${name} is declared twice`);
    if (this.started) throw new Error(`queue ${name} declared after start`);
    this.declared.set(name, { name, retry, handler: handler as JobHandler<object> });
  }

  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    const queue = this.queue(name);
    const id = await this.boss.send(name, data, {
      retryLimit: queue.retry.retryLimit,
      retryDelay: queue.retry.retryDelaySeconds,
      retryBackoff: true,
      ...(options.startAfterSeconds ? { startAfter: Math.ceil(options.startAfterSeconds) } : {}),
      ...(options.tx ? { db: executeSqlOn(options.tx) } : {}),
    });
    // This server's worker takes it now rather than at its next look; in a transaction, after the commit.
    if (queue.workerId && !options.startAfterSeconds) {
      const workerId = queue.workerId;
      setTimeout(() => this.boss.notifyWorker(workerId), options.tx ? 50 : 0).unref();
    }
    return id;
  }

  async remove(name: string, id: string): Promise<void> {
    this.queue(name);
    // Not pg-boss's deleteJob, which deletes a job in any state: only one not yet taken is ours to take back.
    await this.track(deleteWaitingJob(this.options.db, name, id), this.statements);
  }

  every(name: string, intervalMs: number, handler: () => Promise<void>): () => Promise<void> {
    checkQueueName(name);
    const seconds = Math.max(1, Math.round(intervalMs / 1000));
    let timer: NodeJS.Timeout | undefined;
    let workerStarted: Promise<string> | undefined;
    let ended = false;
    const offer = () =>
      this.boss
        .send(name, {}, { singletonSeconds: seconds, retryLimit: 0, expireInSeconds: Math.max(60, 4 * seconds) })
        .catch((err: unknown) =>
          this.options.log?.warn({ err: { message: (err as Error).message }, queue: name }, 'scheduled job not offered'),
        );
    const begin = async () => {
      await this.started;
      if (ended || this.stopped) return;
      await this.ensureQueue(name, {});
      workerStarted = this.boss.work(name, { pollingIntervalSeconds: Math.min(2, Math.max(0.5, seconds / 2)) }, async () => {
        await this.track(
          handler().catch((err: unknown) => {
            this.failed(name, err);
            throw err;
          }),
        );
      });
      await workerStarted;
      await offer();
      timer = setInterval(() => void offer(), seconds * 1000);
      timer.unref();
    };
    const beginning = begin().catch((err: unknown) => this.options.log?.error({ err, queue: name }, 'scheduled job not started'));
    const stop = async () => {
      ended = true;
      await beginning;
      if (timer) clearInterval(timer);
      const id = await workerStarted?.catch(() => undefined);
      if (id) await this.boss.offWork({ id }).catch(() => {});
      this.schedules.delete(stop);
    };
    this.schedules.add(stop);
    return stop;
  }

  start(): Promise<void> {
    this.started ??= this.begin();
    return this.started;
  }

  private async begin(): Promise<void> {
    await this.boss.start();
    for (const queue of this.declared.values()) {
      await this.ensureQueue(queue.name, {
        retryLimit: queue.retry.retryLimit,
        retryDelay: queue.retry.retryDelaySeconds,
        retryBackoff: true,
      });
      if (!queue.paused) await this.work(queue);
    }
  }

  private async work(queue: Declared): Promise<void> {
    queue.workerId = await this.boss.work<object>(
      queue.name,
      { includeMetadata: true, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 },
      async ([job]) => {
        if (!job) return;
        // A job was due, so more may be: the worker looks again at once rather than after its polling interval.
        // (pg-boss waits that interval after every fetch unless notified, and a send notifies only for a job due now:
        // jobs that come due later, such as a mail's retry, would otherwise go at one per interval per server.)
        if (queue.workerId) this.boss.notifyWorker(queue.workerId);
        await this.track(this.handle(queue, job));
      },
    );
  }

  async pause(name: string): Promise<void> {
    const queue = this.queue(name);
    queue.paused = true;
    await this.started;
    const id = queue.workerId;
    queue.workerId = undefined;
    if (id && !this.stopped) await this.boss.offWork({ id });
    await Promise.allSettled([...this.inFlight]);
  }

  async resume(name: string): Promise<void> {
    const queue = this.queue(name);
    if (!queue.paused) return;
    queue.paused = false;
    if (this.started && !this.stopped) {
      await this.started;
      await this.work(queue);
    }
  }

  /**
   * Creates the queue unless it exists. Servers starting together may create queues at the same moment, and
   * pg-boss's (a table partition each) can then deadlock one another: PostgreSQL cancels one, which tries again.
   */
  private async ensureQueue(name: string, options: PgBoss.RetryOptions): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      if (await this.boss.getQueue(name)) return;
      try {
        return await this.boss.createQueue(name, { name, policy: 'standard', ...options });
      } catch (err) {
        if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }

  private queue(name: string): Declared {
    const queue = this.declared.get(name);
    if (!queue) throw new Error(`queue ${name} is not declared`);
    return queue;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await Promise.all([...this.schedules].map((s) => s()));
    if (this.started) {
      await this.started.catch(() => {});
      await this.boss.stop({ graceful: true, timeout: 10_000, close: false, wait: true });
    }
    await this.settle();
  }

  /**
   * Waits until no handler and no pg-boss statement is under way. A handler's end makes pg-boss mark its job done or
   * failed a few promise turns later, without awaiting it: each round lets those turns run before it looks again.
   */
  private async settle(): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.inFlight.size === 0 && this.statements.size === 0) return;
      await Promise.allSettled([...this.inFlight, ...this.statements]);
    }
  }

  /**
   * Works every job that is due until none is left, this server's workers included: a worker may have taken a job
   * just before (its fetch still under way), and a job may queue others. Each round waits for what is under way,
   * takes what is due, and ends the drain when it took nothing and no handler ran meanwhile.
   */
  async drain(): Promise<void> {
    await this.started;
    for (;;) {
      const handledBefore = this.handled;
      await this.settle();
      let taken = 0;
      for (const queue of this.declared.values()) {
        if (queue.paused) continue;
        for (;;) {
          const jobs = await this.boss.fetch<object>(queue.name, { includeMetadata: true, batchSize: 20 });
          if (jobs.length === 0) break;
          taken += jobs.length;
          for (const job of jobs) {
            try {
              await this.track(this.handle(queue, job));
              await this.boss.complete(queue.name, job.id, {}, { db: this.sql });
            } catch (err) {
              await this.boss.fail(queue.name, job.id, { message: (err as Error).message }, { db: this.sql });
            }
          }
        }
      }
      await this.settle();
      if (taken === 0 && this.handled === handledBefore) return;
    }
  }

  async depth(): Promise<Record<string, number>> {
    await this.started;
    const names = [...this.declared.keys()];
    const sizes = await Promise.all(names.map((name) => this.boss.getQueueSize(name, { before: 'completed' })));
    return Object.fromEntries(names.map((name, i) => [name, sizes[i]!]));
  }

  onFailure(listener: (queue: string, error: Error) => void): void {
    this.listeners.push(listener);
  }

  private async handle(queue: Declared, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    this.handled++;
    try {
      await queue.handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
    } catch (err) {
      this.failed(queue.name, err);
      throw err;
    }
  }

  private failed(name: string, err: unknown): void {
    const error = err instanceof Error ? err : new Error(String(err));
    for (const listener of this.listeners) listener(name, error);
  }

  private track<T>(work: Promise<T>, into: Set<Promise<unknown>> = this.inFlight): Promise<T> {
    into.add(work);
    void work.finally(() => into.delete(work)).catch(() => {});
    return work;
  }
}
