import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsServer, type MetricsServer } from '../src/observability/metrics';
import { buildTestApp, type TestApp } from './helpers';
import { signIn } from './auth-client';

/**
 * The Prometheus endpoint as an operator scrapes it: its own loopback listener, the HTTP histogram by route template
 * (never a URL with ids), the process's event loop, GC and memory, the live streams, the queue's registrations.
 */
let t: TestApp;
let server: MetricsServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
  t = await buildTestApp({ env: { METRICS_PORT: '0', WEB_DIST_DIR: dist } });
  server = await startMetricsServer(t.app.metrics, t.app.config.metrics!);
});
afterAll(async () => {
  await server?.close();
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const scrape = async () => {
  const res = await fetch(server.url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};

/** The value of the series `name{…}` whose labels include all of `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => given[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('/metrics', () => {
  it('counts requests by route template, method and status, never by URL', async () => {
    const contact = await signIn(t.app, 'teacher@demo.test');
    // Bookings that are not the teacher's (or no one's): the same answer each time, counted under one route.
    const statuses = new Set<number>();
    for (const id of [918273, 918274, 918275]) {
      statuses.add((await t.app.inject({ method: 'GET', url: `/v1/bookings/${id}`, headers: contact.headers })).statusCode);
    }
    expect(statuses.size).toBe(1);
    const [status] = [...statuses].map(String);
    expect((await t.app.inject({ method: 'GET', url: '/v1/profile', headers: contact.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/profile' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/ping' })).statusCode).toBe(200);

    const text = await scrape();
    expect(text).toContain('# TYPE http_server_request_duration_seconds histogram');
    const series = (route: string, status: string) =>
      sample(text, 'http_server_request_duration_seconds_count', {
        http_route: route,
        http_request_method: 'GET',
        http_response_status_code: status,
      });
    expect(series('/v1/bookings/:id', status!)).toBe(3);
    expect(series('/v1/profile', '200')).toBe(1);
    expect(series('/v1/profile', '401')).toBe(1);
    expect(series('/api/ping', '200')).toBe(1);
    expect(sample(text, 'http_server_request_duration_seconds_bucket', { http_route: '/v1/bookings/:id', le: '+Inf' })).toBe(3);
    for (const id of ['918273', '918274', '918275']) expect(text).not.toContain(id);
  });

  it('tells the event loop delay, GC pauses, memory, open live streams and the database pool', async () => {
    const text = await scrape();
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'portal_live_streams_open')).toBe(0);
    if (t.database.kind === 'postgres') {
      for (const pool of ['statements', 'transactions']) {
        const of = { db_client_connection_pool_name: pool };
        expect(sample(text, 'db_client_connection_max', of)).toBe(10);
        expect(sample(text, 'db_client_connection_count', { ...of, db_client_connection_state: 'idle' })).toBeGreaterThanOrEqual(0);
        expect(sample(text, 'db_client_connection_pending_requests', of)).toBe(0);
      }
      // The reads and the sign-ins' writes of the first test each waited (briefly) for a connection of their pool.
      expect(
        sample(text, 'db_client_connection_wait_time_seconds_count', { db_client_connection_pool_name: 'statements' }),
      ).toBeGreaterThan(0);
      expect(
        sample(text, 'db_client_connection_wait_time_seconds_count', { db_client_connection_pool_name: 'transactions' }),
      ).toBeGreaterThan(0);
    } else {
      // The embedded database has no pool.
      expect(text).not.toContain('db_client_connection_max');
    }
  });

  it('shows what the job queue registers: its depth per queue, its failures', async () => {
    let waiting = 3;
    t.app.metrics.registerQueueDepth('mail', () => waiting);
    t.app.metrics.registerQueueDepth('notifications', async () => 0);
    t.app.metrics.jobFailed('mail');
    t.app.metrics.jobFailed('mail');
    let text = await scrape();
    expect(sample(text, 'portal_queue_depth', { queue: 'mail' })).toBe(3);
    expect(sample(text, 'portal_queue_depth', { queue: 'notifications' })).toBe(0);
    expect(sample(text, 'portal_job_failures_total', { queue: 'mail' })).toBe(2);
    waiting = 0;
    text = await scrape();
    expect(sample(text, 'portal_queue_depth', { queue: 'mail' })).toBe(0);
  });

  it('listens on loopback by default and answers nothing but GET /metrics', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect((await fetch(server.url.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(server.url, { method: 'POST' })).status).toBe(404);
  });

  it('is not on the public port: there /metrics is an unknown API path (a problem), never the web app', async () => {
    for (const url of ['/metrics', '/metrics/', '/METRICS']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    // Other unknown pages still get the app (history-mode routing).
    expect((await t.app.inject({ method: 'GET', url: '/bookings', headers: { accept: 'text/html' } })).headers['content-type']).toMatch(
      /^text\/html/,
    );
  });
});
