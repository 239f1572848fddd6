import { describe, expect, it } from 'vitest';
import { ConfigError, deliverableMethodsOf, loadConfig, tracingConfig } from './config';

const base = { INIT_CWD: '/srv/portal' };

describe('loadConfig', () => {
  it('has working defaults for the embedded database', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/srv/portal/.data');
    expect(config.demo).toBe(true);
    expect(config.publicOrigin).toBe('http://localhost:3000');
    expect(config.auth.accessTokenTtlSeconds).toBe(1800);
    expect(config.auth.revealUnknownAccount).toBe(false);
  });

  it('is not in demo mode on PostgreSQL unless asked', () => {
    const config = loadConfig({ ...base, DATABASE_URL: 'postgres://u@db/portal', JWT_SECRET: 'x'.repeat(32) });
    expect(config.demo).toBe(false);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u@db/portal', DEMO: 'true' }).demo).toBe(true);
  });

  it('runs the demo implicitly only on a loopback HOST: on 0.0.0.0 (the image) without DATABASE_URL it must be asked for', () => {
    expect(loadConfig({ ...base, HOST: '127.0.0.1' }).demo).toBe(true);
    expect(loadConfig({ ...base, HOST: 'localhost' }).demo).toBe(true);
    expect(() => loadConfig({ ...base, HOST: '0.0.0.0' })).toThrow(/DATABASE_URL is not set and HOST=0\.0\.0\.0 .* DEMO=true/);
    expect(() => loadConfig({ ...base, HOST: '::' })).toThrow(ConfigError);
    expect(loadConfig({ ...base, HOST: '0.0.0.0', DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ ...base, HOST: '0.0.0.0', DATABASE_URL: 'postgres://u@db/portal', JWT_SECRET: 'x'.repeat(32) }).demo).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ JWT_SECRET: 'x'.repeat(32), JWT_SECRET_PREVIOUS: 'short' }, 'JWT_SECRET_PREVIOUS'],
    [{ JWT_SECRET: 'x'.repeat(32), JWT_SECRET_PREVIOUS: 'x'.repeat(32) }, 'JWT_SECRET_PREVIOUS'],
    [{ DEMO: 'maybe' }, 'DEMO'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ LOCALE_BY_ORIGIN: '{"https://a.example":"fr-FR"}' }, 'LOCALE_BY_ORIGIN'],
    [{ DATABASE_URL: 'postgres://u@db/portal' }, 'JWT_SECRET'],
    [{ ENTERPRISE_OIDC_ISSUER: 'https://login.example' }, 'ENTERPRISE_OIDC_CLIENT_ID'],
    [{ PROVIDER_ENTITIES: '{"en-AU":{"name":"X"}}' }, 'PROVIDER_ENTITIES'],
    [{ PROVIDER_ENTITIES: '{"fr-FR":{"name":"X","lines":[]}}' }, 'PROVIDER_ENTITIES'],
    [{ PROVIDER_ENTITIES: 'not json' }, 'PROVIDER_ENTITIES'],
    [{ PROVIDER_ENTITIES: '{"en-AU":{"name":"X","lines":[],"country":"Australia"}}' }, 'PROVIDER_ENTITIES'],
    [{ PROVIDER_PAYMENT_DETAILS: '{"en-AU":{"accountName":"X","bank":"Y"}}' }, 'PROVIDER_PAYMENT_DETAILS'],
    [{ PROVIDER_PAYMENT_DETAILS: '{"en-AU":{"accountName":"X","bank":"Y","accountNumber":"1","pin":"1234"}}' }, 'PROVIDER_PAYMENT_DETAILS'],
    [{ APP_STORE_LINKS: '{"en-GB":{"ios":"javascript:alert(1)"}}' }, 'APP_STORE_LINKS'],
    [{ APP_STORE_LINKS: '{"en-GB":{"ios":"http://apps.example/ios"}}' }, 'APP_STORE_LINKS'],
    [{ APP_STORE_LINKS: '{"xx":{"ios":"https://apps.example/ios"}}' }, 'APP_STORE_LINKS'],
    [{ SMS_PROVIDER: 'carrier-pigeon' }, 'SMS_PROVIDER'],
    [{ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_FROM: '+61400000000' }, 'TWILIO_AUTH_TOKEN'],
    [{ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'tok' }, 'TWILIO_FROM'],
    [{ SMS_PROVIDER: 'twilio', TWILIO_AUTH_TOKEN: 'tok', TWILIO_FROM: '+61400000000' }, 'TWILIO_ACCOUNT_SID'],
    [{ TWILIO_API_BASE: 'ftp://sms.example' }, 'TWILIO_API_BASE'],
  ])('stops with one line naming the variable for %j', (env, key) => {
    let error: unknown;
    try {
      loadConfig({ ...base, ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(key);
    expect(message).not.toContain('\n');
  });

  it('takes the previous secret of a key rotation beside the current one', () => {
    const config = loadConfig({ ...base, JWT_SECRET: 'n'.repeat(40), JWT_SECRET_PREVIOUS: 'o'.repeat(40) });
    expect([config.jwtSecret, config.jwtSecretPrevious]).toEqual(['n'.repeat(40), 'o'.repeat(40)]);
    expect(loadConfig({ ...base, JWT_SECRET: 'n'.repeat(40), JWT_SECRET_PREVIOUS: '' }).jwtSecretPrevious).toBeUndefined();
    expect(() => loadConfig({ ...base, JWT_SECRET: 'n'.repeat(40), JWT_SECRET_PREVIOUS: 'n'.repeat(40) })).toThrow(
      /must differ from JWT_SECRET/,
    );
  });

  it('reads the SMS provider (Twilio-compatible, its API overridable); none by default', () => {
    expect(loadConfig(base).smsProvider).toBeUndefined();
    const twilio = { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 'tok', TWILIO_FROM: '+61400000000' };
    expect(loadConfig({ ...base, ...twilio }).smsProvider).toEqual({
      kind: 'twilio',
      accountSid: 'AC123',
      authToken: 'tok',
      from: '+61400000000',
      apiBase: 'https://api.twilio.com',
    });
    expect(loadConfig({ ...base, ...twilio, TWILIO_API_BASE: 'http://127.0.0.1:9999/' }).smsProvider?.apiBase).toBe(
      'http://127.0.0.1:9999',
    );
  });

  it('reads the VAPID keys for Web Push, all three together; none by default', () => {
    expect(loadConfig(base).webPush).toBeUndefined();
    const vapid = {
      VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
      VAPID_PRIVATE_KEY: 'p'.repeat(43),
      VAPID_SUBJECT: 'mailto:ops@portal.test',
    };
    expect(loadConfig({ ...base, ...vapid }).webPush).toEqual({
      publicKey: vapid.VAPID_PUBLIC_KEY,
      privateKey: vapid.VAPID_PRIVATE_KEY,
      subject: 'mailto:ops@portal.test',
    });
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY })).toThrow(/must be set together/);
    expect(() => loadConfig({ ...base, ...vapid, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY must be a VAPID private key/);
    expect(() => loadConfig({ ...base, ...vapid, VAPID_SUBJECT: 'ops@portal.test' })).toThrow(/VAPID_SUBJECT must be a URL/);
    // A wrong private key is named, never repeated.
    const secret = `${'q'.repeat(42)}!`;
    expect(() => loadConfig({ ...base, ...vapid, VAPID_PRIVATE_KEY: secret })).toThrow(
      /VAPID_PRIVATE_KEY .*\(got a value that is not shown\)/,
    );
    expect(() => loadConfig({ ...base, ...vapid, VAPID_PRIVATE_KEY: secret })).not.toThrow(secret);
  });

  it('delivers SMS and voice with an SMS provider or in the demo, push with VAPID keys or in the demo, e-mail always', () => {
    const production = { ...base, DATABASE_URL: 'postgres://u@db/portal', JWT_SECRET: 'x'.repeat(32) };
    const twilio = { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 'tok', TWILIO_FROM: '+61400000000' };
    expect(deliverableMethodsOf(loadConfig(production))).toEqual({ email: true, sms: false, voice: false, push: false });
    expect(deliverableMethodsOf(loadConfig({ ...production, ...twilio }))).toEqual({ email: true, sms: true, voice: true, push: false });
    expect(deliverableMethodsOf(loadConfig(base))).toEqual({ email: true, sms: true, voice: true, push: true });
    const vapid = { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'p'.repeat(43), VAPID_SUBJECT: 'https://portal.test/' };
    expect(deliverableMethodsOf(loadConfig({ ...production, ...vapid }))).toEqual({ email: true, sms: false, voice: false, push: true });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ ...base, PORT: '', SMTP_URL: '' }).port).toBe(3000);
  });

  it("reads the provider's invoicing entities per region", () => {
    const config = loadConfig({ ...base, PROVIDER_ENTITIES: '{"en-GB":{"name":"Provider UK Ltd","lines":["1 High Street","London"]}}' });
    expect(config.providerEntities).toEqual({ 'en-GB': { name: 'Provider UK Ltd', lines: ['1 High Street', 'London'] } });
    expect(loadConfig(base).providerEntities).toEqual({});
  });

  it("reads the provider's bank account per region", () => {
    const details = { accountName: 'Provider UK Ltd', bank: 'A Bank plc', sortCode: '20-00-00', accountNumber: '12345678' };
    expect(loadConfig({ ...base, PROVIDER_PAYMENT_DETAILS: JSON.stringify({ 'en-GB': details }) }).providerPaymentDetails).toEqual({
      'en-GB': details,
    });
    expect(loadConfig(base).providerPaymentDetails).toEqual({});
  });

  it('reads the mobile app’s store pages per region; none by default (Settings then shows no app links)', () => {
    const links = {
      'en-GB': { ios: 'https://apps.apple.com/gb/app/portal/id123', android: 'https://play.google.com/store/apps/details?id=x' },
    };
    expect(loadConfig({ ...base, APP_STORE_LINKS: JSON.stringify(links) }).appStoreLinks).toEqual(links);
    expect(loadConfig(base).appStoreLinks).toEqual({});
  });

  it('reads the origin → locale mapping', () => {
    const config = loadConfig({ ...base, LOCALE_BY_ORIGIN: '{"https://portal.example.co.uk":"en-GB"}' });
    expect(config.localeByOrigin).toEqual({ 'https://portal.example.co.uk': 'en-GB' });
  });
});

describe('metrics, traces', () => {
  it('opens the Prometheus endpoint only when METRICS_PORT is set, on loopback unless METRICS_HOST says otherwise', () => {
    expect(loadConfig(base).metrics).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ ...base, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ host: '0.0.0.0', port: 9464 });
    expect(() => loadConfig({ ...base, METRICS_PORT: 'nine' })).toThrow(/^Configuration error: METRICS_PORT must be a number/);
  });

  it('traces only when an OTLP endpoint or a traces exporter is named, and not when disabled', () => {
    expect(tracingConfig({})).toEqual({ enabled: false, serviceName: 'client-portal' });
    expect(tracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).enabled).toBe(true);
    expect(tracingConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }).enabled).toBe(true);
    expect(tracingConfig({ OTEL_TRACES_EXPORTER: 'console' }).enabled).toBe(true);
    expect(tracingConfig({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).enabled).toBe(false);
    expect(tracingConfig({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' }).enabled).toBe(false);
    expect(tracingConfig({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SERVICE_NAME: 'portal-eu' }).serviceName).toBe('portal-eu');
    expect(loadConfig({ ...base, OTEL_TRACES_EXPORTER: 'console' }).tracing.enabled).toBe(true);
  });

  it('names a wrong OTEL_* variable', () => {
    expect(() => tracingConfig({ OTEL_TRACES_EXPORTER: 'jaeger' })).toThrow(
      /^Configuration error: OTEL_TRACES_EXPORTER must be a comma-separated list/,
    );
    expect(() => tracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT must be a URL/);
    expect(() => loadConfig({ ...base, OTEL_SDK_DISABLED: 'perhaps' })).toThrow(ConfigError);
  });
});

describe('retention periods', () => {
  it('has documented defaults, the audit log kept longest', () => {
    expect(loadConfig(base).retention).toEqual({
      idempotencyKeysDays: 7,
      refreshTokensDays: 30,
      signInCountersDays: 7,
      outboxDays: 30,
      notificationsDays: 30,
      givenUpMailsDays: 30,
      expiredPushDays: 30,
      auditLogDays: 730,
    });
  });

  it('reads each period in days', () => {
    const config = loadConfig({
      ...base,
      RETENTION_OUTBOX_DAYS: '3',
      RETENTION_AUDIT_LOG_DAYS: '3650',
      RETENTION_REFRESH_TOKENS_DAYS: '90',
    });
    expect(config.retention).toMatchObject({ outboxDays: 3, auditLogDays: 3650, refreshTokensDays: 90 });
  });

  it('refuses a period that is not a whole number of days, or too short, naming the variable', () => {
    expect(() => loadConfig({ ...base, RETENTION_OUTBOX_DAYS: 'soon' })).toThrow(/RETENTION_OUTBOX_DAYS must be a number of days/);
    expect(() => loadConfig({ ...base, RETENTION_OUTBOX_DAYS: '1.5' })).toThrow(/RETENTION_OUTBOX_DAYS must be a whole number of days/);
    expect(() => loadConfig({ ...base, RETENTION_SIGN_IN_COUNTERS_DAYS: '0' })).toThrow(
      /RETENTION_SIGN_IN_COUNTERS_DAYS must be at least 1 days/,
    );
    expect(() => loadConfig({ ...base, RETENTION_AUDIT_LOG_DAYS: '30' })).toThrow(/RETENTION_AUDIT_LOG_DAYS must be at least 90 days/);
  });

  it('keeps the audit log at least as long as anything else', () => {
    expect(() => loadConfig({ ...base, RETENTION_REFRESH_TOKENS_DAYS: '1000' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, RETENTION_REFRESH_TOKENS_DAYS: '1000' })).toThrow(
      /RETENTION_AUDIT_LOG_DAYS must be at least the longest/,
    );
    expect(loadConfig({ ...base, RETENTION_REFRESH_TOKENS_DAYS: '1000', RETENTION_AUDIT_LOG_DAYS: '1000' }).retention.auditLogDays).toBe(
      1000,
    );
  });
});
