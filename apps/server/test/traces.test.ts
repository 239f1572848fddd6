import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { startTracing, stopTracing } from '../src/observability/tracing';
import type { TestApp } from './helpers';

/**
 * Traces as the preload starts them (instrument.ts), with an in-memory exporter: a request over HTTP makes a server
 * span, and the database statements it runs are its children. On PostgreSQL (TEST_DATABASE_URL) the statement spans
 * are OpenTelemetry's pg instrumentation's; on the embedded PGlite, which no instrumentation sees, they are the db
 * layer's own (packages/db, tracedStatement).
 */
const exporter = new InMemorySpanExporter();
let t: TestApp;
let base: string;
beforeAll(async () => {
  // Before the server's modules load, as the preload does.
  startTracing({
    enabled: true,
    serviceName: 'client-portal-test',
    release: 'test-release',
    spanProcessors: [new SimpleSpanProcessor({ exporter })],
  });
  const { buildTestApp } = await import('./helpers');
  t = await buildTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t?.close();
  await stopTracing();
});

describe('traces', () => {
  it('a request makes a server span with the route, and its database statements are child spans', async () => {
    const { signIn } = await import('./auth-client');
    const contact = await signIn(t.app, 'teacher@demo.test');
    exporter.reset();
    const res = await fetch(`${base}/v1/profile?token=SecretInQuery_0123456789`, { headers: contact.headers });
    expect(res.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const spans = exporter.getFinishedSpans();
    const server = spans.find((s) => s.kind === 1 /* SERVER */ && s.attributes['http.route'] === '/v1/profile');
    expect(server, spans.map((s) => s.name).join(', ')).toBeDefined();
    expect(server!.name).toBe('GET /v1/profile');
    expect(server!.resource.attributes['service.version']).toBe('test-release');
    // The query string's token is redacted in the span as in the log.
    expect(JSON.stringify(spans.map((s) => s.attributes))).not.toContain('SecretInQuery_0123456789');

    const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
    const descendsFromServer = (span: (typeof spans)[number]) => {
      for (let parent = span.parentSpanContext?.spanId; parent; parent = byId.get(parent)?.parentSpanContext?.spanId) {
        if (parent === server!.spanContext().spanId) return true;
      }
      return false;
    };
    const statements = spans.filter(
      (s) => s.kind === 2 /* CLIENT */ && (s.attributes['db.system'] ?? s.attributes['db.system.name']) === 'postgresql',
    );
    expect(statements.length, spans.map((s) => s.name).join(', ')).toBeGreaterThan(0);
    expect(statements.every(descendsFromServer)).toBe(true);
    const statementName = t.database.kind === 'postgres' ? /^pg\.query:SELECT/ : /^pglite SELECT/;
    expect(statements.some((s) => statementName.test(s.name))).toBe(true);
    // Fastify's own spans (the request and its hooks and handler) are there too.
    expect(spans.some((s) => s.instrumentationScope.name === '@fastify/otel' && descendsFromServer(s))).toBe(true);
  });

  it('the health checks make no spans', async () => {
    exporter.reset();
    expect((await fetch(`${base}/api/ping`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exporter.getFinishedSpans().filter((s) => s.kind === 1)).toEqual([]);
  });
});
