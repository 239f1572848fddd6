import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace; the browser tests (e2e/) have their own config.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    // One test file per core. Vitest's default leaves a core for itself (one worker on this 2-core machine), but
    // the server's integration files mostly wait on their embedded database or on servers they start: two at once
    // took the unit and integration run from 650 s to 438 s here, every test passing.
    maxWorkers: '100%',
  },
});
