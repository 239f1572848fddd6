import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace; the browser tests (e2e/) have their own config.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
  },
});
