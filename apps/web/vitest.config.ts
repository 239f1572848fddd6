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
  },
});
