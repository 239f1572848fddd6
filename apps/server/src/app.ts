import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import { createNotifier, type Notifier } from './lib/notifier';
import underPressure from '@fastify/under-pressure';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { compiledSerializerCompiler, type SerializerKinds } from './lib/response-serializer';
import { PROBLEMS, problemType } from '@portal/contract/problems';
import { installZodMessages } from '@portal/contract/zod-messages';
import type { Database } from '@portal/db/client';
import type { Config } from './config';
import problemDetails, { sendProblem } from './plugins/problem-details';
import { securityHeaders } from './plugins/security-headers';
import { AppError } from './lib/app-error';
import { keyedCookieSigner, ServerKeys } from './lib/secrets';
import acceptVersion from './plugins/accept-version';
import storableText from './plugins/storable-text';
import openapi from './plugins/openapi';
import staticWeb, { acceptsHtml, inlineScriptHashes, isApiPath } from './plugins/static-web';
import systemRoutes from './modules/system/system.routes';
import authenticate from './plugins/authenticate';
import httpCache from './plugins/http-cache';
import compression, { streamedBodyBytes } from './plugins/compression';
import { buildIdentity, type Identity } from './composition/identity';
import authRoutes from './modules/identity/auth.routes';
import secondStepRoutes from './modules/identity/second-step.routes';
import profileRoutes from './modules/profile/profile.routes';
import availabilityRoutes from './modules/availability/availability.routes';
import bookingSummaryRoutes from './modules/bookings/booking-summaries.routes';
import bookingsRoutes from './modules/bookings/bookings.routes';
import calendarFeedRoutes from './modules/calendar-feed/calendar-feed.routes';
import pendingBookingsRoutes from './modules/pending-bookings/pending-bookings.routes';
import emailActionRoutes from './modules/email-actions/email-actions.routes';
import bookingReferenceRoutes from './modules/bookings/booking-reference.routes';
import createBookingRoutes from './modules/bookings/create-booking.routes';
import extendBookingRoutes from './modules/bookings/extend-booking.routes';
import feedbackRoutes from './modules/feedback/feedback.routes';
import replaceMeRoutes from './modules/replace-me/replace-me.routes';
import providerRoutes from './modules/provider/provider.routes';
import invoiceCountRoutes from './modules/invoices/invoice-counts.routes';
import invoicesRoutes from './modules/invoices/invoices.routes';
import reportsRoutes from './modules/reports/reports.routes';
import { scheduleWeeklyDigest } from './modules/reports/weekly-digest.service';
import candidatesRoutes from './modules/candidates/candidates.routes';
import timesheetOverviewRoutes from './modules/timesheets/timesheet-overview.routes';
import timesheetsRoutes from './modules/timesheets/timesheets.routes';
import providerTimesheetsRoutes from './modules/provider/provider-timesheets.routes';
import groupOverviewRoutes from './modules/overview/group-overview.routes';
import clientDetailsRoutes from './modules/clients/client-details.routes';
import locationListRoutes from './modules/locations/location-list.routes';
import serviceStatusRoutes from './modules/service-status/service-status.routes';
import filesRoutes from './modules/files/files.routes';
import outboxRoutes from './modules/dev/outbox.routes';
import liveEventsRoutes from './modules/live-events/live-events.routes';
import pushRoutes from './modules/push/push.routes';
import { createWebPushDelivery } from './modules/push/web-push-delivery';
import { createMailer, DEFAULT_RETRY, outboxProvider, type Mailer } from './lib/mailer';
import { createTwilioProvider, type NotificationProvider } from './lib/notification-provider';
import { createJobQueue, type JobQueue } from './lib/job-queue';
import { LIB_RETENTION_STEPS, retentionSteps, scheduleRetention } from './lib/retention';
import { IDENTITY_RETENTION_STEPS } from './modules/identity/identity-retention';
import { PUSH_RETENTION_STEPS } from './modules/push/push-retention';
import { buildServices } from './composition/services';
import { systemClock } from './lib/clock';
import type { PermissionDeclaration } from './plugins/route-permission';
import enterpriseLoginRoutes from './modules/identity/enterprise-login.routes';
import schoolSsoRoutes from './modules/identity/school-sso.routes';
import firstPageRoutes from './modules/first-page/first-page.routes';
import { injectFetch } from './lib/inject-fetch';
import { requestSerializer } from './lib/log-redaction';
import { metricsPlugin } from './observability/metrics';
import { errorReportsPlugin, type ErrorReportsOptions } from './observability/error-reports';
import { logBase } from './observability/logger';
import { RELEASE } from './lib/release';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Overrides for tests. */
  fastify?: FastifyServerOptions;
  /** Where logs go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** The clock of the booking rules; tests fix it. */
  now?: () => Date;
  /** Tests: where error reports go (with SENTRY_DSN) instead of Sentry. */
  errorReportTransport?: ErrorReportsOptions['transport'];
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

function contentSecurityPolicy(config: Config) {
  const origins = (value: string | null) => {
    if (!value) return [];
    try {
      return [new URL(value.replace(/\{[a-z]\}/g, 'a')).origin];
    } catch {
      return [];
    }
  };
  return {
    directives: {
      defaultSrc: ["'self'"],
      // The web app's code, and the few bytes index.html runs inline before its first paint (by their hash).
      scriptSrc: ["'self'", ...inlineScriptHashes(config.webDistDir)],
      // MUI (emotion) injects style elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...origins(config.mapTilesUrl)],
      fontSrc: ["'self'", 'data:'],
      connectSrc: [
        "'self'",
        ...origins(config.serviceStatusUrl.startsWith('http') ? config.serviceStatusUrl : null),
        ...origins(config.sentryDsn),
      ],
      objectSrc: ["'none'"],
      // The service worker (/sw.js) and the web app manifest are the portal's own files; said outright rather
      // than left to default-src, so a tighter default cannot silently stop the portal being installable.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  };
}

/** Probed every few seconds by load balancers and monitors: never logged. */
const HEALTH_PATHS = new Set(['/api/ping', '/api/ready']);

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  installZodMessages();
  const app = createFastify(options);
  await registerPlumbing(app, options);
  if (!config.jwtSecret) throw new Error('JWT_SECRET is not set');
  // Every key is derived from the master secret; during a rotation the previous one's still verifies and opens.
  const keys = new ServerKeys(config.jwtSecret, config.jwtSecretPrevious);
  const { notifier, mailer, jobs } = await registerMessaging(app, config, keys, database);
  const identity = await buildIdentity(app, { config, keys, database, notifier });
  // Every service and its collaborators, built once; routes take theirs from app.services.
  app.decorate('services', buildServices({ database, mailer, now: () => app.now(), log: app.log, config, keys, notifier, ...identity }));
  // Hourly, on one of the servers: rows past their retention period go (lib/retention.ts).
  scheduleRetention(jobs, {
    db: database.db,
    now: () => app.now(),
    periods: config.retention,
    steps: retentionSteps(config.retention, LIB_RETENTION_STEPS, IDENTITY_RETENTION_STEPS, PUSH_RETENTION_STEPS),
    log: app.log,
  });
  // Every quarter of an hour: the weekly digest of each subscriber whose Monday morning it is (modules/reports).
  scheduleWeeklyDigest(jobs, app.services.weeklyDigest);
  await registerModules(app, config, keys, identity);
  registerNotFound(app);
  return app;
}

/** The Fastify instance: logging, body limit, proxies, request ids, router options and pre-routing errors. */
function createFastify({ config, fastify, logStream }: AppOptions): FastifyInstance {
  return Fastify({
    logger: {
      level: config.logLevel,
      // Every line says which release wrote it.
      base: logBase(),
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["impersonated-contact"]', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      // Tokens in query strings and file keys in paths are replaced before the URL is logged.
      serializers: { req: requestSerializer },
      ...(logStream ? { stream: logStream } : {}),
    },
    // One line per request (written in onResponse, registerPlumbing), none for the health checks: Fastify's own logging writes two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    // Our genReqId reads (and vets) x-request-id itself.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors Fastify raises before routing (a bad URL, an over-long path parameter) are problems too.
    frameworkErrors: (error, request, reply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      (reply as unknown as FastifyReply)
        .code(status)
        .type('application/problem+json; charset=utf-8')
        .send(
          JSON.stringify({
            type: problemType(status === 414 ? 'uri-too-long' : 'bad-request'),
            title: status === 414 ? 'URI too long' : 'Bad request',
            status,
            code: status === 414 ? 'uri-too-long' : 'bad-request',
            detail: status === 414 ? 'A part of the path is too long.' : 'The request URL is not valid.',
            traceId: request.id,
          }),
        );
    },
    ...fastify,
  }).withTypeProvider<ZodTypeProvider>();
}

/**
 * What every request goes through before a module sees it: 100-continue, the request log, validation and
 * serialisation, the route catalogue, the app's decorations (config, database, clock), problem details, security
 * headers, load shedding, versioning, text checks, the OpenAPI document and the web app's files.
 */
async function registerPlumbing(app: FastifyInstance, { config, database, now, errorReportTransport }: AppOptions): Promise<void> {
  // `Expect: 100-continue` (curl's default for large bodies): Node would answer 100 Continue by itself, the client
  // would start sending, and a body over the limit then met a 413 written mid-upload and a closed connection. A
  // declared length over the limit gets no 100: the request goes on to its 413 with no byte of the body read, and
  // the connection closes after the answer.
  app.server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > config.bodyLimitBytes) res.shouldKeepAlive = false;
    else res.writeContinue();
    app.server.emit('request', req, res);
  });

  // The hooks every request runs are plain (callback) hooks: an async one cost a promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    if (!HEALTH_PATHS.has(request.routeOptions.url ?? '')) request.log.info(requestLogLine(request, reply), 'request completed');
    done();
  });
  // Server errors to Sentry with SENTRY_DSN (the error handler reports 5xx), metrics with METRICS_PORT.
  await app.register(errorReportsPlugin, {
    options: config.sentryDsn
      ? { dsn: config.sentryDsn, release: RELEASE, environment: config.env, transport: errorReportTransport }
      : undefined,
  });
  await app.register(metricsPlugin, { enabled: config.metrics !== undefined, database });

  app.setValidatorCompiler(validatorCompiler);
  // Compiled from the contract's JSON Schema (fast-json-stringify); tests also check each answer against zod.
  const serializerKinds: SerializerKinds = new Map();
  app.decorate('serializerKinds', serializerKinds);
  app.setSerializerCompiler(compiledSerializerCompiler({ verify: config.env === 'test', kinds: serializerKinds }));
  // JSON only: a text/plain body is a 415, not a string that slips past a schema.
  app.removeContentTypeParser('text/plain');
  app.decorate('config', config);
  registerRouteCatalogue(app);
  app.decorate('database', database);
  // The clock of the booking rules (cut-off, 'today', dates in the past); tests pass a fixed one.
  app.decorate('now', now ?? systemClock);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  await app.register(problemDetails);
  await app.register(securityHeaders, {
    helmet: { contentSecurityPolicy: contentSecurityPolicy(config), crossOriginEmbedderPolicy: false },
  });
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    retryAfter: 5,
    // A rejection ends the request in the error handler (problem details). Sending the answer here instead let the
    // request go on: under-pressure calls `next()` after a handler that returns nothing, so the authenticate hook
    // then answered again ("Reply was already sent", seen under load).
    pressureHandler: async () => {
      throw new AppError('service-unavailable', {
        detail: 'The server is under heavy load. Please try again in a moment.',
        headers: { 'retry-after': '5' },
      });
    },
  });
  await app.register(acceptVersion);
  await app.register(storableText);
  await app.register(openapi, { publicOrigin: config.publicOrigin });
  await app.register(staticWeb, { distDir: config.webDistDir });
  // After the web app's files (sent precompressed), before every module's routes: JSON, CSV and calendars.
  await app.register(compression);
}

/**
 * The request's log line: its route template (the URL is redacted by the req serializer), who asked (the contact's
 * id, never an e-mail; the staff user's id when staff, impersonating or not), the status, time and body size.
 */
function requestLogLine(request: FastifyRequest, reply: FastifyReply) {
  const principal = request.principal;
  const length = Number(reply.getHeader('content-length'));
  return {
    req: request,
    res: reply,
    route: request.routeOptions.url,
    contactId: principal?.contactId,
    staffId: principal?.staffUserId,
    impersonating: principal?.impersonating || undefined,
    responseBytes: Number.isFinite(length) ? length : streamedBodyBytes(reply),
    responseTime: Math.round(reply.elapsedTime * 10) / 10,
  };
}

/** Every route and how it is guarded: the cross-client test checks that each one has its case. */
function registerRouteCatalogue(app: FastifyInstance): void {
  const routeCatalogue: RouteEntry[] = [];
  app.decorate('routeCatalogue', routeCatalogue);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      // Read when asked: a plugin may still declare the route public after this hook (see withPublicRoutes).
      routeCatalogue.push({
        method,
        url: route.url,
        get public() {
          return route.config?.public === true;
        },
        get staff() {
          return route.config?.staff === true;
        },
        get permission() {
          return route.config?.permission;
        },
      });
    }
  });
}

/**
 * SMS and voice: the outbox in the demo, else the configured SMS provider, else none (nothing is sent). Push: the
 * outbox in the demo; with VAPID keys also (or, outside the demo, only) Web Push to the contact's browsers.
 */
function notificationProvider(config: Config, database: Database, jobs: JobQueue, now: () => Date, log: FastifyBaseLogger) {
  const base: NotificationProvider | undefined = config.demo
    ? outboxProvider(database.db)
    : config.smsProvider?.kind === 'twilio'
      ? createTwilioProvider(config.smsProvider)
      : undefined;
  if (!config.webPush) return base;
  const webPush = createWebPushDelivery({ db: database.db, vapid: config.webPush, jobs, retry: DEFAULT_RETRY, now, log });
  const recorded = base?.push;
  return {
    ...base,
    name: base ? `${base.name}+web-push` : 'web-push',
    push: async (to: string, text: string) => {
      if (recorded) await recorded.call(base, to, text);
      await webPush.push(to, text);
    },
  } satisfies NotificationProvider;
}

/**
 * Messages between server processes (cache invalidation, live events: Redis, PostgreSQL NOTIFY or in-process), the
 * job queue and the mail sent through it, decorated on the app and closed with it.
 */
async function registerMessaging(
  app: FastifyInstance,
  config: Config,
  keys: ServerKeys,
  database: Database,
): Promise<{ notifier: Notifier; mailer: Mailer; jobs: JobQueue }> {
  const notifier = createNotifier({
    redisUrl: config.redisUrl,
    databaseUrl: database.kind === 'postgres' ? config.databaseUrl : undefined,
    onError: (err) => app.log.warn({ err: { message: err.message } }, 'notifier connection error'),
  });
  app.decorate('notifier', notifier);
  app.addHook('onClose', () => notifier.close());
  // Background work (lib/jobs.ts): pg-boss on PostgreSQL, in this process on the embedded database.
  const jobs = createJobQueue(database, app.log);
  app.decorate('jobs', jobs);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    portalOrigin: config.publicOrigin,
    db: database.db,
    secret: keys,
    log: app.log,
    jobs,
    notifications: notificationProvider(config, database, jobs, () => app.now(), app.log),
  });
  app.decorate('mailer', mailer);
  // This server works the queues from now on: sends what requests queue, retries what failed.
  await jobs.start();
  await mailer.start();
  // Each queue's depth when Prometheus scrapes, and every failed try (observability/metrics.ts).
  for (const queue of Object.keys(await jobs.depth())) {
    app.metrics.registerQueueDepth(queue, async () => (await jobs.depth())[queue] ?? 0);
  }
  jobs.onFailure((queue) => app.metrics.jobFailed(queue));
  // Runs scheduled here (the simulator, retention) stop with the queue.
  app.addHook('onClose', async () => {
    await mailer.stop();
    await jobs.stop();
  });
  return { notifier, mailer, jobs };
}

/** Cookies, authentication and HTTP caching, then every module's routes (in the order the OpenAPI document lists them). */
async function registerModules(app: FastifyInstance, config: Config, keys: ServerKeys, identity: Identity) {
  const { tokens, counters, principals } = identity;
  await app.register(cookie, { secret: keyedCookieSigner(keys) });
  await app.register(authenticate, { tokens, principals, staff: app.services.staffDirectory });
  // Routes declaring `config.cacheable` answer with a private ETag and 304 on revalidation.
  await app.register(httpCache);
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(secondStepRoutes);
  await registerEnterpriseLogin(app, config, keys, identity);
  await registerSchoolSso(app, config, keys, identity);
  await app.register(profileRoutes);
  await app.register(availabilityRoutes);
  await app.register(bookingSummaryRoutes);
  await app.register(bookingsRoutes);
  await app.register(calendarFeedRoutes, { counters });
  await app.register(pendingBookingsRoutes);
  await app.register(emailActionRoutes, { counters });
  await app.register(bookingReferenceRoutes);
  await app.register(createBookingRoutes);
  await app.register(extendBookingRoutes);
  await app.register(feedbackRoutes);
  await app.register(replaceMeRoutes);
  await app.register(providerRoutes);
  await app.register(providerTimesheetsRoutes);
  await app.register(invoiceCountRoutes);
  await app.register(invoicesRoutes);
  await app.register(reportsRoutes);
  await app.register(candidatesRoutes);
  await app.register(timesheetOverviewRoutes);
  await app.register(timesheetsRoutes);
  await app.register(groupOverviewRoutes);
  await app.register(clientDetailsRoutes);
  await app.register(locationListRoutes);
  await app.register(serviceStatusRoutes);
  await app.register(filesRoutes);
  await app.register(liveEventsRoutes, { counters });
  await app.register(pushRoutes);
  if (config.demo) await app.register(outboxRoutes);
  // Home's and an invoice's addresses, drawn for a signed-in browser (the app's other addresses are the not-found handler's).
  if (app.spaAvailable) await app.register(firstPageRoutes, { distDir: config.webDistDir });
}

/** Sign-in through the enterprise's identity provider, or (in a demo) through the embedded one. */
async function registerEnterpriseLogin(app: FastifyInstance, config: Config, keys: ServerKeys, { counters }: Identity) {
  if (config.enterpriseOidc) {
    await app.register(enterpriseLoginRoutes, config.enterpriseOidc);
  } else if (config.demo) {
    // Loaded only when used: oidc-provider warns about Node 20 on import (it runs fine on it).
    const { EMBEDDED_CLIENT_ID, ISSUER_PATH, embeddedClientSecret, embeddedIssuer } = await import('./modules/identity/embedded-issuer');
    await app.register(embeddedIssuer, { publicOrigin: config.publicOrigin, keys, counters });
    await app.register(enterpriseLoginRoutes, {
      issuer: `${config.publicOrigin}${ISSUER_PATH}`,
      clientId: EMBEDDED_CLIENT_ID,
      clientSecret: embeddedClientSecret(keys),
      fetch: injectFetch(app, config.publicOrigin),
    });
  }
}

/** Single sign-on per school group; in a demo, the embedded school provider of the SSO trust too. */
async function registerSchoolSso(app: FastifyInstance, config: Config, keys: ServerKeys, { counters }: Identity) {
  if (config.demo) {
    const { registerDemoSchoolProvider } = await import('./demo/sso-trust-provider');
    await registerDemoSchoolProvider(app, { publicOrigin: config.publicOrigin, keys, counters });
  }
  await app.register(schoolSsoRoutes, { fetch: injectFetch(app, config.publicOrigin) });
}

/** An unknown path: the web app's index page for a browser reading a page, else a not-found problem. */
function registerNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && acceptsHtml(request.headers.accept) && app.spaAvailable && !isApiPath(request.url)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendProblem(reply, request, {
      code: 'not-found',
      ...PROBLEMS['not-found'],
      detail: `No route ${request.method} ${path.slice(0, 200)}`,
    });
  });
}

export interface RouteEntry {
  method: string;
  url: string;
  readonly public: boolean;
  readonly staff: boolean;
  /** What the route needs (route-permission.ts); every route not public or staff declares it. */
  readonly permission: PermissionDeclaration | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Which response serialiser each route got (lib/response-serializer.ts). */
    serializerKinds: SerializerKinds;
    routeCatalogue: RouteEntry[];
    config: Config;
    database: Database;
    mailer: Mailer;
    /** The job queue (lib/jobs.ts). */
    jobs: JobQueue;
    /** Messages between this system's server processes (lib/notifier.ts). */
    notifier: Notifier;
    now: () => Date;
  }
}
