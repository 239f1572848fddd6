import { createServer, type Server } from 'node:http';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '@portal/db/client';

/**
 * Prometheus metrics (prom-client), scraped from a listener of their own (METRICS_PORT, loopback unless
 * METRICS_HOST says otherwise), never from the public port:
 * - `http_server_request_duration_seconds{http_route,http_request_method,http_response_status_code}`: OpenTelemetry's
 *   HTTP server histogram, by route template (`/v1/bookings/:id`, never a path with ids; empty for unknown paths);
 * - `db_client_connection_count{db_client_connection_pool_name,db_client_connection_state}`,
 *   `db_client_connection_max`, `db_client_connection_pending_requests` and the histogram
 *   `db_client_connection_wait_time_seconds`, each by pool (`statements`, `transactions`): the PostgreSQL pools
 *   (OpenTelemetry's names);
 * - `portal_live_streams_open`: server-sent event streams open (or opening) on this process;
 * - `portal_queue_depth{queue}`, `portal_job_failures_total{queue}`: whatever the job queue registers;
 * - `portal_first_pages_total{page,outcome}`: cold starts answered with a drawn first page or the page as built
 *   (modules/first-page);
 * - prom-client's process metrics: event-loop delay (`nodejs_eventloop_lag_p99_seconds`, from
 *   perf_hooks.monitorEventLoopDelay), GC pauses (`nodejs_gc_duration_seconds{kind}`), memory
 *   (`process_resident_memory_bytes`, `nodejs_heap_size_used_bytes`), CPU, handles.
 * With METRICS_PORT unset nothing is measured per request; what others register costs nothing until scraped.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly queueDepths = new Map<string, () => number | Promise<number>>();
  private readonly jobFailures: Counter<'queue'>;
  private requestDuration: Histogram<'http_route' | 'http_request_method' | 'http_response_status_code'> | undefined;

  constructor() {
    const depths = this.queueDepths;
    this.gauge(
      'portal_queue_depth',
      'Jobs waiting in each queue (created or retrying, not yet active)',
      ['queue'],
      async function collect() {
        for (const [queue, depth] of depths) this.set({ queue }, await depth());
      },
    );
    this.jobFailures = this.counter('portal_job_failures_total', 'Jobs that failed (each failed attempt, retried or not)', ['queue']);
  }

  /** Starts measuring: process metrics and the per-request histogram (hooked by the metrics plugin). */
  enable(): void {
    if (this.requestDuration) return;
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    this.requestDuration = new Histogram({
      name: 'http_server_request_duration_seconds',
      help: 'Duration of HTTP server requests (OpenTelemetry http.server.request.duration)',
      labelNames: ['http_route', 'http_request_method', 'http_response_status_code'],
      // OpenTelemetry's advised boundaries for this histogram.
      buckets: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10],
      registers: [this.registry],
    });
  }

  get enabled(): boolean {
    return this.requestDuration !== undefined;
  }

  observeRequest(route: string, method: string, status: number, seconds: number): void {
    this.requestDuration?.observe({ http_route: route, http_request_method: method, http_response_status_code: status }, seconds);
  }

  /** A gauge read when Prometheus scrapes (`collect` sets its value(s)); a second registration of a name returns the first. */
  gauge<L extends string = never>(
    name: string,
    help: string,
    labelNames: readonly L[],
    collect: (this: Gauge<L>) => void | Promise<void>,
  ): Gauge<L> {
    const existing = this.registry.getSingleMetric(name);
    if (existing) return existing as Gauge<L>;
    return new Gauge<L>({ name, help, labelNames, collect, registers: [this.registry] });
  }

  counter<L extends string = never>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
    const existing = this.registry.getSingleMetric(name);
    if (existing) return existing as Counter<L>;
    return new Counter<L>({ name, help, labelNames, registers: [this.registry] });
  }

  /** The job queue: how many jobs wait in `queue`, asked at each scrape (`portal_queue_depth{queue}`). */
  registerQueueDepth(queue: string, depth: () => number | Promise<number>): void {
    this.queueDepths.set(queue, depth);
  }

  /** The job queue: one failed attempt of a job of `queue` (`portal_job_failures_total{queue}`). */
  jobFailed(queue: string): void {
    this.jobFailures.inc({ queue });
  }
}

/** The PostgreSQL pools' use and waits, with OpenTelemetry's database client metric names. */
function registerDatabasePools(metrics: Metrics, database: Database): void {
  const use = database.poolUse;
  if (!use) return;
  const pool = 'db_client_connection_pool_name';
  metrics.gauge(
    'db_client_connection_count',
    'Connections of each pool by state (idle, used)',
    [pool, 'db_client_connection_state'],
    function () {
      for (const now of use()) {
        this.set({ [pool]: now.name, db_client_connection_state: 'idle' }, now.idle);
        this.set({ [pool]: now.name, db_client_connection_state: 'used' }, now.total - now.idle);
      }
    },
  );
  metrics.gauge('db_client_connection_max', 'Connections each pool may open', [pool], function () {
    for (const now of use()) this.set({ [pool]: now.name }, now.max);
  });
  metrics.gauge('db_client_connection_pending_requests', 'Borrowers waiting for a connection of each pool', [pool], function () {
    for (const now of use()) this.set({ [pool]: now.name }, now.waiting);
  });
  const waits = new Histogram({
    name: 'db_client_connection_wait_time_seconds',
    help: 'Time each borrower waited for a connection of the pool (OpenTelemetry db.client.connection.wait_time)',
    labelNames: [pool],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [metrics.registry],
  });
  database.observeConnectionWaits?.((name, seconds) => waits.observe({ [pool]: name }, seconds));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this process (observability/metrics.ts); register queue metrics here. */
    metrics: Metrics;
  }
}

/**
 * Decorates `app.metrics`; with `enabled` also measures every request (onResponse: the route template, never the
 * URL) and the database pool. The live streams gauge reads the live events hub when Prometheus scrapes.
 */
export const metricsPlugin = fp<{ enabled: boolean; database: Database }>(
  async (app, { enabled, database }) => {
    const metrics = new Metrics();
    app.decorate('metrics', metrics);
    if (!enabled) return;
    metrics.enable();
    registerDatabasePools(metrics, database);
    metrics.gauge('portal_live_streams_open', 'Live update streams (server-sent events) open or opening on this process', [], function () {
      this.set(app.hasDecorator('liveEvents') ? app.liveEvents.size : 0);
    });
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(request.routeOptions.url ?? '', request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  },
  { name: 'metrics' },
);

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/** GET /metrics in Prometheus's text format on its own listener; anything else is a 404. */
export async function startMetricsServer(metrics: Metrics, { host, port }: { host: string; port: number }): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        response
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end(`${error instanceof Error ? error.message : 'error'}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${bound}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
