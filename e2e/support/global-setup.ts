import type { TestProject } from 'vitest/node';
import { buildWebApp } from './build-web';
import { startServer, useExternalServer, type RunningServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
  }
}

/** One server for the whole run: build the web app, start the real server, hand its URL to every spec file. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let server: RunningServer;
  if (process.env.E2E_BASE_URL) {
    server = await useExternalServer(process.env.E2E_BASE_URL);
  } else {
    await buildWebApp();
    server = await startServer();
  }
  project.provide('baseUrl', server.url);
  return async () => {
    await server.stop();
  };
}
