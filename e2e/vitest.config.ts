import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/*
 * Browser tests: their own config, not one of the root projects. One real server for the whole run (see
 * support/global-setup.ts); spec files run one after another, since each drives a Chromium and the machine
 * has two cores.
 */
// scripts/test.mjs asks for a JSON report here to count the tests (`npm run test:e2e` passes no reporter flags on).
const jsonReport = process.env.E2E_JSON_REPORT;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['tests/**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    // beforeAll launches Chromium; the global setup (build + first start with seeding) has its own limits.
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    ...(jsonReport ? { reporters: ['default', 'json'], outputFile: { json: jsonReport } } : {}),
  },
});
