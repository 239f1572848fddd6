import { randomUUID } from 'node:crypto';
import { checkQueueName, retryDelaySeconds, type JobHandler, type JobQueue, type RetryPolicy, type SendOptions } from './jobs';

/**
 * The job queue of the embedded database (see lib/jobs.ts): one server process owns the database, so the jobs wait
 * in this process, each queue's one at a time, with pg-boss's retry and backoff. Waits are measured on the
 * monotonic clock: they are the machine's real seconds, whatever the app's clock says.
 */
interface PendingJob {
  id: string;
  data: object;
  dueAt: number;
  retryCount: number;
}

interface Queue {
  name: string;
  retry: RetryPolicy;
  handler: JobHandler<object>;
  jobs: PendingJob[];
  paused: boolean;
  running: Promise<void> | undefined;
  timer: NodeJS.Timeout | undefined;
}

export interface InProcessJobQueueOptions {
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Milliseconds of the monotonic clock (tests move it). */
  monotonicMs?: () => number;
}

export class InProcessJobQueue implements JobQueue {
  readonly kind = 'in-process';
  private readonly queues = new Map<string, Queue>();
  private readonly schedules = new Set<{ stop: () => Promise<void> }>();
  private readonly listeners: Array<(queue: string, error: Error) => void> = [];
  private started = false;
  private stopped = false;
  private readonly clock: () => number;

  constructor(private readonly options: InProcessJobQueueOptions = {}) {
    this.clock = options.monotonicMs ?? (() => performance.now());
  }

  define<T extends object>(name: string, retry: RetryPolicy, handler: JobHandler<T>): void {
    if (this.queues.has(checkQueueName(name))) throw new Error(`queue ${name} is declared twice`);
    this.queues.set(name, {
      name,
      retry,
      handler: handler as JobHandler<object>,
      jobs: [],
      paused: false,
      running: undefined,
      timer: undefined,
    });
  }

  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string> {
    const queue = this.queue(name);
    const id = randomUUID();
    queue.jobs.push({ id, data, dueAt: this.clock() + (options.startAfterSeconds ?? 0) * 1000, retryCount: 0 });
    // Never on the sender's call stack.
    if (this.started && !this.stopped) setImmediate(() => this.kick(queue));
    return id;
  }

  async remove(name: string, id: string): Promise<void> {
    const queue = this.queue(name);
    const at = queue.jobs.findIndex((job) => job.id === id);
    if (at >= 0) queue.jobs.splice(at, 1);
  }

  every(name: string, intervalMs: number, handler: () => Promise<void>): () => Promise<void> {
    checkQueueName(name);
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let ended = false;
    const schedule = () => {
      timer = setTimeout(() => {
        running = handler()
          .catch((err: unknown) => this.failed(name, err))
          .finally(() => {
            running = undefined;
            if (!ended && !this.stopped) schedule();
          });
      }, intervalMs);
      timer.unref();
    };
    const entry = {
      stop: async () => {
        ended = true;
        if (timer) clearTimeout(timer);
        await running;
        this.schedules.delete(entry);
      },
    };
    this.schedules.add(entry);
    if (!this.stopped) schedule();
    return entry.stop;
  }

  async start(): Promise<void> {
    this.started = true;
    this.stopped = false;
    for (const queue of this.queues.values()) this.kick(queue);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const queue of this.queues.values()) {
      if (queue.timer) clearTimeout(queue.timer);
      queue.timer = undefined;
    }
    await Promise.all([...this.schedules].map((s) => s.stop()));
    await Promise.all([...this.queues.values()].map((q) => q.running));
  }

  async pause(name: string): Promise<void> {
    const queue = this.queue(name);
    queue.paused = true;
    if (queue.timer) clearTimeout(queue.timer);
    queue.timer = undefined;
    while (queue.running) await queue.running;
  }

  async resume(name: string): Promise<void> {
    const queue = this.queue(name);
    queue.paused = false;
    if (this.started) this.kick(queue);
  }

  async drain(): Promise<void> {
    for (const queue of this.queues.values()) {
      while (queue.running) await queue.running;
      if (queue.paused) continue;
      await this.run(queue, true);
    }
  }

  async depth(): Promise<Record<string, number>> {
    return Object.fromEntries([...this.queues.values()].map((q) => [q.name, q.jobs.length]));
  }

  onFailure(listener: (queue: string, error: Error) => void): void {
    this.listeners.push(listener);
  }

  private queue(name: string): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`queue ${name} is not declared`);
    return queue;
  }

  private failed(name: string, err: unknown): void {
    const error = err instanceof Error ? err : new Error(String(err));
    for (const listener of this.listeners) listener(name, error);
  }

  /** Works the due jobs of `queue`, unless it is being worked; then waits for the next one to come due. */
  private kick(queue: Queue): void {
    if (queue.running || queue.paused || this.stopped) return;
    void this.run(queue, false);
  }

  private run(queue: Queue, draining: boolean): Promise<void> {
    queue.running = (async () => {
      for (;;) {
        if ((this.stopped || queue.paused) && !draining) break;
        const now = this.clock();
        const index = queue.jobs.findIndex((j) => j.dueAt <= now);
        if (index < 0) break;
        const [job] = queue.jobs.splice(index, 1) as [PendingJob];
        try {
          await queue.handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: queue.retry.retryLimit });
        } catch (err) {
          this.failed(queue.name, err);
          if (job.retryCount < queue.retry.retryLimit) {
            const wait = retryDelaySeconds(queue.retry, job.retryCount);
            queue.jobs.push({ ...job, retryCount: job.retryCount + 1, dueAt: this.clock() + wait * 1000 });
          } else {
            this.options.log?.error({ queue: queue.name, jobId: job.id, retries: job.retryCount }, 'job failed after its last retry');
          }
        }
      }
    })()
      .catch((err: unknown) => this.options.log?.error({ err, queue: queue.name }, 'job queue failed'))
      .finally(() => {
        queue.running = undefined;
        this.wake(queue);
      });
    return queue.running;
  }

  /** Sets the timer for the queue's next due job. */
  private wake(queue: Queue): void {
    if (queue.timer) clearTimeout(queue.timer);
    queue.timer = undefined;
    if (!this.started || this.stopped || queue.paused || queue.jobs.length === 0) return;
    const next = Math.min(...queue.jobs.map((j) => j.dueAt));
    queue.timer = setTimeout(() => this.kick(queue), Math.max(0, next - this.clock()));
    queue.timer.unref();
  }
}
