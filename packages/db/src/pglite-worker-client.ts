import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * The embedded database on a worker thread (pglite-worker.mjs), with the part of PGlite's interface that drizzle,
 * the migrator, health checks and backups use: `query`, `exec`, `transaction`, `dumpDataDir`, `close`.
 *
 * PGlite runs each statement synchronously on the thread that owns it. On the server's own thread a list query
 * under load kept the event loop from reading sockets for seconds (`/api/ping` p50 2.3 s while the
 * all-clients bookings list was under load). On a worker the server's thread only sends messages and waits.
 *
 * Statements are posted as they come and the worker runs them one at a time in that order (first come, first
 * served, as PGlite itself does); a transaction holds back everything asked for after it until its COMMIT or
 * ROLLBACK is posted, so that no other request's statement lands inside it. As with PGlite, code inside a
 * transaction must use the transaction's handle, not the database's (that would wait for itself).
 */
export class PGliteWorkerClient {
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  /** Resolves when the last transaction asked for has posted its COMMIT or ROLLBACK. */
  private gate: Promise<void> = Promise.resolve();
  private failure: Error | undefined;
  private closing = false;

  private constructor(
    private readonly worker: Worker,
    private readonly onFatal: (error: Error) => void,
  ) {
    worker.on('message', (message: { id: number; result?: unknown; error?: SerializedError }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(deserializeError(message.error));
      else waiting.resolve(message.result);
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => {
      if (!this.closing) this.fail(new Error(`The embedded database's worker thread stopped (exit code ${code})`));
    });
  }

  static async open(options: {
    dataDir?: string;
    loadDataDir?: Blob | File;
    /** The worker died: every pending and later call fails; the caller decides (the server exits). */
    onFatal?: (error: Error) => void;
  }): Promise<PGliteWorkerClient> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir: options.dataDir, loadDataDir },
      ...(loadDataDir ? { transferList: [loadDataDir] } : {}),
    });
    const client = new PGliteWorkerClient(worker, options.onFatal ?? (() => {}));
    // Message 0 is the worker's answer to opening the database.
    await new Promise((resolve, reject) => client.pending.set(0, { resolve, reject })).catch(async (error: Error) => {
      client.closing = true;
      await worker.terminate();
      throw error;
    });
    return client;
  }

  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.whenOpen(() => this.send<Results<T>>('query', { sql: query, params, options: sendable(options) }));
  }

  exec(query: string): Promise<Array<Results>> {
    return this.whenOpen(() => this.send<Array<Results>>('exec', { sql: query }));
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    // Statements asked for from now on wait until this transaction's end is posted (see `whenOpen`).
    const previous = this.gate;
    let release!: () => void;
    this.gate = new Promise<void>((resolve) => (release = resolve));
    return previous.then(async () => {
      let closed = false;
      const end = (sql: 'COMMIT' | 'ROLLBACK') => {
        closed = true;
        const ended = this.send('exec', { sql });
        // The worker runs messages in the order they are posted: what waits may go as soon as the end is posted.
        release();
        return ended;
      };
      try {
        await this.send('exec', { sql: 'BEGIN' });
      } catch (error) {
        release();
        throw error;
      }
      const ensureOpen = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx = {
        query: <R>(query: string, params?: unknown[], options?: QueryOptions) => {
          ensureOpen();
          return this.send<Results<R>>('query', { sql: query, params, options: sendable(options) });
        },
        exec: (query: string) => {
          ensureOpen();
          return this.send<Array<Results>>('exec', { sql: query });
        },
        rollback: async () => {
          ensureOpen();
          await end('ROLLBACK');
        },
        get closed() {
          return closed;
        },
      } as unknown as Transaction;
      try {
        const result = await callback(tx);
        if (!closed) await end('COMMIT');
        return result;
      } catch (error) {
        if (!closed) await end('ROLLBACK').catch(() => {});
        throw error;
      }
    });
  }

  async dumpDataDir(compression?: 'gzip' | 'auto' | 'none'): Promise<Blob> {
    const bytes = await this.whenOpen(() => this.send<ArrayBuffer>('dumpDataDir', { compression }));
    return new Blob([bytes]);
  }

  async close(): Promise<void> {
    if (this.closing) return;
    await this.whenOpen(async () => {
      this.closing = true;
      await this.send('close', {}).catch(() => {});
    });
    await this.worker.terminate();
  }

  /**
   * Posts `post` once no transaction holds the database: at once when none does, else when the last transaction
   * asked for before it has posted its end. Statements are not made to wait for each other's answers: the worker
   * runs what it is sent in order, so it never sits idle while this thread is busy with HTTP.
   */
  private whenOpen<T>(post: () => Promise<T>): Promise<T> {
    return this.gate.then(post);
  }

  private send<T>(op: string, body: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, op, ...body });
    });
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    this.onFatal(error);
  }
}

/** The surface both an in-process PGlite and the worker client offer (backups, tests, health checks). */
export type EmbeddedDatabase = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'dumpDataDir' | 'close'>;

interface SerializedError {
  message: string;
  name: string;
  stack?: string;
  fields: Record<string, string | number | boolean | null>;
}

function deserializeError(serialized: SerializedError): Error {
  const error = Object.assign(new Error(serialized.message), serialized.fields);
  error.name = serialized.name;
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}

/** Query options without functions: parsers become the list of type ids the worker maps to identity parsers. */
function sendable(options: QueryOptions | undefined): Record<string, unknown> | undefined {
  if (!options) return undefined;
  const { parsers, serializers, ...rest } = options as QueryOptions & { serializers?: unknown };
  if (serializers) throw new Error('Custom serializers cannot cross to the database worker');
  if (!parsers) return rest as Record<string, unknown>;
  for (const parse of Object.values(parsers)) {
    if (parse('x', 0) !== 'x') throw new Error('Only identity parsers can cross to the database worker');
  }
  return { ...rest, parserTypes: Object.keys(parsers).map(Number) };
}
