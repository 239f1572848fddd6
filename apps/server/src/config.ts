import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { deliverableMethods, type ConfirmationMethods } from '@portal/contract/bookings/create/pipeline';
import { LOCALES } from '@portal/contract/domain';
import { BRANDS } from '@portal/contract/format/brand';
import { PaymentDetails } from '@portal/contract/invoices/payment';
import { AppStoreLinks, ProviderContacts } from '@portal/contract/runtime-config';

/**
 * The provider's invoicing entity per region (locale; `en` is the fallback): its legal name, address lines and the
 * country's ISO code (printed as the client's country is, by name).
 */
export const ProviderEntities = z.partialRecord(
  z.enum(LOCALES),
  z.strictObject({
    name: z.string().trim().min(1).max(200),
    lines: z.array(z.string().trim().min(1).max(200)).max(8),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
  }),
);
export type ProviderEntities = z.infer<typeof ProviderEntities>;

/** The provider's bank account per region (locale; `en` is the fallback), printed on invoices as how to pay. */
export const ProviderPaymentDetails = z.partialRecord(z.enum(LOCALES), PaymentDetails);
export type ProviderPaymentDetails = z.infer<typeof ProviderPaymentDetails>;

/** A variable holding a JSON object (unset or empty: `{}`); anything else stops the start with `message`. */
function jsonObject<T extends z.ZodType<object>>(schema: T, message: string) {
  return z
    .string()
    .optional()
    .transform((v, ctx): z.infer<T> => {
      if (!v) return {} as z.infer<T>;
      try {
        return schema.parse(JSON.parse(v));
      } catch {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    });
}

/** The only module that reads process.env. A bad value stops start-up with one line naming the variable. */

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const port = z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535);
const seconds = z.coerce.number({ error: 'must be a number of seconds' }).int().min(1);
const days = (min: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(min, `must be at least ${min} days`)
    .max(36_500, 'must be at most 36500 days')
    .default(fallback);
const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL (${protocols.join(' or ')})`,
  );

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_STATEMENT_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  PUBLIC_ORIGIN: url(['http:', 'https:']).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default(`${BRANDS.en.companyName} <no-reply@portal.localhost>`),
  SMS_PROVIDER: z.enum(['twilio'], { error: 'must be twilio (or unset: no SMS nor voice)' }).optional(),
  TWILIO_ACCOUNT_SID: z.string().trim().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().trim().min(1).optional(),
  TWILIO_API_BASE: url(['http:', 'https:']).default('https://api.twilio.com'),
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a VAPID public key (65 bytes, base64url: npx web-push generate-vapid-keys)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a VAPID private key (32 bytes, base64url: npx web-push generate-vapid-keys)')
    .optional(),
  VAPID_SUBJECT: url(['mailto:', 'https:']).optional(),
  DEMO: bool.optional(),
  SEED_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(600_000).default(2000),
  FIRST_PAGE_BUDGET_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(10_000).default(500),
  ANSWER_CACHE_MB: z.coerce.number({ error: 'must be a number of megabytes' }).int().min(0).max(4096).default(64),
  RETENTION_IDEMPOTENCY_KEYS_DAYS: days(1, 7),
  RETENTION_REFRESH_TOKENS_DAYS: days(1, 30),
  RETENTION_SIGN_IN_COUNTERS_DAYS: days(1, 7),
  RETENTION_OUTBOX_DAYS: days(1, 30),
  RETENTION_NOTIFICATIONS_DAYS: days(1, 30),
  RETENTION_GIVEN_UP_MAILS_DAYS: days(1, 30),
  RETENTION_EXPIRED_PUSH_DAYS: days(1, 30),
  RETENTION_AUDIT_LOG_DAYS: days(90, 730),
  SIMULATOR_INTERVAL_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(86_400_000).default(20_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_SECONDS: seconds.default(1800),
  REFRESH_IDLE_SECONDS: seconds.default(1800),
  REFRESH_ABSOLUTE_SECONDS: seconds.default(43200),
  AUTH_REVEAL_UNKNOWN_ACCOUNT: bool.default(false),
  TRUSTED_PROXIES: z.string().optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  ENTERPRISE_OIDC_ISSUER: url(['http:', 'https:']).optional(),
  ENTERPRISE_OIDC_CLIENT_ID: z.string().min(1).optional(),
  ENTERPRISE_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  SERVICE_STATUS_URL: z.string().min(1).optional(),
  MAP_TILES_URL: z.string().min(1).optional(),
  SENTRY_DSN: url(['http:', 'https:']).optional(),
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  DEFAULT_LOCALE: z.enum(LOCALES).default('en-AU'),
  LOCALE_BY_ORIGIN: jsonObject(
    z.record(z.string(), z.enum(LOCALES)),
    'must be a JSON object of origin → locale (en, en-US, en-CA, en-NZ, en-GB, en-AU)',
  ),
  PROVIDER_CONTACTS: jsonObject(ProviderContacts, 'must be a JSON object of locale → {"phone","email"}'),
  APP_STORE_LINKS: jsonObject(AppStoreLinks, 'must be a JSON object of locale → {"ios","android"} (https addresses)'),
  PROVIDER_ENTITIES: jsonObject(
    ProviderEntities,
    'must be a JSON object of locale → {"name","lines":[…],"country"} (up to 8 lines; country a code such as "AU")',
  ),
  PROVIDER_PAYMENT_DETAILS: jsonObject(
    ProviderPaymentDetails,
    'must be a JSON object of locale → {"accountName","bank","accountNumber"} plus the region\'s own of "bsb", "sortCode", "routingNumber", "institutionNumber", "transitNumber", "bankCode", "iban", "swift"',
  ),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  WEB_DIST_DIR: z.string().optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections for transactions (every write). */
  databasePoolSize: number;
  /** PostgreSQL connections for statements outside a transaction (mostly reads). */
  databaseStatementPoolSize: number;
  /** Name parameterised statements (planned once per connection); off behind a transaction-pooling PgBouncer. */
  databasePreparedStatements: boolean;
  /** The origin users reach the portal at; links in e-mails point here. */
  publicOrigin: string;
  /** The master secret (JWT_SECRET): every key is derived from it (lib/secrets.ts). */
  jwtSecret: string | undefined;
  /** During a key rotation, the secret before it (JWT_SECRET_PREVIOUS): what it signed or sealed is still accepted. */
  jwtSecretPrevious: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SMS_PROVIDER and its settings: who sends SMS and voice calls (none: they are not deliverable, outside the demo). */
  smsProvider: SmsProviderConfig | undefined;
  /** VAPID_*: browser notifications through Web Push (none: push is not deliverable, outside the demo). */
  webPush: WebPushConfig | undefined;
  demo: boolean;
  /** DEMO=true was set explicitly: the demo surfaces (outbox, staff login) answer callers beyond loopback too. */
  demoExplicit: boolean;
  seedScale: number;
  /** Event-loop delay above which requests get a quick 503 (under-pressure); 0 = never. */
  maxEventLoopDelayMs: number;
  /**
   * How long `GET /` and an invoice's address may spend drawing a contact's first page (decision 035) before the page
   * as built is sent instead; 0 = never drawn.
   */
  firstPageBudgetMs: number;
  /** Demo mode: milliseconds between the provider simulator's ticks; 0 = off. */
  simulatorIntervalMs: number;
  /** How long data that is no longer needed is kept before the retention job removes it (lib/retention.ts). */
  retention: RetentionPeriods;
  /** Bytes of versioned answers (lib/versioned-answers.ts) a process keeps; 0 = compute every answer. */
  answerCacheBytes: number;
  logLevel: string;
  auth: {
    accessTokenTtlSeconds: number;
    refreshIdleSeconds: number;
    refreshAbsoluteSeconds: number;
    revealUnknownAccount: boolean;
  };
  trustedProxies: string[];
  redisUrl: string | undefined;
  enterpriseOidc: { issuer: string; clientId: string; clientSecret: string | undefined } | undefined;
  serviceStatusUrl: string;
  mapTilesUrl: string | null;
  /** Error reports of the browser (the runtime configuration) and of the server (observability/error-reports.ts). */
  sentryDsn: string | null;
  /** METRICS_PORT/METRICS_HOST: the Prometheus endpoint's own listener (0: any free port); undefined = off. */
  metrics: { host: string; port: number } | undefined;
  tracing: TracingConfig;
  defaultLocale: (typeof LOCALES)[number];
  localeByOrigin: Record<string, (typeof LOCALES)[number]>;
  /** PROVIDER_CONTACTS: the provider's phone and e-mail per region (demo mode adds a default for each). */
  providerContacts: ProviderContacts;
  /** APP_STORE_LINKS: the mobile app's store pages per region (none: Settings shows no app links). */
  appStoreLinks: AppStoreLinks;
  /** PROVIDER_ENTITIES: the provider's invoicing entity per region, as invoices print it (demo mode adds a default). */
  providerEntities: ProviderEntities;
  /** PROVIDER_PAYMENT_DETAILS: the provider's bank account per region, as invoices print it (demo mode adds a default). */
  providerPaymentDetails: ProviderPaymentDetails;
  bodyLimitBytes: number;
  webDistDir: string;
}

/** A HOST that only this machine reaches. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Days each kind of row is kept once it is no longer needed (README → Operating → Retention). */
export interface RetentionPeriods {
  /** Idempotency keys, after they expire (a day after the request). */
  idempotencyKeysDays: number;
  /** Refresh tokens, after they expire or are revoked. */
  refreshTokensDays: number;
  /** Sign-in and rate-limit counters, after their window started (and any lock ended). */
  signInCountersDays: number;
  /** E-mail in the outbox (the demo's sent mail), after it was written. */
  outboxDays: number;
  /** SMS, voice and push notifications recorded in the outbox, after they were sent. */
  notificationsDays: number;
  /** Mail given up after its last try, after it was given up. */
  givenUpMailsDays: number;
  /** Browser push subscriptions the push service no longer knows, after it said so. */
  expiredPushDays: number;
  /** The audit log, after the entry was written; kept longest. */
  auditLogDays: number;
}

/** A Twilio-compatible API (TWILIO_*): the auth token is a secret, never logged. */
export interface SmsProviderConfig {
  kind: 'twilio';
  accountSid: string;
  authToken: string;
  from: string;
  apiBase: string;
}

/** The server's VAPID key pair and contact (RFC 8292): the private key is a secret, never logged. */
export interface WebPushConfig {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: address the push services may contact about this sender. */
  subject: string;
}

/** The confirmation methods this deployment delivers: the booking form offers these, the server refuses the others. */
export function deliverableMethodsOf(config: Pick<Config, 'demo' | 'smsProvider' | 'webPush'>): ConfirmationMethods {
  return deliverableMethods({ demo: config.demo, smsProvider: config.smsProvider !== undefined, webPush: config.webPush !== undefined });
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Traces (observability/tracing.ts): on when an OTLP endpoint or a traces exporter is named, off otherwise and with
 * OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none. The OpenTelemetry SDK reads the OTEL_* variables itself;
 * these are checked here so that a wrong one stops the start with its name rather than exporting nowhere.
 */
export interface TracingConfig {
  enabled: boolean;
  serviceName: string;
}

const TRACES_EXPORTERS = ['otlp', 'console', 'zipkin', 'none'];
const TracingEnvSchema = z.object({
  OTEL_SDK_DISABLED: bool.optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: url(['http:', 'https:']).optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: url(['http:', 'https:']).optional(),
  OTEL_TRACES_EXPORTER: z
    .string()
    .refine(
      (v) => v.split(',').every((name) => TRACES_EXPORTERS.includes(name.trim())),
      `must be a comma-separated list of ${TRACES_EXPORTERS.join(', ')}`,
    )
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('client-portal'),
});

/** Read by the preload (instrument.ts) before the rest of the configuration, and by loadConfig. */
export function tracingConfig(env: NodeJS.ProcessEnv = process.env): TracingConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = TracingEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Configuration error: ${key} ${issue.message} (got ${JSON.stringify(cleaned[key] ?? null)})`);
  }
  const e = parsed.data;
  const exporters = (e.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const named = exporters.length > 0 || e.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined || e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined;
  const enabled = named && e.OTEL_SDK_DISABLED !== true && !(exporters.length > 0 && exporters.every((name) => name === 'none'));
  return { enabled, serviceName: e.OTEL_SERVICE_NAME };
}

function absolute(path: string, base: string): string {
  return isAbsolute(path) ? path : resolve(base, path);
}

/** Variables whose value a start-up error never repeats (it goes to the logs). */
const SECRET_VARIABLES = new Set([
  'JWT_SECRET',
  'JWT_SECRET_PREVIOUS',
  'TWILIO_AUTH_TOKEN',
  'VAPID_PRIVATE_KEY',
  'ENTERPRISE_OIDC_CLIENT_SECRET',
]);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "not set", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0] ?? 'environment');
    const got = SECRET_VARIABLES.has(key) ? 'a value that is not shown' : JSON.stringify(cleaned[key] ?? null);
    throw new ConfigError(`Configuration error: ${key} ${issue.message} (got ${got})`);
  }
  const e = parsed.data;
  // Relative paths are taken from where the command was launched (npm sets INIT_CWD), not the workspace folder.
  const base = env.INIT_CWD ?? process.cwd();
  const oidcParts = [e.ENTERPRISE_OIDC_ISSUER, e.ENTERPRISE_OIDC_CLIENT_ID];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    throw new ConfigError('Configuration error: ENTERPRISE_OIDC_ISSUER and ENTERPRISE_OIDC_CLIENT_ID must be set together');
  }
  // Without DATABASE_URL the server runs the demo on its embedded database, but only on its own machine (a loopback
  // HOST, `npm start`'s default). Listening on other addresses (0.0.0.0 in the container image) the demo must be asked
  // for: a production server that lost its DATABASE_URL must not come up as a demo with its surfaces.
  if (e.DEMO === undefined && !e.DATABASE_URL && !isLoopbackHost(e.HOST)) {
    throw new ConfigError(
      `Configuration error: DATABASE_URL is not set and HOST=${e.HOST} is reachable from other machines: set DATABASE_URL, or DEMO=true for the demo`,
    );
  }
  const demo = e.DEMO ?? !e.DATABASE_URL;
  if (!demo && !e.JWT_SECRET) {
    throw new ConfigError('Configuration error: JWT_SECRET is required outside demo mode (at least 32 characters)');
  }
  if (e.JWT_SECRET_PREVIOUS !== undefined && e.JWT_SECRET_PREVIOUS === e.JWT_SECRET) {
    throw new ConfigError('Configuration error: JWT_SECRET_PREVIOUS must differ from JWT_SECRET (it is the secret before the rotation)');
  }
  let smsProvider: SmsProviderConfig | undefined;
  if (e.SMS_PROVIDER === 'twilio') {
    const missing = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const).filter((key) => !e[key]);
    if (missing.length > 0) {
      throw new ConfigError(`Configuration error: SMS_PROVIDER=twilio needs ${missing.join(', ')}`);
    }
    smsProvider = {
      kind: 'twilio',
      accountSid: e.TWILIO_ACCOUNT_SID!,
      authToken: e.TWILIO_AUTH_TOKEN!,
      from: e.TWILIO_FROM!,
      apiBase: e.TWILIO_API_BASE.replace(/\/$/, ''),
    };
  }
  const vapid = [e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, e.VAPID_SUBJECT];
  if (vapid.some(Boolean) && !vapid.every(Boolean)) {
    throw new ConfigError('Configuration error: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set together');
  }
  const webPush: WebPushConfig | undefined = e.VAPID_PUBLIC_KEY
    ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY!, subject: e.VAPID_SUBJECT! }
    : undefined;
  const retention: RetentionPeriods = {
    idempotencyKeysDays: e.RETENTION_IDEMPOTENCY_KEYS_DAYS,
    refreshTokensDays: e.RETENTION_REFRESH_TOKENS_DAYS,
    signInCountersDays: e.RETENTION_SIGN_IN_COUNTERS_DAYS,
    outboxDays: e.RETENTION_OUTBOX_DAYS,
    notificationsDays: e.RETENTION_NOTIFICATIONS_DAYS,
    givenUpMailsDays: e.RETENTION_GIVEN_UP_MAILS_DAYS,
    expiredPushDays: e.RETENTION_EXPIRED_PUSH_DAYS,
    auditLogDays: e.RETENTION_AUDIT_LOG_DAYS,
  };
  const { auditLogDays, ...others } = retention;
  const longest = Math.max(...Object.values(others));
  if (auditLogDays < longest) {
    throw new ConfigError(
      `Configuration error: RETENTION_AUDIT_LOG_DAYS must be at least the longest other retention period (${longest} days): the audit log is kept longest`,
    );
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: absolute(e.DATA_DIR, base),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseStatementPoolSize: e.DATABASE_STATEMENT_POOL_SIZE,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    jwtSecretPrevious: e.JWT_SECRET_PREVIOUS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsProvider,
    webPush,
    demo,
    demoExplicit: e.DEMO === true,
    seedScale: e.SEED_SCALE,
    simulatorIntervalMs: e.SIMULATOR_INTERVAL_MS,
    retention,
    answerCacheBytes: e.ANSWER_CACHE_MB * 1024 * 1024,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    firstPageBudgetMs: e.FIRST_PAGE_BUDGET_MS,
    logLevel: e.LOG_LEVEL,
    auth: {
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshIdleSeconds: e.REFRESH_IDLE_SECONDS,
      refreshAbsoluteSeconds: e.REFRESH_ABSOLUTE_SECONDS,
      revealUnknownAccount: e.AUTH_REVEAL_UNKNOWN_ACCOUNT,
    },
    trustedProxies: (e.TRUSTED_PROXIES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    redisUrl: e.REDIS_URL,
    enterpriseOidc: e.ENTERPRISE_OIDC_ISSUER
      ? { issuer: e.ENTERPRISE_OIDC_ISSUER, clientId: e.ENTERPRISE_OIDC_CLIENT_ID!, clientSecret: e.ENTERPRISE_OIDC_CLIENT_SECRET }
      : undefined,
    serviceStatusUrl: e.SERVICE_STATUS_URL ?? '/v1/service-status',
    mapTilesUrl: e.MAP_TILES_URL ?? null,
    sentryDsn: e.SENTRY_DSN ?? null,
    metrics: e.METRICS_PORT === undefined ? undefined : { host: e.METRICS_HOST, port: e.METRICS_PORT },
    tracing: tracingConfig(env),
    defaultLocale: e.DEFAULT_LOCALE,
    localeByOrigin: e.LOCALE_BY_ORIGIN,
    providerContacts: e.PROVIDER_CONTACTS,
    appStoreLinks: e.APP_STORE_LINKS,
    providerEntities: e.PROVIDER_ENTITIES,
    providerPaymentDetails: e.PROVIDER_PAYMENT_DETAILS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    webDistDir: absolute(e.WEB_DIST_DIR ?? 'apps/web/dist', e.WEB_DIST_DIR ? base : repoRoot),
  };
}
