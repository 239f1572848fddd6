#!/usr/bin/env node
// `npm run cluster -- --instances 3 [--port 8080] [--database-url URL] [--redis-url URL | --no-redis] [--scale N]
//                    [--simulator-ms MS] [--log-level LEVEL] [--built]`
//
// Several portal servers on one PostgreSQL (and Redis) behind HAProxy, on this machine:
//   1. installs haproxy with apt-get when it is missing, builds the web app when apps/web/dist is missing;
//   2. creates the database when missing, migrates it and seeds the demo world ONCE (npm run seed);
//   3. starts N server processes on ports port+1 … port+N (DEMO=true, one JWT secret kept in .data/cluster): the
//      sources through tsx, or with --built the server built first and run as `npm start` runs it;
//   4. writes .data/cluster/haproxy.cfg from deploy/haproxy.cfg and runs haproxy in the foreground;
//   5. prints the URL; Ctrl-C or SIGTERM stops everything.
// Importable: `startCluster({ instances, port, ... })` answers { url, instances: [{ name, port, pid, kill, start }],
// haproxy, stop } so fault tests can SIGKILL one server and start it again.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/portal_cluster';
/** Database 1 of the local Redis: the cluster's counters stay apart from other uses of database 0. */
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379/1';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function findHaproxy() {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy']) {
    if (existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

/** Debian's haproxy; installed with apt-get (through sudo when not root) the first time. */
export function ensureHaproxy(log = console.log) {
  const found = findHaproxy();
  if (found) return found;
  log('[cluster] haproxy is missing: installing it with apt-get');
  const asRoot = process.getuid?.() === 0;
  const run = (args) => spawnSync(asRoot ? args[0] : 'sudo', asRoot ? args.slice(1) : args, { stdio: 'inherit' });
  run(['apt-get', 'update']);
  const install = run(['apt-get', 'install', '-y', '--no-install-recommends', 'haproxy']);
  const installed = findHaproxy();
  if (install.status !== 0 || !installed) throw new Error('Could not install haproxy (apt-get install haproxy); install it and try again.');
  return installed;
}

/** The web app is served by every server from apps/web/dist: built once when missing. */
export function ensureWebBuild(log = console.log) {
  if (existsSync(join(root, 'apps/web/dist/index.html'))) return;
  log('[cluster] building the web app (apps/web/dist is missing)');
  const build = spawnSync('npm', ['run', 'build', '-w', '@portal/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The web build failed.');
}

async function loadPg() {
  return (await import('pg')).default;
}

/** Creates the database of `url` when it does not exist (connecting to the server's `postgres` database). */
export async function ensureDatabase(url) {
  const pg = await loadPg();
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unusual database name ${JSON.stringify(name)}: create it yourself`);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Cannot reach PostgreSQL at ${target.host} (--database-url): ${error.message}`, { cause: error });
  }
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${name}`);
    return !rowCount;
  } finally {
    await client.end();
  }
}

/** True when something answers TCP at the URL's host and port within a second. */
export function reachable(url, defaultPort) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: u.hostname, port: Number(u.port || defaultPort) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The server as `npm start` runs it: built once (apps/server/dist, esbuild, about a second) before the servers start. */
export function buildServer(log = console.log) {
  log('[cluster] building the server (apps/server/dist, as `npm start` runs it)');
  const build = spawnSync(process.execPath, ['apps/server/build.mjs'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`The server build failed:\n${`${build.stdout ?? ''}${build.stderr ?? ''}`.slice(-2000)}`);
}

/** The server's command: the built files as `npm start` runs them (cwd apps/server), or the sources through tsx. */
function serverCommand(built) {
  if (built) return { args: ['--import', './dist/instrument.js', 'dist/main.js'], cwd: join(root, 'apps/server') };
  return { args: tsxArgs('apps/server/src/main.ts'), cwd: root };
}

function tsxArgs(script) {
  // One node process per server (no tsx wrapper process): a SIGKILL to its pid kills the server itself.
  return ['--import', 'tsx', script];
}

function prefixLines(stream, prefix, out) {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${prefix} ${line}\n`));
}

/** Migrates and seeds the demo world once; a complete world already there is left alone. */
export function seedOnce({ databaseUrl, scale = 1, log = console.log }) {
  log(`[cluster] migrating and seeding ${new URL(databaseUrl).pathname.slice(1)} (once; a complete demo world is kept)`);
  const seed = spawnSync(
    process.execPath,
    [...tsxArgs('apps/server/src/demo/seed-cli.ts'), '--database-url', databaseUrl, '--scale', String(scale)],
    { cwd: root, encoding: 'utf8', env: { ...process.env, INIT_CWD: root } },
  );
  const output = `${seed.stdout ?? ''}${seed.stderr ?? ''}`;
  if (seed.status === 0) {
    log(
      output
        .split('\n')
        .filter((l) => l.startsWith('[seed]') || l.startsWith('Seeded'))
        .join('\n'),
    );
    return true;
  }
  if (/already there/.test(output)) return false;
  throw new Error(`Seeding failed:\n${output.slice(-2000)}`);
}

async function waitForPing(url, timeoutMs, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) return false;
    try {
      const res = await fetch(`${url}/api/ping`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return true;
    } catch {
      // not yet
    }
    await sleep(200);
  }
  return false;
}

function clusterSecret(dir) {
  if (process.env.JWT_SECRET && process.env.JWT_SECRET.length >= 32) return process.env.JWT_SECRET;
  const file = join(dir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** deploy/haproxy.cfg with the listening address and one `server` line per instance. */
export function haproxyConfig({ bind, ports }) {
  const template = readFileSync(join(root, 'deploy/haproxy.cfg'), 'utf8');
  const servers = ports.map((p, i) => `    server s${i + 1} 127.0.0.1:${p} check`).join('\n');
  return template.replace(/^([ \t]*bind[ \t]+)__BIND__[ \t]*$/m, `$1${bind}`).replace(/^__SERVERS__[ \t]*$/m, servers);
}

/**
 * Starts the whole cluster and resolves once the proxy answers. Options:
 * instances (3), port (8080; servers on port+1…), databaseUrl, redisUrl (null = without Redis), scale (1),
 * simulatorMs (server default; 0 = off), logLevel ('warn'), dataDir (.data/cluster), env (extra variables for the servers),
 * metricsPort (each server's Prometheus endpoint on 127.0.0.1 at metricsPort + its index; off when unset),
 * buildWeb (true: build apps/web/dist when missing), seed (true: migrate and seed once before the servers start),
 * built (false: run the sources through tsx; true: run apps/server/dist as `npm start` does, built first unless
 * buildServer is false),
 * output (a writable for the servers' and proxy's lines; process.stdout), log (the cluster's own lines).
 */
export async function startCluster(options = {}) {
  const instances = options.instances ?? 3;
  const port = options.port ?? 8080;
  const databaseUrl = options.databaseUrl ?? DEFAULT_DATABASE_URL;
  const log = options.log ?? ((line) => process.stdout.write(`${line}\n`));
  const output = options.output ?? process.stdout;
  const dataDir = options.dataDir ?? join(root, '.data', 'cluster');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });

  const haproxyBin = ensureHaproxy(log);
  if (options.buildWeb !== false) ensureWebBuild(log);
  let redisUrl = options.redisUrl === undefined ? DEFAULT_REDIS_URL : options.redisUrl;
  if (redisUrl && !(await reachable(redisUrl, 6379))) {
    if (options.redisUrl) throw new Error(`Cannot reach Redis at ${redisUrl} (--redis-url)`);
    log(`[cluster] no Redis at ${redisUrl}: counters in PostgreSQL, messages by LISTEN/NOTIFY`);
    redisUrl = null;
  }
  if (await ensureDatabase(databaseUrl)) log(`[cluster] created database ${new URL(databaseUrl).pathname.slice(1)}`);
  if (options.seed !== false) seedOnce({ databaseUrl, scale: options.scale ?? 1, log });
  if (options.built && options.buildServer !== false) buildServer(log);
  const command = serverCommand(Boolean(options.built));

  const publicOrigin = `http://localhost:${port}`;
  const secret = clusterSecret(dataDir);
  const children = new Set();
  let stopping = false;

  const members = Array.from({ length: instances }, (_, i) => {
    const name = `s${i + 1}`;
    const member = {
      name,
      port: port + i + 1,
      url: `http://127.0.0.1:${port + i + 1}`,
      metricsUrl: options.metricsPort !== undefined ? `http://127.0.0.1:${options.metricsPort + i}/metrics` : undefined,
      child: undefined,
      get pid() {
        return this.child?.pid;
      },
      get alive() {
        return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
      },
      /** Starts (or starts again) this server; resolves when it answers /api/ping. */
      async start() {
        if (this.alive) return;
        const env = {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(this.port),
          DATABASE_URL: databaseUrl,
          REDIS_URL: redisUrl ?? '',
          DEMO: 'true',
          JWT_SECRET: secret,
          PUBLIC_ORIGIN: publicOrigin,
          TRUSTED_PROXIES: '127.0.0.1',
          // Each server its own directory (its lock file); the data is in PostgreSQL.
          DATA_DIR: join(dataDir, name),
          LOG_LEVEL: options.logLevel ?? 'warn',
          INIT_CWD: root,
          ...(options.simulatorMs !== undefined ? { SIMULATOR_INTERVAL_MS: String(options.simulatorMs) } : {}),
          ...(options.metricsPort !== undefined ? { METRICS_PORT: String(options.metricsPort + i), METRICS_HOST: '127.0.0.1' } : {}),
          ...options.env,
        };
        // Its own process group: a Ctrl-C at the terminal reaches this script only, which stops the servers once.
        const child = spawn(process.execPath, command.args, {
          cwd: command.cwd,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        });
        this.child = child;
        children.add(child);
        child.once('exit', () => children.delete(child));
        prefixLines(child.stdout, `[${name}]`, output);
        prefixLines(child.stderr, `[${name}]`, output);
        if (!(await waitForPing(this.url, 90_000, () => this.alive))) {
          throw new Error(`Server ${name} (port ${this.port}) did not start`);
        }
      },
      /** Sends a signal (SIGKILL for fault tests) and resolves when the process has gone. */
      async kill(signal = 'SIGTERM') {
        const child = this.child;
        if (!child || !this.alive) return;
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill(signal);
        await gone;
      },
    };
    return member;
  });

  const cfgFile = join(dataDir, 'haproxy.cfg');
  let haproxy;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const all = [...children];
    await Promise.all(
      all.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  };

  try {
    log(`[cluster] starting ${instances} servers on ports ${members.map((m) => m.port).join(', ')}`);
    // One at a time: each start migrates (a no-op once done) and checks the demo world.
    for (const member of members) await member.start();
    writeFileSync(cfgFile, haproxyConfig({ bind: `127.0.0.1:${port}`, ports: members.map((m) => m.port) }));
    const check = spawnSync(haproxyBin, ['-c', '-q', '-f', cfgFile], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`haproxy rejects ${cfgFile}:\n${check.stderr}${check.stdout}`);
    haproxy = spawn(haproxyBin, ['-db', '-f', cfgFile], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    children.add(haproxy);
    haproxy.once('exit', () => children.delete(haproxy));
    prefixLines(haproxy.stdout, '[haproxy]', output);
    prefixLines(haproxy.stderr, '[haproxy]', output);
    if (!(await waitForPing(`http://127.0.0.1:${port}`, 15_000, () => haproxy.exitCode === null))) {
      const exited = haproxy.exitCode ?? haproxy.signalCode;
      throw new Error(
        exited === null
          ? `haproxy did not answer on port ${port} within 15 s`
          : `haproxy exited (${exited}) before it answered on port ${port}: see its [haproxy] lines (a port taken since it was found free?)`,
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: publicOrigin,
    port,
    databaseUrl,
    redisUrl,
    jwtSecret: secret,
    haproxyConfig: cfgFile,
    instances: members,
    haproxy,
    stop,
  };
}

function parseCli() {
  const { values } = parseArgs({
    options: {
      instances: { type: 'string', default: '3' },
      port: { type: 'string', default: '8080' },
      'database-url': { type: 'string' },
      'redis-url': { type: 'string' },
      'no-redis': { type: 'boolean' },
      scale: { type: 'string', default: '1' },
      'simulator-ms': { type: 'string' },
      'log-level': { type: 'string' },
      built: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(
      'usage: npm run cluster -- [--instances 3] [--port 8080] [--database-url URL] [--redis-url URL | --no-redis] [--scale N] [--simulator-ms MS] [--log-level warn] [--built]',
    );
    process.exit(0);
  }
  const instances = Number(values.instances);
  const port = Number(values.port);
  if (!Number.isInteger(instances) || instances < 1 || instances > 32) throw new Error('--instances must be 1 to 32');
  if (!Number.isInteger(port) || port < 1 || port + instances > 65535) throw new Error('--port must be a port number');
  return {
    instances,
    port,
    databaseUrl: values['database-url'] ?? process.env.DATABASE_URL ?? undefined,
    redisUrl: values['no-redis'] ? null : (values['redis-url'] ?? process.env.REDIS_URL ?? undefined),
    scale: Number(values.scale),
    simulatorMs: values['simulator-ms'] === undefined ? undefined : Number(values['simulator-ms']),
    logLevel: values['log-level'],
    built: values.built,
  };
}

async function main() {
  let options;
  try {
    options = parseCli();
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  let cluster;
  let stopping = false;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    console.log('\n[cluster] stopping');
    await cluster?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGHUP', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  try {
    cluster = await startCluster(options);
  } catch (error) {
    console.error(`[cluster] ${error.message}`);
    process.exit(1);
  }
  cluster.haproxy.once('exit', (code) => {
    if (!stopping) {
      console.error(`[cluster] haproxy exited (${code}): stopping`);
      void shutdown(1);
    }
  });
  console.log(
    [
      '',
      `  Client portal cluster at ${cluster.url}  (HAProxy, round robin over ${cluster.instances.length} servers)`,
      ...cluster.instances.map((m) => `    ${m.name}  ${m.url}  pid ${m.pid}`),
      `  PostgreSQL: ${new URL(cluster.databaseUrl).host}${new URL(cluster.databaseUrl).pathname}`,
      `  Redis:      ${cluster.redisUrl ?? 'none (PostgreSQL counters and LISTEN/NOTIFY)'}`,
      '  Demo accounts as listed by `npm start` (README). Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
