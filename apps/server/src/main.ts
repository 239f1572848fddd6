import closeWithGrace from 'close-with-grace';
import { openDatabase, type Database } from '@portal/db/client';
import { migrateDatabase } from '@portal/db/migrate';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { embeddedDatabaseDir } from './lib/data-dir';
import { answerBackupRequests } from './lib/backup';
import { acquireDataDirLock, DataDirLockedError } from './lib/data-dir-lock';
import { demoJwtSecret } from './lib/secrets';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureDemoWorld } from './demo/seed';
import { attachSimulator } from './demo/simulator';
import { withSessionLock } from './lib/leader-lock.repository';
import { EmbeddedMaintenance } from './lib/embedded-maintenance';
import { isLoopback } from './lib/demo-surface';
import { fatalLine, startupLogger } from './observability/logger';
import { stopTracing, tracingStarted } from './observability/tracing';
import { startMetricsServer, type MetricsServer } from './observability/metrics';
import { ensureSecondStepDemo, SECOND_STEP_DEMO_ACCOUNT } from './demo/second-step-demo';

/** Reads configuration, takes the data directory, prepares the database, listens, and closes gracefully. */

function fail(message: string): never {
  fatalLine(message);
  process.exit(1);
}

async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    try {
      return await openDatabase({
        kind: 'postgres',
        url: config.databaseUrl,
        poolSize: config.databasePoolSize,
        statementPoolSize: config.databaseStatementPoolSize,
        preparedStatements: config.databasePreparedStatements,
      });
    } catch (error) {
      const url = new URL(config.databaseUrl);
      let cause: unknown = error;
      while (cause instanceof Error && cause.cause) cause = cause.cause;
      const reason = (cause instanceof Error ? cause.message : String(cause)).split('\n')[0];
      fail(`Cannot reach the database at ${url.hostname}:${url.port || 5432}${url.pathname} (DATABASE_URL): ${reason}`);
    }
  }
  // On a worker thread: PGlite runs statements synchronously, which on this thread would stall every request.
  return openDatabase({
    kind: 'pglite',
    dataDir: embeddedDatabaseDir(config.dataDir),
    worker: true,
    onWorkerExit: (error) => fail(`The embedded database stopped: ${error.message}`),
  });
}

async function main(): Promise<void> {
  // Whatever the server writes (the embedded database, generated secrets) is readable by its own user only.
  process.umask(0o077);
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  // Every line the server writes is a JSON log record; these are the start's own.
  const startup = startupLogger(config.logLevel);
  if (config.tracing.enabled && !tracingStarted()) {
    startup.warn('OTEL_* asks for traces, but the server was started without its preload (node --import ./dist/instrument.js): no traces');
  }

  let releaseLock: (() => Promise<void>) | undefined;
  if (!config.databaseUrl || config.demo) {
    try {
      releaseLock = await acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
  }
  if (!config.jwtSecret) config.jwtSecret = demoJwtSecret(config.dataDir);

  const database = await openConfiguredDatabase(config);
  const prepare = async () => {
    await migrateDatabase(database);
    if (config.demo) {
      const report = await ensureDemoWorld(database, {
        scale: config.seedScale,
        log: (line) => startup.info({ demo: true }, line),
      });
      if (report.seeded)
        startup.info(
          { demo: true, durationMs: Math.round(report.durationMs) },
          `demo world ready in ${(report.durationMs / 1000).toFixed(1)} s`,
        );
    }
  };
  // Several servers starting together on one PostgreSQL: one at a time migrates and seeds (the others find it done).
  if (database.kind === 'postgres' && config.databaseUrl) await withSessionLock(config.databaseUrl, 'startup', prepare);
  else await prepare();

  const app = await buildApp({ config, database });
  // The demo account with two-step sign-in on: its secret is sealed under this server's key, so it is added here.
  if (config.demo) await ensureSecondStepDemo(database.db, (secret) => app.services.secondStep.sealSecret(secret));
  // The embedded database has no autovacuum: vacuumed and measured before the first request, then on a timer.
  const maintenance = database.pglite ? new EmbeddedMaintenance(database.pglite, app.log) : undefined;
  await maintenance?.atStart();
  // The provider simulator fills open bookings in the demo; it stops with the app (onClose).
  const simulator = config.demo && config.simulatorIntervalMs > 0 ? attachSimulator(app, config.simulatorIntervalMs) : undefined;
  // `npm run backup` while this server holds DATA_DIR: a request file and SIGUSR2 (lib/backup.ts).
  if (database.pglite) answerBackupRequests({ dataDir: config.dataDir, pglite: database.pglite, log: app.log });
  let metricsServer: MetricsServer | undefined;
  // SIGUSR2 asks for a backup (lib/backup.ts), not a shutdown.
  closeWithGrace({ delay: 10_000, skip: ['SIGUSR2'] }, async ({ signal, err }) => {
    if (err) {
      app.log.error({ err }, 'closing after an error');
      // Sent before the app closes its error reports (onClose).
      app.errorReports.capture(err);
    } else app.log.info({ signal }, 'closing');
    await app.close();
    await metricsServer?.close();
    // The spans still buffered are sent.
    await stopTracing();
    await maintenance?.stop();
    await database.close();
    await releaseLock?.();
  });

  await app.listen({ host: config.host, port: config.port });
  // Prometheus's endpoint on its own listener (METRICS_PORT, loopback by default): never on the public port.
  if (config.metrics) metricsServer = await startMetricsServer(app.metrics, config.metrics);
  simulator?.start();
  maintenance?.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${port}`;
  // The address is followed by a space: scripts and tests read it with /listening at (http:\/\/\S+)/.
  startup.info(
    {
      url,
      publicOrigin: config.publicOrigin,
      database: database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)',
      docs: `${url}/docs`,
      node: process.version,
      ...(metricsServer ? { metrics: metricsServer.url } : {}),
    },
    `Client portal listening at ${url} (public origin ${config.publicOrigin})`,
  );
  if (config.demo && !isLoopback(config.host === 'localhost' ? '127.0.0.1' : config.host)) {
    startup.warn(
      { host: config.host },
      `demo mode is listening beyond loopback (HOST=${config.host}). Demo accounts share one known password; ` +
        (config.demoExplicit
          ? 'DEMO=true was set, so the demo outbox (reset and unlock links) and staff login answer every caller.'
          : 'the demo outbox and staff login answer loopback callers only (set DEMO=true to open them to everyone).'),
    );
  }
  if (config.demo) {
    const accounts = [...DEMO_ACCOUNTS, SECOND_STEP_DEMO_ACCOUNT];
    startup.info(
      { demoAccounts: accounts.map((account) => ({ email: account.email, description: account.description })) },
      `Demo accounts (password ${DEMO_PASSWORD}): ${accounts.map((account) => account.email).join(', ')}`,
    );
  }
}

main().catch((error: unknown) => {
  fail(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
});
