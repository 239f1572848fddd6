import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Runs alone (`npm test -w @portal/web`) or as the `web` project of the root config (`--project web`).
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // A test that waits for a state (findBy*, up to 10 s, src/test-setup.ts) must not be cut short by the test's own limit.
    testTimeout: 30_000,
  },
});
