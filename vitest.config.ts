import { configDefaults, defineConfig } from 'vitest/config';
import server from './apps/server/vitest.config';

/**
 * The server's test files that need a module graph of their own (they replace a module with vi.mock, or fake the
 * clock): run isolated. Every other server file shares its worker's modules with the files before it (isolate:
 * false): importing the app for each of some ninety files cost about a third of the server suite's CPU. A file that
 * mocks a module, stubs a global or changes module-level state belongs in this list.
 */
const ISOLATED_SERVER_FILES = [
  'src/modules/identity/access-tokens.test.ts',
  'src/modules/identity/auth-links.test.ts',
  'src/modules/identity/brute-force.test.ts',
  'test/contract-fuzz.test.ts',
];

// Unit and integration tests of every workspace; the browser tests (e2e/) have their own config.
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/web',
      {
        root: './apps/server',
        test: { ...server.test, name: 'server', isolate: false, exclude: [...configDefaults.exclude, ...ISOLATED_SERVER_FILES] },
      },
      { root: './apps/server', test: { ...server.test, name: 'server-isolated', include: ISOLATED_SERVER_FILES } },
    ],
    // One test file per core. Vitest's default leaves a core for itself (one worker on this 2-core machine), but
    // the server's integration files mostly wait on their embedded database or on servers they start: two at once
    // took the unit and integration run from 650 s to 438 s here, every test passing.
    maxWorkers: '100%',
  },
});
