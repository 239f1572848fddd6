import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './chromium';
import { buildWebApp } from './build-web';
import { startServer, useExternalServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server that is already running (E2E_BASE_URL): every spec file uses it, one file at a time. */
    externalUrl: string | undefined;
    /** The data directory of a freshly seeded demo world, which each spec file copies for a server of its own. */
    templateDir: string | undefined;
    /** The run's Chromium (support/browser.ts): spec files connect to it. */
    browserEndpoint: string | undefined;
  }
}

/**
 * Builds the web app and the server, then seeds the demo world once into a template data directory (a server is
 * started on it and stopped again). Each spec file runs against its own server on a copy of that template
 * (support/world.ts), so files share no account and no data and run side by side.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const browser = await launchBrowserServer();
  project.provide('browserEndpoint', browser.wsEndpoint());
  if (process.env.E2E_BASE_URL) {
    const server = await useExternalServer(process.env.E2E_BASE_URL);
    project.provide('externalUrl', server.url);
    project.provide('templateDir', undefined);
    return async () => {
      await browser.close();
    };
  }
  await buildWebApp();
  const started = Date.now();
  const seeding = await startServer();
  await seeding.stop({ keepData: true });
  console.log(`[e2e] demo world seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: each spec file runs on a copy`);
  project.provide('externalUrl', undefined);
  project.provide('templateDir', seeding.dataDir);
  return async () => {
    await browser.close();
    if (process.env.E2E_KEEP_DATA !== '1' && seeding.dataDir) rmSync(seeding.dataDir, { recursive: true, force: true });
  };
}
