import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQLWrapper } from 'drizzle-orm';
import pg from 'pg';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import * as schema from './schema';
import { PGliteWorkerClient, type EmbeddedDatabase } from './pglite-worker-client';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /**
   * For statements that write outside a transaction and come often (the job queue's): on PostgreSQL they take a
   * connection of the transactions' pool, as writes, not one of the statements' pool the reads need. Else `db`.
   */
  readonly writer: Db;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: each pool's connections now (metrics). */
  readonly poolUse?: () => PoolUse[];
  /** PostgreSQL only: calls `listener` with how long each borrower waited for a connection of a pool (metrics). */
  readonly observeConnectionWaits?: (listener: (pool: PoolName, seconds: number) => void) => void;
  /** PGlite only: the underlying instance, in this thread or on a worker (backups, snapshots in tests). */
  readonly pglite?: EmbeddedDatabase;
}

/**
 * The two PostgreSQL pools of a server: `transactions` lends a connection for each transaction (every write of a
 * request); `statements` runs each statement outside a transaction (almost all reads). A write's COMMIT waits for
 * the disk to flush the WAL; when the disk stalls, the transactions hold their connections meanwhile, and reads
 * sharing their pool then wait for one. Apart, they do not.
 */
export type PoolName = 'statements' | 'transactions';

export interface PoolUse {
  name: PoolName;
  /** Connections open, idle or lent out. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      /** Connections for transactions (default 10). */
      poolSize?: number;
      /** Connections for statements outside a transaction, mostly reads (default 10). */
      statementPoolSize?: number;
      connectTimeoutMs?: number;
      statementTimeoutMs?: number;
      /** Name parameterised statements so each connection plans them once (default on; off behind PgBouncer's transaction pooling). */
      preparedStatements?: boolean;
    }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob | File;
      /**
       * Run PGlite on a worker thread (the server does: its statements then never block the event loop). The
       * worker dying calls `onWorkerExit`; every query fails from then on.
       */
      worker?: boolean;
      onWorkerExit?: (error: Error) => void;
    };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    let onWait: ((pool: PoolName, seconds: number) => void) | undefined;
    const open = (name: PoolName, max: number) => {
      const pool = new pg.Pool({
        connectionString: options.url,
        max,
        // During an outage a request must fail fast (503), not hang: these bound every wait.
        connectionTimeoutMillis: options.connectTimeoutMs ?? 2000,
        query_timeout: options.statementTimeoutMs ?? 15000,
        idleTimeoutMillis: 30000,
        ...(options.preparedStatements === false ? {} : { Client: StatementNamingClient }),
      });
      // An idle client losing its connection (database restart) must not crash the process.
      pool.on('error', () => {});
      // Nor a checked-out one: pg-pool listens for a client's errors only while it is idle, and a connection
      // dropped mid-query can emit 'error' after its query has failed (brianc/node-postgres#1611): an uncaught
      // exception that stopped the server in the PostgreSQL outage proof. The query's own rejection reports it.
      pool.on('connect', (client) => client.on('error', () => {}));
      timeConnections(pool, (seconds) => onWait?.(name, seconds));
      return pool;
    };
    const transactions = open('transactions', options.poolSize ?? 10);
    const statements = open('statements', options.statementPoolSize ?? 10);
    // drizzle runs a transaction on a connection it takes with `connect()` from the pool it was given, and any
    // other statement with that pool's `query()`: the statements go to their own pool.
    const routed = Object.assign(Object.create(transactions) as pg.Pool, { query: statements.query.bind(statements) });
    const db = drizzlePg({ client: routed, schema }) as unknown as Db;
    const writer = drizzlePg({ client: transactions, schema }) as unknown as Db;
    await db.execute(sql`select 1`);
    const use = (name: PoolName, pool: pg.Pool): PoolUse => ({
      name,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    });
    return {
      kind: 'postgres',
      db,
      writer,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await Promise.all([transactions.end(), statements.end()]);
      },
      poolUse: () => [use('statements', statements), use('transactions', transactions)],
      observeConnectionWaits: (listener) => {
        onWait = listener;
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const location = {
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  };
  const pglite: EmbeddedDatabase = options.worker
    ? await PGliteWorkerClient.open({ ...location, ...(options.onWorkerExit ? { onFatal: options.onWorkerExit } : {}) })
    : await PGlite.create(location);
  // drizzle's PGlite driver calls query/transaction only, which the worker client offers with PGlite's signatures.
  const db = drizzlePglite({ client: tracedEmbedded(pglite) as PGlite, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    writer: db,
    pglite,
    ping: async () => {
      await pglite.query('select 1');
    },
    close: () => pglite.close(),
  };
}

const tracer = trace.getTracer('@portal/db');

/**
 * A span for one statement of the embedded database, inside a traced request only (as the pg instrumentation's
 * `requireParentSpan`): OpenTelemetry's pg instrumentation sees PostgreSQL's statements, nothing sees PGlite's.
 * Without an OpenTelemetry SDK in the process there is never an active span, and the statement just runs.
 */
function tracedStatement<T>(text: string, run: () => Promise<T>): Promise<T> {
  if (!trace.getActiveSpan()) return run();
  const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
  return tracer.startActiveSpan(
    `pglite ${operation}`,
    { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql', 'db.operation.name': operation, 'db.query.text': text } },
    async (span) => {
      try {
        return await run();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

type TracedQuery = EmbeddedDatabase['query'];

/** drizzle's view of the embedded database (query and transaction), with a span per statement. */
function tracedEmbedded(pglite: EmbeddedDatabase): Pick<EmbeddedDatabase, 'query' | 'transaction'> {
  const traceQuery =
    (query: TracedQuery): TracedQuery =>
    (text, params, options) =>
      tracedStatement(text, () => query(text, params, options));
  return {
    query: traceQuery((text, params, options) => pglite.query(text, params, options)),
    transaction: (callback) =>
      pglite.transaction((tx) => {
        const query = traceQuery((text, params, options) => tx.query(text, params, options));
        return callback(new Proxy(tx, { get: (target, key) => (key === 'query' ? query : Reflect.get(target, key, target)) }));
      }),
  };
}

/** Calls `observe` with the seconds each `connect()` of `pool` waited for its connection (a query's own included). */
function timeConnections(pool: pg.Pool, observe: (seconds: number) => void): void {
  type Callback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;
  const connect = pool.connect.bind(pool) as (callback?: Callback) => Promise<pg.PoolClient> | undefined;
  const timed = (callback?: Callback) => {
    const started = performance.now();
    const waited = () => observe((performance.now() - started) / 1000);
    if (callback) {
      return connect((err, client, done) => {
        waited();
        callback(err, client, done);
      });
    }
    return connect()!.finally(waited);
  };
  // pg-pool's own query() takes its connection through `this.connect(callback)`: the instance's property.
  (pool as unknown as { connect: typeof timed }).connect = timed;
}

/** At most this many named statements per connection; later texts run unnamed (parsed and planned each time). */
const MAX_NAMED_STATEMENTS = 500;

/**
 * A node-postgres client that names every parameterised statement after a hash of its text, so that a connection
 * parses and plans it once and then only binds and runs it (the joins of the lists and details took
 * 2–3 ms to plan and 0.2–0.9 ms to run, on every call). PostgreSQL keeps custom plans for the first five runs of a
 * named statement and then a generic one when it costs no more, so skewed parameters keep good plans. Only statements
 * with parameters are named (the migrator's DDL and `select 1` are not); a connection names at most
 * MAX_NAMED_STATEMENTS (lists of ids make texts of many lengths).
 */
class StatementNamingClient extends pg.Client {
  private named = 0;
  private readonly names = new Map<string, string>();

  override query(...args: unknown[]): never {
    const [config, values] = args as [{ text?: unknown; name?: unknown } | undefined, unknown];
    if (
      config &&
      typeof config === 'object' &&
      typeof config.text === 'string' &&
      config.name === undefined &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      let name = this.names.get(config.text);
      if (!name && this.named < MAX_NAMED_STATEMENTS) {
        name = `s${createHash('sha256').update(config.text).digest('base64url').slice(0, 22)}`;
        this.names.set(config.text, name);
        this.named += 1;
      }
      if (name) args[0] = { ...config, name };
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQLWrapper | string): Promise<T[]> {
  const result = (await db.execute(query as SQLWrapper)) as unknown as { rows: T[] };
  return result.rows;
}
