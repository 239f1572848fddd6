import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import server from './apps/server/vitest.config';
import web from './apps/web/vitest.config';

/**
 * Test files share their worker's modules with the files before them (isolate: false): importing the app, or React,
 * MUI and jsdom's setup, for every file cost about a third of the suite's CPU. A file that replaces a module or a
 * global, or fakes the clock, needs a module graph of its own: it runs in the `-isolated` twin of its project. The
 * rule is read from the files themselves, so a new file that mocks is isolated without anyone listing it.
 */
const NEEDS_ISOLATION = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;

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
        test: { ...server.test, name: 'server', isolate: false, exclude: [...configDefaults.exclude, ...isolatedServer] },
      },
      { root: './apps/server', test: { ...server.test, name: 'server-isolated', include: isolatedServer } },
    ],
    // One test file per core. Vitest's default leaves a core for itself (one worker on this 2-core machine), but
    // the server's integration files mostly wait on their embedded database or on servers they start: two at once
    // took the unit and integration run from 650 s to 438 s here, every test passing.
    maxWorkers: '100%',
  },
});
