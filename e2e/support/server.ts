import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot } from './paths';

/**
 * The production entry point, started exactly as `npm start` would (minus the build, done beforehand): the compiled
 * server in apps/server/dist. With E2E_SKIP_BUILD=1 (a developer re-running one spec) nothing was built, so the
 * sources run through tsx and the test always sees the current code.
 */
const SERVER_ENTRY =
  process.env.E2E_SERVER_ENTRY ?? (process.env.E2E_SKIP_BUILD === '1' ? 'apps/server/src/main.ts' : 'apps/server/dist/main.js');
const SERVER_ARGS = SERVER_ENTRY.endsWith('.ts') ? ['--import', 'tsx', SERVER_ENTRY] : [SERVER_ENTRY];
const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 15_000;
const KEPT_OUTPUT_LINES = 300;

export interface RunningServer {
  url: string;
  dataDir: string | undefined;
  /** The server's recent output, for failure messages. */
  output(): string;
  /** Stops it (SIGTERM, then SIGKILL after a grace period) and removes its data directory unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function pingOnce(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/ping`, { signal: AbortSignal.timeout(2_000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Starts the real server on a free port and resolves once GET /api/ping answers 200. Its data directory is `dataDir`
 * (a copy of the seeded template, see world.ts) or a fresh one, seeded with the demo world on first start; `stop()`
 * removes it unless asked to keep it.
 */
export async function startServer(
  options: { dataDir?: string; env?: Record<string, string>; hostName?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  // `localhost` where the browser needs a domain name (a passkey's relying party cannot be an IP address).
  const url = `http://${options.hostName ?? '127.0.0.1'}:${port}`;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const lines: string[] = [];
  const keep = (prefix: string) => (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line.trim() === '') continue;
      lines.push(`${prefix}${line}`);
      if (process.env.E2E_SERVER_LOGS === '1') console.log(`[server] ${line}`);
    }
    if (lines.length > KEPT_OUTPUT_LINES) lines.splice(0, lines.length - KEPT_OUTPUT_LINES);
  };
  const output = () => lines.join('\n');

  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'true',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      PUBLIC_ORIGIN: url,
      // Several servers and browsers share two cores here, and PGlite works on the server's own event loop: a stall of
      // two seconds is the machine, not the product, and must not turn a journey's requests into 'under load' 503s.
      // The guard is proven by its own test (apps/server/test/under-pressure.test.ts).
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // Likewise, the journeys that check a drawn first page must not get the page as built from a slow moment.
      FIRST_PAGE_BUDGET_MS: '10000',
      ...options.env,
    },
  });
  child.stdout?.on('data', keep(''));
  child.stderr?.on('data', keep('stderr| '));

  // If the test run dies without tearing down, do not leave a server holding the data directory.
  const killOnExit = () => {
    if (!exited(child)) child.kill('SIGKILL');
  };
  process.on('exit', killOnExit);

  const cleanup = (keep = false) => {
    process.off('exit', killOnExit);
    if (keep) return;
    if (process.env.E2E_KEEP_DATA === '1') console.log(`[e2e] data directory kept: ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  };

  const stop = async ({ keepData = false }: { keepData?: boolean } = {}) => {
    if (!exited(child)) {
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const stopped = await Promise.race([done.then(() => true), sleep(STOP_GRACE_MS).then(() => false)]);
      if (!stopped) {
        console.warn(`[e2e] server did not stop within ${STOP_GRACE_MS / 1000} s of SIGTERM: killing it`);
        child.kill('SIGKILL');
        await done;
      }
    }
    cleanup(keepData);
  };

  const started = Date.now();
  while (!(await pingOnce(url))) {
    if (exited(child)) {
      cleanup();
      throw new Error(
        `[e2e] the server exited (code ${child.exitCode ?? child.signalCode}) before answering /api/ping.\n` +
          `Command: node --import tsx ${SERVER_ENTRY} (PORT=${port} DATA_DIR=${dataDir} DEMO=true)\n` +
          `Its output:\n${output() || '(none)'}`,
      );
    }
    if (Date.now() - started > READY_TIMEOUT_MS) {
      await stop();
      throw new Error(
        `[e2e] the server did not answer GET ${url}/api/ping with 200 within ${READY_TIMEOUT_MS / 1000} s.\n` +
          `Its output:\n${output() || '(none)'}`,
      );
    }
    await sleep(50);
  }
  if (process.env.E2E_SERVER_LOGS === '1') {
    console.log(`[e2e] server ready at ${url} in ${((Date.now() - started) / 1000).toFixed(1)} s (data in ${dataDir})`);
  }
  return { url, dataDir, output, stop };
}

/** E2E_BASE_URL points the tests at a server that is already running (e.g. `npm start` or `npm run dev`). */
export async function useExternalServer(url: string): Promise<RunningServer> {
  const base = url.replace(/\/$/, '');
  if (!(await pingOnce(base))) throw new Error(`[e2e] E2E_BASE_URL=${url} does not answer GET /api/ping with 200`);
  console.log(`[e2e] using the running server at ${base}`);
  return { url: base, dataDir: undefined, output: () => '', stop: async () => {} };
}
