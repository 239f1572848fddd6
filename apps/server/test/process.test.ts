import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';

/**
 * The server as an operator meets it: real processes on a real data directory. Slow (a first start seeds the
 * demo world), so the steps share a directory where they can.
 */

interface Started {
  child: ChildProcess;
  url: string;
  stdout: () => string;
}

const children = new Set<ChildProcess>();

/** The server (or another of its commands: `script` and its arguments) as a child process. */
function run(env: Record<string, string>, script: string[] = ['apps/server/src/main.ts']) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...script], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '0',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => (children.delete(child), resolve(code))));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

async function waitFor(predicate: () => boolean, timeoutMs: number, what: string, exited?: Promise<unknown>) {
  let done = false;
  void exited?.then(() => (done = true));
  const start = Date.now();
  while (!predicate()) {
    if (done) throw new Error(`process exited while waiting for ${what}`);
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function start(dataDir: string, timeoutMs = 150_000): Promise<Started & { exited: Promise<number | null> }> {
  const p = run({ DATA_DIR: dataDir });
  const pattern = /listening at (http:\/\/[^\s]+)/;
  try {
    await waitFor(() => pattern.test(p.stdout()), timeoutMs, 'the listening line', p.exited);
  } catch (error) {
    throw new Error(`${(error as Error).message}\nstdout: ${p.stdout()}\nstderr: ${p.stderr()}`, { cause: error });
  }
  const url = pattern.exec(p.stdout())![1]!;
  // On a busy machine the first load sample after a heavy start can say "under pressure" (503 with Retry-After,
  // for a second): wait for that to pass, as a load balancer's health check would, before asking anything else.
  for (const until = Date.now() + 15_000; Date.now() < until;) {
    const status = await fetch(`${url}/api/ping`).then(
      (response) => response.status,
      () => 0,
    );
    if (status !== 503) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { ...p, url };
}

const dirs: string[] = [];
function freshDir() {
  const dir = mkdtempSync(join(tmpdir(), 'portal-process-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the server process', () => {
  // One seeding serves both first-start promises (an empty directory is seeded; a seeding killed part-way is done
  // again on the next start): the world is seeded once instead of twice.
  it('seeds an empty directory (again after a seeding killed part-way), refuses a second server, keeps data across restarts, survives a kill', async () => {
    const dataDir = freshDir();
    const killed = run({ DATA_DIR: dataDir });
    // The demo seed's progress records (JSON lines marked demo).
    await waitFor(() => /"demo":true/.test(killed.stdout()), 60_000, 'seeding to begin', killed.exited);
    await new Promise((r) => setTimeout(r, 1500));
    killed.child.kill('SIGKILL');
    await killed.exited;

    const first = await start(dataDir);
    expect(first.stdout()).toMatch(/world ready/);
    expect(first.stdout()).toContain('group.admin@demo.test');
    const ping = await fetch(`${first.url}/api/ping`);
    expect(ping.status).toBe(200);
    expect((await fetch(`${first.url}/api/ready`)).status).toBe(200);

    // A second server on the same directory would silently lose writes: it must refuse.
    const second = run({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.stderr().trim().split('\n')).toHaveLength(1);
    expect(second.stderr()).toMatch(/in use by another process/);

    // Graceful stop, then a restart that finds its world (no second seeding).
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const restarted = await start(dataDir, 30_000);
    expect(restarted.stdout()).not.toMatch(/world ready/);
    expect((await fetch(`${restarted.url}/api/ready`)).status).toBe(200);

    // A killed server leaves a stale lock: the next start takes over once it is stale.
    restarted.child.kill('SIGKILL');
    await restarted.exited;
    const afterKill = await start(dataDir, 40_000);
    expect((await fetch(`${afterKill.url}/api/ping`)).status).toBe(200);
    afterKill.child.kill('SIGTERM');
    expect(await afterKill.exited).toBe(0);
  }, 300_000);

  it('serves the world `npm run seed -- --data-dir DIR` seeded, without seeding one of its own', async () => {
    // The seed once wrote a database in DIR itself while the server reads DIR/pglite: the server then seeded its own
    // world on first start and every later `--reset` (the bench's) went to a database no server read.
    const dataDir = freshDir();
    const seed = run({}, ['apps/server/src/demo/seed-cli.ts', '--data-dir', dataDir, '--scale', '1']);
    expect(await seed.exited, seed.stdout() + seed.stderr()).toBe(0);

    const server = await start(dataDir, 60_000);
    expect(server.stdout()).not.toMatch(/world ready/);
    expect(seed.stdout()).toContain(join(dataDir, 'pglite'));
    const login = await fetch(`${server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-version': '1' },
      body: JSON.stringify({ email: 'group.admin@demo.test', password: 'Portal#2026demo' }),
    });
    expect(login.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 300_000);

  it('stops with one line naming a bad variable', async () => {
    const p = run({ DATA_DIR: freshDir(), PORT: 'abc' });
    expect(await p.exited).toBe(1);
    expect(p.stderr().trim().split('\n')).toHaveLength(1);
    expect(p.stderr()).toContain('PORT');
  }, 30_000);

  it('stops with one line when the database cannot be reached', async () => {
    const p = run({ DATA_DIR: freshDir(), DATABASE_URL: 'postgres://postgres@127.0.0.1:1/portal', JWT_SECRET: 'x'.repeat(40) });
    expect(await p.exited).toBe(1);
    expect(p.stderr().trim().split('\n')).toHaveLength(1);
    expect(p.stderr()).toMatch(/Cannot reach the database at 127\.0\.0\.1:1\/portal \(DATABASE_URL\)/);
  }, 30_000);
});
