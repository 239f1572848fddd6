import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import server from './apps/server/vitest.config';
import { REST_FILES, testPart } from './scripts/test-parts.mjs';
import web from './apps/web/vitest.config';

/**
 * Test files share their worker's modules with the files before them (isolate: false): importing the app, or React,
 * MUI and jsdom's setup, for every file cost about a third of the suite's CPU. A file that replaces a module or a
 * global, or fakes the clock, needs a module graph of its own: it runs in the `-isolated` twin of its project. So does a
 * file that starts tracing (OpenTelemetry's instrumentations patch modules as they load: node:http imported by an
 * earlier file of the worker is never patched). The rule is read from the files themselves, so a new file that mocks
 * is isolated without anyone listing it.
 */
const NEEDS_ISOLATION = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(|\bstartTracing\(/;

function filesNeedingIsolation(projectDir: string, dirs: string[]): string[] {
  const root = fileURLToPath(new URL(projectDir, import.meta.url));
  return dirs
    .flatMap((dir) => readdirSync(join(root, dir), { withFileTypes: true, recursive: true }))
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => NEEDS_ISOLATION.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file));
}

const isolatedServer = filesNeedingIsolation('./apps/server/', ['src', 'test']);
const isolatedWeb = filesNeedingIsolation('./apps/web/', ['src']);

/** `npm test`'s quick part leaves these server files to the rest (scripts/test-parts.mjs). */
const leftToRest = testPart() === 'quick' ? REST_FILES.map((file) => relative('apps/server', file)) : [];

/**
 * The longest files (a minute or more of mostly CPU: fuzzing every route, seeding worlds, fault proofs) start first,
 * whatever their project: started last, one of them alone on a core is the run's tail. Vitest orders by the last
 * run's durations when it has them, but a fresh checkout (CI) has none, and it keeps each project's files together.
 */
const LONGEST_FIRST = [
  'test/contract-fuzz.test.ts',
  'test/process.test.ts',
  'test/fault-proofs.test.ts',
  'test/authorization-matrix.test.ts',
  'src/modules/identity/attempt-counters.test.ts',
  'test/redis-outage.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(`/apps/server/${file}`));
    const first = sorted.filter((spec) => rank(spec) >= 0).sort((a, b) => rank(a) - rank(b));
    return [...first, ...sorted.filter((spec) => rank(spec) < 0)];
  }
}

// Unit and integration tests of every workspace; the browser tests (e2e/) have their own config.
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      {
        plugins: web.plugins,
        root: './apps/web',
        test: { ...web.test, name: 'web', isolate: false, exclude: [...configDefaults.exclude, ...isolatedWeb] },
      },
      { plugins: web.plugins, root: './apps/web', test: { ...web.test, name: 'web-isolated', include: isolatedWeb } },
      {
        root: './apps/server',
        test: {
          ...server.test,
          name: 'server',
          isolate: false,
          exclude: [...configDefaults.exclude, ...isolatedServer, ...leftToRest],
        },
      },
      {
        root: './apps/server',
        test: { ...server.test, name: 'server-isolated', include: isolatedServer.filter((file) => !leftToRest.includes(file)) },
      },
    ],
    // One test file per core. Vitest's default leaves a core for itself (one worker on this 2-core machine), but
    // the server's integration files mostly wait on their embedded database or on servers they start: two at once
    // took the unit and integration run from 650 s to 438 s here, every test passing.
    maxWorkers: '100%',
    sequence: { sequencer: LongestFirst },
  },
});
