import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorEvent, NodeOptions } from '@sentry/node';

/**
 * Server errors to Sentry (@sentry/node) when SENTRY_DSN is set: the 5xx answers' errors (problem-details.ts) and a
 * crash (main.ts), under the release (lib/release.ts) the web app reports with too. A client of its own rather than
 * Sentry's global one: no OpenTelemetry set up by Sentry (traces are observability/tracing.ts's), no automatic
 * integrations. No personal data: no user, no request (headers, cookies, body, query), no breadcrumbs; what an event
 * says of its request is the route template, the method and the request id (which finds the log line). E-mail
 * addresses and token-like strings in error messages are replaced.
 */

export interface ErrorReports {
  capture(error: unknown, request?: FastifyRequest): void;
  /** Sends what is queued (within `timeoutMs`) and stops. */
  close(timeoutMs?: number): Promise<void>;
}

export interface ErrorReportsOptions {
  dsn: string;
  release: string;
  environment: string;
  /** Tests: where events go instead of Sentry's HTTP transport. */
  transport?: NodeOptions['transport'];
}

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
/** JWTs, bearer tokens and long random strings (reset links' tokens, file keys). */
const TOKEN = /\beyJ[\w-]+\.[\w-]+(\.[\w-]*)?|\b[\w-]{32,}\b/g;

export function scrubText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(TOKEN, '[redacted]');
}

function scrubEvent(event: ErrorEvent): ErrorEvent {
  delete event.user;
  delete event.request;
  delete event.breadcrumbs;
  delete event.extra;
  if (event.message) event.message = scrubText(event.message);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrubText(exception.value);
  }
  return event;
}

export const noErrorReports: ErrorReports = { capture() {}, close: async () => {} };

export async function startErrorReports(options: ErrorReportsOptions): Promise<ErrorReports> {
  // Loaded only when a DSN is set.
  const Sentry = await import('@sentry/node');
  const client = new Sentry.NodeClient({
    dsn: options.dsn,
    release: options.release,
    environment: options.environment,
    transport: options.transport ?? Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration()],
    // Nothing of a request or a user is collected (the integrations that would are not used either).
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    maxBreadcrumbs: 0,
    beforeSend: scrubEvent,
  });
  client.init();
  const scope = new Sentry.Scope();
  scope.setClient(client);
  return {
    capture(error, request) {
      const eventScope = scope.clone();
      if (request) {
        eventScope.setTags({
          'http.route': request.routeOptions.url ?? '',
          'http.request.method': request.method,
          'request.id': String(request.id),
        });
      }
      eventScope.captureException(error);
    },
    close: async (timeoutMs = 2000) => {
      await client.close(timeoutMs);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Server errors to Sentry (observability/error-reports.ts); does nothing without SENTRY_DSN. */
    errorReports: ErrorReports;
  }
}

/** Decorates `app.errorReports` (closed with the app). */
export const errorReportsPlugin = fp<{ options: ErrorReportsOptions | undefined }>(
  async (app, { options }) => {
    const reports = options ? await startErrorReports(options) : noErrorReports;
    app.decorate('errorReports', reports);
    app.addHook('onClose', () => reports.close());
  },
  { name: 'error-reports' },
);
