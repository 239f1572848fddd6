/**
 * Preloaded before the server (`node --import ./dist/instrument.js dist/main.js`, as `npm start` and the dev scripts
 * run it): starts OpenTelemetry when the environment asks for traces (config.ts, tracingConfig), so that its
 * instrumentations are in place before `http`, `pg` and Fastify are first loaded. With traces off it loads nothing.
 */
import { ConfigError, tracingConfig } from './config';
import { RELEASE } from './lib/release';
import { fatalLine } from './observability/logger';
import { startTracing } from './observability/tracing';

try {
  const tracing = tracingConfig();
  if (tracing.enabled) startTracing({ ...tracing, release: RELEASE });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // The same JSON line main.ts writes for a configuration error.
  fatalLine(error.message);
  process.exit(1);
}
