import { createRequire } from 'node:module';
import { tracingChannel } from 'node:diagnostics_channel';
import type * as OtelApi from '@opentelemetry/api';
import type { Span, SpanKind as SpanKindEnum } from '@opentelemetry/api';
import type * as OtelResources from '@opentelemetry/resources';
import type * as OtelSdk from '@opentelemetry/sdk-node';
import type { NodeSDK, NodeSDKConfiguration } from '@opentelemetry/sdk-node';
import type * as HttpInstrumentations from '@opentelemetry/instrumentation-http';
import type * as UndiciInstrumentations from '@opentelemetry/instrumentation-undici';
import type * as PgInstrumentations from '@opentelemetry/instrumentation-pg';
import type * as FastifyOtel from '@fastify/otel';
import type { TracingConfig } from '../config';
import { redactUrl } from '../lib/log-redaction';

/**
 * Traces with OpenTelemetry, off unless configured (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_TRACES_EXPORTER; the SDK
 * reads every other OTEL_* variable itself). Started by the preload (instrument.ts, `node --import`) before the
 * server's modules load: the instrumentations patch `http`, `pg` and `undici` as they are first required, and the
 * compiled server imports every package from node_modules (build.mjs bundles only the workspace's own code), so they
 * load after the preload. Fastify is traced by its own plugin (@fastify/otel), registered by every Fastify instance
 * as it is created; ioredis 6 by the tracing channel it publishes (OpenTelemetry's ioredis instrumentation supports
 * ioredis below 6 only).
 *
 * The OpenTelemetry packages are loaded only when tracing is on (a synchronous require, so the preload finishes
 * before the first server module is evaluated): with tracing off nothing of them is in the process.
 */

const require = createRequire(import.meta.url);

/** Paths probed every few seconds by balancers: no trace (as they have no log line). */
const UNTRACED_PATHS = new Set(['/api/ping', '/api/ready']);

export interface TracingOptions extends TracingConfig {
  release: string;
  /** Tests: where spans go instead of the exporters named by OTEL_TRACES_EXPORTER. */
  spanProcessors?: NodeSDKConfiguration['spanProcessors'];
}

let running: NodeSDK | undefined;

/** Is the OpenTelemetry SDK running in this process (started by the preload)? */
export function tracingStarted(): boolean {
  return running !== undefined;
}

export function startTracing(options: TracingOptions): NodeSDK {
  if (running) return running;
  const { NodeSDK: Sdk } = require('@opentelemetry/sdk-node') as typeof OtelSdk;
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof OtelResources;
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof HttpInstrumentations;
  const { UndiciInstrumentation } = require('@opentelemetry/instrumentation-undici') as typeof UndiciInstrumentations;
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof PgInstrumentations;
  const { FastifyOtelInstrumentation } = require('@fastify/otel') as typeof FastifyOtel;

  const sdk = new Sdk({
    serviceName: options.serviceName,
    resource: resourceFromAttributes({ 'service.version': options.release }),
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : {}),
    // Traces only: metrics are the Prometheus endpoint's (observability/metrics.ts), logs are the JSON lines on stdout.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0] ?? ''),
        // Links put tokens in query strings and file keys in paths: spans hold the URL as the logs do (log-redaction.ts).
        applyCustomAttributesOnSpan: (span, request) => {
          const target = 'url' in request && typeof request.url === 'string' ? redactUrl(request.url) : undefined;
          if (target === undefined) return;
          const [path, query] = target.split('?');
          const host = 'headers' in request && typeof request.headers.host === 'string' ? request.headers.host : 'localhost';
          span.setAttributes({
            'http.target': target,
            'http.url': `http://${host}${target}`,
            'url.path': path,
            ...(query === undefined ? {} : { 'url.query': query }),
          });
        },
      }),
      new UndiciInstrumentation({
        // Outgoing calls (fetch) are redacted likewise.
        requestHook: (span, request) => {
          const [path, query] = redactUrl(request.path).split('?');
          span.setAttributes({
            'url.full': `${request.origin}${path}${query === undefined ? '' : `?${query}`}`,
            'url.path': path,
            ...(query === undefined ? {} : { 'url.query': `?${query}` }),
          });
        },
      }),
      // Background work (the job queue's polling) outside a request makes no root spans of its own.
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: (route: { url: string }) => UNTRACED_PATHS.has(route.url),
        requestHook: (span, request) => span.setAttribute('url.path', redactUrl(request.url).split('?')[0] ?? '/'),
      }),
    ],
  });
  sdk.start();
  traceIoredisChannel();
  running = sdk;
  return sdk;
}

export async function stopTracing(): Promise<void> {
  const sdk = running;
  running = undefined;
  await sdk?.shutdown();
}

interface IoredisCommandContext {
  command?: string;
  database?: number;
  serverAddress?: string;
  serverPort?: number;
  span?: Span;
}

/** Client spans for ioredis's `ioredis:command` tracing channel (the command name only, never its arguments). */
function traceIoredisChannel(): void {
  const { trace, SpanKind, SpanStatusCode } = require('@opentelemetry/api') as typeof OtelApi;
  const tracer = trace.getTracer('portal-ioredis');
  const end = (message: unknown, error?: unknown) => {
    const ctx = message as IoredisCommandContext;
    if (!ctx.span) return;
    if (error) ctx.span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    ctx.span.end();
    ctx.span = undefined;
  };
  tracingChannel('ioredis:command').subscribe({
    start(message) {
      const ctx = message as IoredisCommandContext;
      const operation = (ctx.command ?? 'command').toUpperCase();
      ctx.span = tracer.startSpan(operation, {
        kind: SpanKind.CLIENT as SpanKindEnum,
        attributes: {
          'db.system.name': 'redis',
          'db.operation.name': operation,
          ...(ctx.serverAddress ? { 'server.address': ctx.serverAddress } : {}),
          ...(ctx.serverPort ? { 'server.port': ctx.serverPort } : {}),
        },
      });
    },
    end() {},
    asyncStart() {},
    asyncEnd: (message) => end(message),
    error: (message) => end(message, (message as { error?: unknown }).error),
  });
}
