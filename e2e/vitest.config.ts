import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { REST_JOURNEYS, testPart } from '../scripts/test-parts.mjs';

/*
 * Browser tests: their own config, not one of the root projects. The global setup builds the apps and seeds one
 * demo world; every spec file then gets a server of its own on a copy of it (support/world.ts), so files run side by
 * side: E2E_WORKERS at once (default 2: one Chromium, one server and one test runner each on this 2-core machine).
 * Against a running server (E2E_BASE_URL) the files share it and run one at a time.
 */
// scripts/test.mjs asks for a JSON report here to count the tests (`npm run test:e2e` passes no reporter flags on).
const jsonReport = process.env.E2E_JSON_REPORT;
const shared = Boolean(process.env.E2E_BASE_URL);
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The parts of the suite (scripts/test-parts.mjs): the quick part runs every file but REST_JOURNEYS; the rest runs
 * REST_JOURNEYS and the other files with journeys written for both widths (support/widths.ts), for those at the width
 * the quick part left out.
 */
function filesWithTwoWidths(): string[] {
  return readdirSync(join(root, 'tests'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.spec.ts'))
    .filter((file) => /\bjourneyWidths\(/.test(readFileSync(join(root, 'tests', file), 'utf8')))
    .map((file) => `tests/${file}`);
}
const part = testPart();
const include = part === 'rest' ? [...new Set([...REST_JOURNEYS, ...filesWithTwoWidths()])].sort() : ['tests/**/*.spec.ts'];
const exclude = part === 'quick' ? [...REST_JOURNEYS] : [];

export default defineConfig({
  root,
  test: {
    name: 'e2e',
    include,
    exclude,
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['./support/world.ts'],
    fileParallelism: !shared,
    maxWorkers: shared ? 1 : workers,
    testTimeout: 60_000,
    // A condition polled for (rows on the screen, a written row) may take seconds on a slow machine: vitest's default
    // gives it one. Every `expect.poll` waits up to 20 s here; a timing is never asserted.
    expect: { poll: { timeout: 20_000 } },
    // beforeAll launches Chromium; the global setup (build + first start with seeding) has its own limits.
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    ...(jsonReport ? { reporters: ['default', 'json'], outputFile: { json: jsonReport } } : {}),
  },
});
