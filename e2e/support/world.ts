import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { startServer, type RunningServer } from './server';
import { isRest, isRestJourney, namesAWidth } from './widths';

/**
 * A world of its own for every spec file (a setup file of the e2e config: these hooks wrap each file): the seeded
 * demo world copied from the template the global setup made, and the real server started on the copy. A journey may
 * change any account or row it likes (a password, a lock-out, a booking, a timesheet): no other file sees it, so files
 * run in parallel and in any order. With E2E_BASE_URL every file uses that one server instead.
 */
let server: RunningServer | undefined;

/**
 * The demo's provider simulator (it fills, starts and completes bookings on a timer) is off in a journey's world, so
 * what a journey compares between the API and a page does not move under it. The journeys about the provider's
 * moves ask for it, ticking every `simulatorSeconds`.
 */
let simulatorSeconds = 0;
/** The name the server is reached and known by (PUBLIC_ORIGIN): 127.0.0.1 unless a file asks for `localhost`. */
let hostName: string | undefined;
/** More of the server's environment (e.g. VAPID keys for browser notifications). */
let serverEnv: Record<string, string> = {};

/** Called at the top of a spec file (before its hooks run): the world it needs. */
export function useWorld(options: { simulatorSeconds?: number; hostName?: 'localhost'; env?: Record<string, string> }): void {
  simulatorSeconds = options.simulatorSeconds ?? 0;
  hostName = options.hostName;
  serverEnv = options.env ?? {};
}

/** Origin of this spec file's server, e.g. http://127.0.0.1:41234. */
export function baseUrl(): string {
  const external = inject('externalUrl');
  if (external) return external;
  if (!server) throw new Error('[e2e] the spec file has no server yet (use baseUrl() inside hooks and tests)');
  return server.url;
}

/** The file's server output, for failure messages. */
export function serverOutput(): string {
  return server?.output() ?? '';
}

/** Copies the template world, leaving out the lock and pid of the server that seeded it. */
function copyWorld(template: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-world-'));
  cpSync(template, dir, { recursive: true, filter: (path) => !['server.lock', 'owner.pid'].includes(basename(path)) });
  return dir;
}

beforeAll(async () => {
  const template = inject('templateDir');
  if (inject('externalUrl') || !template) return;
  server = await startServer({
    dataDir: copyWorld(template),
    env: { ...serverEnv, SIMULATOR_INTERVAL_MS: String(simulatorSeconds * 1000) },
    ...(hostName ? { hostName } : {}),
  });
}, 120_000);

// The rest of the suite runs a quick part's file for its journeys at their second width; its other tests ran in the
// quick part. A file of the rest's own (REST_JOURNEYS) runs whole.
if (isRest()) {
  beforeEach((context) => {
    if (!isRestJourney(context.task.file.name) && !namesAWidth(context.task.name)) context.skip();
  });
}

afterAll(async () => {
  await server?.stop();
  server = undefined;
}, 30_000);
