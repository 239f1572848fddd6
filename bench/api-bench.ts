/**
 * API benchmark: starts the real server on PostgreSQL (and on PGlite when asked) with a demo world of
 * `--scale N`, loads each route with autocannon side by side with a bare Fastify route returning the same bytes,
 * and prints req/s, p50 and p99 and the ratio to that ceiling. Figures only; nothing here passes or fails.
 *
 *   npm run bench -- [--scale 1] [--engine postgres|pglite|both] [--database-url URL]
 *                    [--duration 10] [--connections 50] [--rate 1000] [--only REGEX] [--warmup 2]
 *                    [--answer-cache-mb 32] [--mode repeated|varied|both] [--seed 1]
 *
 * Each route is loaded for `--warmup` seconds first (not counted), so the JIT and the connection pool are warm.
 * `--only` loads only the routes whose name matches the regular expression (e.g. `--only 'bookings \\(|POST'`).
 * `--answer-cache-mb 0` starts the server keeping no versioned answer (docs/decisions/009): the bookings lists are
 * then computed for every request, as they are for a page asked for the first time since a write.
 *
 * `--mode` (default `both`): `repeated` loads each route's one URL again and again (answered from the versioned-answer
 * cache once computed); `varied` draws every request's parameters at random from what the account may see
 * (varied-reads.ts: bookings list pages, sorts, client selections and date ranges, a client's bookings, group overview
 * dates, invoices pages and filters), each kind alone and then mixed, against `/api/ping` measured in the same run and
 * against a bare route sending a sample of the kind's own answers (the ceiling for answers of that size).
 *
 * PostgreSQL is reached over loopback TCP (127.0.0.1:5432); `--pg-transport socket` uses its Unix socket in
 * `/var/run/postgresql` instead. Measured on a quiet machine, the socket was no faster (bench/RESULTS.md).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from './autocannon';
import pg from 'pg';
import { pacedLoadApart } from './paced-load';
import { BENCH_ROUTES, FIXED_RATE_ROUTE, type BenchRoute } from './routes';
import { benchTimesheetSubmit } from './timesheet-bench';
import { BENCH_KEY_PREFIX, benchCreateBooking } from './create-booking-bench';
import { benchVariedReads, type VariedScope } from './varied-reads';
import { firstTouchText } from './machine';
import { benchArgs } from './cli';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDist = join(root, 'apps/web/dist');
const values = benchArgs(import.meta.url, {
  scale: { type: 'string', default: '1' },
  engine: { type: 'string', default: 'postgres' },
  'database-url': { type: 'string' },
  /** How to reach the local PostgreSQL without `--database-url`: `tcp` (127.0.0.1:5432) or `socket`. */
  'pg-transport': { type: 'string', default: 'tcp' },
  duration: { type: 'string', default: '10' },
  connections: { type: 'string', default: '50' },
  rate: { type: 'string', default: '1000' },
  warmup: { type: 'string', default: '2' },
  account: { type: 'string', default: 'group.admin@demo.test' },
  only: { type: 'string' },
  'answer-cache-mb': { type: 'string' },
  /** `repeated` (the same URL per route), `varied` (parameters drawn per request, varied-reads.ts) or `both`. */
  mode: { type: 'string', default: 'both' },
  /** The varied reads' seed: the same seed draws the same URLs. */
  seed: { type: 'string', default: '1' },
  /** Writes a V8 CPU profile of each server started into this folder (`--cpu-prof`), written as the server stops. */
  'server-cpu-prof': { type: 'string' },
});
const mode = values.mode!;
if (!['repeated', 'varied', 'both'].includes(mode)) throw new Error(`--mode is repeated, varied or both, not ${mode}`);
const seed = Number(values.seed);
const only = values.only === undefined ? undefined : new RegExp(values.only);
/** A measurement runs when the mode includes it and --only (if given) matches its name. */
const wanted = (name: string) =>
  (mode === 'both' || (mode === 'varied') === name.startsWith('varied: ')) && (only === undefined || only.test(name));
const scale = Number(values.scale);
const duration = Number(values.duration);
const connections = Number(values.connections);
/** The list whose load must not stall the rest of the server. */
const HEAVY_LIST_ROUTE = 'GET /v1/bookings (all clients, -date, page of 50)';
const rate = Number(values.rate);
const warmup = Number(values.warmup);
const engines = values.engine === 'both' ? ['postgres', 'pglite'] : [values.engine!];
const PASSWORD = 'Portal#2026demo';
const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) resolve({ child, match: m });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`process exited (${code}) before ready:\n${out.slice(-2000)}`)));
  });
}

async function ensurePostgresWorld(url: string): Promise<void> {
  const target = new URL(url);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  const name = target.pathname.slice(1);
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  await admin.end();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let seededScale: number | undefined;
  try {
    const r = await client.query(`select value from meta where key = 'seed'`);
    const v = r.rows[0]?.value as { complete?: boolean; scale?: number } | undefined;
    if (v?.complete) seededScale = v.scale;
  } catch {
    // no tables yet
  }
  await client.end();
  if (seededScale !== scale) {
    console.log(`seeding a scale-${scale} world into ${name} …`);
    const r = spawnSync('npm', ['run', 'seed', '--', '--scale', String(scale), '--database-url', url, '--reset'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('seeding failed');
  }
  await tidyPostgresWorld(url);
}

/**
 * Before a run and after it: removes what runs of the create-booking bench wrote (their Idempotency-Keys start with
 * `bench-`), so the lists measure the seeded world and not thousands of bench bookings, then VACUUM (ANALYZE):
 * the visibility map lets counts use index-only scans and the statistics are fresh, as autovacuum would keep them in
 * production (it may be off on a bench server).
 */
async function tidyPostgresWorld(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The bench's requests are never filled, extended or timed (no simulator without DEMO), so nothing refers to
    // them: the foreign-key triggers are skipped for speed (a cascade would scan bookings once per booking).
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    // A request's Idempotency-Key lives in idempotency_keys, with the answer that names the request it created.
    await client.query(
      `create temp table gone on commit drop as select (response_body->>'requestId')::int as id from idempotency_keys
       where key like '${BENCH_KEY_PREFIX}%' and response_body ? 'requestId'`,
    );
    for (const table of ['bookings', 'booking_confirmations', 'booking_request_certifications'])
      await client.query(`delete from ${table} where request_id in (select id from gone)`);
    await client.query('delete from booking_requests where id in (select id from gone)');
    await client.query(`delete from idempotency_keys where key like '${BENCH_KEY_PREFIX}%'`);
    await client.query('commit');
    await client.query('vacuum (analyze)');
  } finally {
    await client.end();
  }
}

function seedPglite(dir: string): void {
  console.log(`seeding a scale-${scale} world into ${dir} …`);
  const r = spawnSync('npm', ['run', 'seed', '--', '--scale', String(scale), '--data-dir', dir, '--reset'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('seeding failed');
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers outside 2xx, but for the 304s a revalidating route expects. */
  non2xx: number;
}

async function load(url: string, headers: Record<string, string>, extra: Partial<autocannon.Options> = {}): Promise<Figures> {
  if (warmup > 0) await autocannon({ url, connections, duration: warmup, headers, ...extra });
  const result = await autocannon({ url, connections, duration, headers, ...extra });
  const notModified = headers['if-none-match'] === undefined ? 0 : (result.statusCodeStats?.['304']?.count ?? 0);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx - notModified,
  };
}

/** One ping every 20 ms (each on its own, not waiting for the last) for `ms`; the latency of each, in ms. */
async function pingsDuring(url: string, ms: number): Promise<{ count: number; failed: number; p50: number; p99: number }> {
  const times: number[] = [];
  let failed = 0;
  const pending: Promise<void>[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const started = performance.now();
    pending.push(
      fetch(url).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.ok) times.push(performance.now() - started);
          else failed += 1;
        },
        () => void (failed += 1),
      ),
    );
    await sleep(20);
  }
  await Promise.all(pending);
  times.sort((x, y) => x - y);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
  return { count: times.length, failed, p50: at(0.5), p99: at(0.99) };
}

interface BenchSession {
  token: string;
  /** The first-page cookie the sign-in set (`portal_page=…`), for the pages the server draws. */
  pageCookie?: string;
  clientId?: number;
  groupId?: number;
  bookingId?: number;
  invoiceNo?: string;
  /** Every client and group the account may see, for the varied reads. */
  scope: VariedScope;
}

async function login(base: string): Promise<BenchSession | undefined> {
  const res = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: values.account, password: PASSWORD }),
  });
  if (!res.ok) return undefined;
  const pageCookie = res.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('portal_page='))
    ?.split(';')[0];
  const { accessToken } = (await res.json()) as { accessToken: string };
  const profile = await fetch(`${base}/v1/profile`, { headers: { authorization: `Bearer ${accessToken}` } });
  const scope: VariedScope = { clientIds: [], groupIds: [] };
  let clientId: number | undefined;
  let groupId: number | undefined;
  if (profile.ok) {
    const p = (await profile.json()) as {
      links: { groups: Array<{ groupId: number; clients: Array<{ clientId: number }> }>; clients: Array<{ clientId: number }> };
    };
    groupId = p.links.groups[0]?.groupId;
    clientId = p.links.groups[0]?.clients[0]?.clientId ?? p.links.clients[0]?.clientId;
    scope.groupIds = p.links.groups.map((g) => g.groupId);
    scope.clientIds = [...new Set([...p.links.groups.flatMap((g) => g.clients), ...p.links.clients].map((c) => c.clientId))];
  }
  // A booking of the account from today on, for the booking detail route.
  let bookingId: number | undefined;
  const list = await fetch(`${base}/v1/bookings?dateFromLocal=${new Date().toISOString().slice(0, 10)}&take=1`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (list.ok) bookingId = ((await list.json()) as Array<{ id: number }>)[0]?.id;
  // An invoice of the account, for its drawn page.
  const invoices = await fetch(`${base}/v1/invoices?take=1`, { headers: { authorization: `Bearer ${accessToken}` } });
  const invoiceNo = invoices.ok
    ? ((await invoices.json()) as { invoices: Array<{ invoiceNo: string }> }).invoices[0]?.invoiceNo
    : undefined;
  return { token: accessToken, pageCookie, clientId, groupId, bookingId, invoiceNo, scope };
}

/** What a route's request carries: a bearer token, or for a page a browser's Accept and (signed in) its cookie. */
function credentials(route: Pick<BenchRoute, 'auth' | 'page'>, session: BenchSession | undefined): Record<string, string> {
  if (route.page) return { accept: 'text/html', ...(route.auth && session?.pageCookie ? { cookie: session.pageCookie } : {}) };
  return route.auth ? { authorization: `Bearer ${session!.token}` } : {};
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const percent = (ratio: number | undefined) => (ratio === undefined ? '—' : `${(ratio * 100).toFixed(0)}%`);
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const routeIds = (session: BenchSession | undefined) => ({
  clientId: session?.clientId,
  groupId: session?.groupId,
  bookingId: session?.bookingId,
  invoiceNo: session?.invoiceNo,
});

/** The server's environment for an engine (its database prepared: seeded once, tidied before every run). */
async function serverEnvironment(engine: string): Promise<{ env: Record<string, string>; label: string }> {
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SEED_SCALE: String(scale),
    // The web build, when there is one, for the pages the server draws (the other routes do not read it).
    WEB_DIST_DIR: existsSync(join(webDist, 'first-page-texts.json')) ? webDist : '/nonexistent',
    // A drawing's whole cost is measured: none is cut short by its budget and answered as built instead.
    FIRST_PAGE_BUDGET_MS: '10000',
    ...(values['answer-cache-mb'] === undefined ? {} : { ANSWER_CACHE_MB: values['answer-cache-mb'] }),
  };
  if (engine !== 'postgres') {
    const dir = join(root, `.data-bench-s${scale}`);
    seedPglite(dir);
    return { env: { ...env, DATA_DIR: dir, DEMO: 'true' }, label: `PGlite, scale ${scale}` };
  }
  const socketDir = '/var/run/postgresql';
  const socket = values['pg-transport'] === 'socket' && existsSync(join(socketDir, '.s.PGSQL.5432'));
  const url =
    values['database-url'] ??
    (socket
      ? `postgres://postgres@${encodeURIComponent(socketDir)}/portal_bench_s${scale}`
      : `postgres://postgres@127.0.0.1:5432/portal_bench_s${scale}`);
  await ensurePostgresWorld(url);
  const transport = new URL(url).hostname.startsWith('%2F') ? 'Unix socket' : 'TCP';
  return {
    env: {
      ...env,
      DATABASE_URL: url,
      DEMO: 'false',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-000',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-')),
      DATABASE_POOL_SIZE: '20',
      DATABASE_STATEMENT_POOL_SIZE: '20',
    },
    label: `PostgreSQL (${transport}), scale ${scale}`,
  };
}

/** The server as `npm start` runs it: compiled JavaScript (apps/server/dist), built now so it matches the sources. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const build = spawnSync('npm', ['run', 'build', '-w', '@portal/server'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('building the server failed');
  const profile = values['server-cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['server-cpu-prof']}`] : [];
  const server = await startProcess([...profile, 'apps/server/dist/main.js'], env, /listening at (http:\/\/\S+)/);
  return { child: server.child, base: server.match[1]! };
}

interface ServedRoute {
  name: string;
  path: string;
  auth: boolean;
  page?: boolean;
  body: string;
  contentType: string;
  etag?: string;
}

/** The repeated routes this server answers 200 (with the bytes the ceiling server will send for each). */
async function servedRoutes(base: string, session: BenchSession | undefined): Promise<ServedRoute[]> {
  const served: ServedRoute[] = [];
  for (const route of BENCH_ROUTES.filter((r) => wanted(r.name))) {
    const path = route.path(routeIds(session));
    if (route.auth && !session) {
      console.log(`  ${route.name}: not benchmarked (no sign-in endpoint yet)`);
      continue;
    }
    const res = await fetch(base + path, { headers: credentials(route, session) });
    if (res.status !== 200) {
      console.log(`  ${route.name}: not benchmarked (answers ${res.status})`);
      continue;
    }
    // A drawn page is never stored (`private, no-store`); the page as built is (`no-cache`).
    const drawn = res.headers.get('cache-control') === 'private, no-store';
    if (route.page && route.auth !== drawn) {
      const why = drawn
        ? 'drawn'
        : !existsSync(join(webDist, 'first-page-texts.json'))
          ? 'not drawn: the web app is not built (npm run build)'
          : !session?.pageCookie
            ? 'not drawn: the sign-in set no first-page cookie'
            : route.path(routeIds(session)).includes('/invoices/') && !session.invoiceNo
              ? 'the account has no invoice'
              : 'not drawn';
      console.log(`  ${route.name}: not benchmarked (${why})`);
      continue;
    }
    const etag = res.headers.get('etag') ?? undefined;
    if (route.revalidate && !etag) {
      console.log(`  ${route.name}: not benchmarked (no ETag)`);
      continue;
    }
    served.push({
      ...route,
      path,
      body: Buffer.from(await res.arrayBuffer()).toString('base64'),
      contentType: res.headers.get('content-type') ?? 'application/json',
      ...(route.revalidate ? { etag } : {}),
    });
  }
  return served;
}

/** A bare Fastify route per served route (or sampled varied URL), sending the same bytes: the ceiling on this machine. */
async function startCeiling(
  served: ReadonlyArray<Pick<ServedRoute, 'path' | 'body' | 'contentType' | 'etag'>>,
): Promise<{ child: ChildProcess; base: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-ceiling-'));
  writeFileSync(join(dir, 'routes.json'), JSON.stringify(served));
  const ceiling = await startProcess(
    ['--import', 'tsx', 'bench/ceiling-server.ts', join(dir, 'routes.json')],
    {},
    /ceiling listening on (\d+)/,
  );
  return { child: ceiling.child, base: `http://127.0.0.1:${ceiling.match[1]}` };
}

/**
 * The same URL again and again, each route against the bare route sending its bytes ('ceiling') and against this
 * same server's own /api/ping, the floor of every request. Returns the ping's req/s (measured first when no route
 * is the ping itself, whatever --only says), for the varied reads' ratio.
 */
async function benchRepeated(base: string, session: BenchSession | undefined, served: ServedRoute[], rows: unknown[]): Promise<number> {
  const ceiling = served.length > 0 ? await startCeiling(served) : undefined;
  console.log('| route | req/s | p50 | p99 | ceiling req/s | ceiling p99 | vs ceiling | vs ping | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const ping = served.some((r) => r.name === 'GET /api/ping') ? undefined : await load(`${base}/api/ping`, {});
  let pingRps = ping?.rps ?? 0;
  for (const route of served) {
    const validator: Record<string, string> = route.etag ? { 'if-none-match': route.etag } : {};
    const headers: Record<string, string> = { ...credentials(route, session), ...validator };
    const real = await load(base + route.path, headers);
    const bare = await load(ceiling!.base + route.path, validator);
    const ratio = real.rps / bare.rps;
    if (route.name === 'GET /api/ping') pingRps = real.rps;
    const vsPing = pingRps ? real.rps / pingRps : undefined;
    rows.push({ route: route.name, real, ceiling: bare, ratio, vsPing });
    console.log(
      `| ${route.name} | ${real.rps.toFixed(0)} | ${ms(real.p50)} | ${ms(real.p99)} | ${bare.rps.toFixed(0)} | ${ms(bare.p99)} | ${percent(ratio)} | ${percent(vsPing)} | ${real.errors + real.non2xx} |`,
    );
  }
  if (ping) {
    console.log(`(GET /api/ping on this server, for 'vs ping': ${ping.rps.toFixed(0)} req/s, p99 ${ms(ping.p99)})`);
    rows.push({ route: 'GET /api/ping', real: ping });
  }
  ceiling?.child.kill('SIGTERM');
  return pingRps;
}

/** `GET /v1/profile` at a fixed rate, evenly spaced (runs unless --only excludes it; `--only 'fixed rate'` runs it alone). */
async function benchFixedRate(base: string, session: BenchSession | undefined, rows: unknown[]): Promise<void> {
  const route = wanted(`${FIXED_RATE_ROUTE} at a fixed rate`) ? BENCH_ROUTES.find((r) => r.name === FIXED_RATE_ROUTE) : undefined;
  if (!route || (route.auth && !session)) return;
  const path = route.path(routeIds(session));
  const headers: Record<string, string> = route.auth ? { authorization: `Bearer ${session!.token}` } : {};
  // Evenly spaced, latency from each request's planned moment (paced-load.ts); then autocannon's overallRate
  // for comparison with figures measured before paced-load.ts (a burst at the start of every second).
  const p = await pacedLoadApart(base + path, headers, { rate, durationMs: duration * 1000, warmupMs: warmup * 1000 });
  const f = await load(base + path, headers, { overallRate: rate, connections: 20 });
  console.log(
    `\n${route.name} at a fixed ${rate} req/s, evenly spaced: ${p.answered}/${p.planned} answered, ${p.rps.toFixed(0)} req/s, p50 ${ms(p.p50)}, p99 ${ms(p.p99)}, max ${ms(p.max)}, errors ${p.errors + p.non2xx}` +
      `\n(autocannon's overallRate, ${rate} requests as a burst at the start of each second: p50 ${ms(f.p50)}, p99 ${ms(f.p99)}, errors ${f.errors + f.non2xx})`,
  );
  rows.push({ route: route.name, fixedRate: rate, paced: p, figures: f });
}

/**
 * Does a heavy list under load stall everyone else? One /api/ping every 20 ms (each on its own) while the list takes
 * every connection; on the embedded database the list's queries run on the server's own thread.
 */
async function benchHeavyList(base: string, session: BenchSession, served: ServedRoute[], rows: unknown[]): Promise<void> {
  const heavy = served.find((r) => r.name === HEAVY_LIST_ROUTE);
  if (!heavy) return;
  const headers = { authorization: `Bearer ${session.token}` };
  const [list, pingDuring] = await Promise.all([
    autocannon({ url: base + heavy.path, connections, duration, headers }),
    pingsDuring(`${base}/api/ping`, duration * 1000),
  ]);
  console.log(
    `\n/api/ping every 20 ms while ${heavy.name} is under load (${connections} connections, ${list.requests.average.toFixed(0)} req/s, p99 ${ms(list.latency.p99)}): ${pingDuring.count} pings, p50 ${ms(pingDuring.p50)}, p99 ${ms(pingDuring.p99)}, failed ${pingDuring.failed}`,
  );
  rows.push({ route: `GET /api/ping during ${heavy.name}`, ...pingDuring, listRps: list.requests.average });
}

/** POST /v1/bookings and the reference routes keyed by a location (no ceiling; see create-booking-bench.ts). */
async function benchCreateBookings(base: string, session: BenchSession, rows: unknown[]): Promise<void> {
  const figures = await benchCreateBooking(base, session.token, { connections, duration, warmup }, wanted);
  if (figures.length === 0) return;
  console.log('\n| route (no ceiling) | req/s | p50 | p99 | errors |\n|---|---:|---:|---:|---:|');
  for (const r of figures) {
    console.log(`| ${r.route} | ${r.real.rps.toFixed(0)} | ${ms(r.real.p50)} | ${ms(r.real.p99)} | ${r.real.errors + r.real.non2xx} |`);
    rows.push(r);
  }
}

/** One submit approving 50 timesheets, sequentially (the server's time per request, not throughput). */
async function benchTimesheet(base: string, session: BenchSession, databaseUrl: string | undefined, rows: unknown[]): Promise<void> {
  if (!wanted('POST /v1/timesheets/submit (approve 50)')) return;
  const r = await benchTimesheetSubmit(base, session.token, databaseUrl);
  if (!r) return;
  console.log(`\n${r.route}: ${r.rounds} rounds, min ${ms(r.minMs)}, median ${ms(r.medianMs)}, max ${ms(r.maxMs)}`);
  rows.push(r);
}

/** A process's CPU time so far (user and system, every thread) in seconds, from /proc; undefined where there is none. */
function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th of them.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
/** The kernel's clock ticks per second (USER_HZ), 100 on Linux. */
const CLOCK_TICKS = 100;

/**
 * Varied reads (varied-reads.ts) against /api/ping measured in this same run and against a bare route sending a sample
 * of their answers, with the server's (`serverPid`) CPU time per request.
 */
async function benchVaried(base: string, session: BenchSession, pingRps: number, rows: unknown[], serverPid?: number): Promise<void> {
  if (mode === 'repeated') return;
  const options = { connections, duration, warmup, seed };
  const loadAtStart = loadAverage();
  const figures = await benchVariedReads(
    base,
    session.token,
    session.scope,
    options,
    wanted,
    async (samples) => {
      const { child, base: ceilingBase } = await startCeiling(samples);
      return { base: ceilingBase, stop: () => child.kill('SIGTERM') };
    },
    () => processCpuSeconds(serverPid),
  );
  if (figures.length === 0) return;
  console.log(
    `\nVaried reads (${session.scope.clientIds.length} clients, ${session.scope.groupIds.length} groups; seed ${seed}; ` +
      `load average ${loadAtStart} at the start, ${loadAverage()} at the end; /api/ping ${pingRps.toFixed(0)} req/s):`,
  );
  console.log(
    '| route | req/s | p50 | p99 | ceiling req/s | ceiling p99 | vs ceiling | vs ping | mean answer | server CPU / request | errors | distinct URLs / sent |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const f of figures) {
    const c = f.ceiling;
    console.log(
      `| ${f.route} | ${f.rps.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p99)} | ${c ? c.rps.toFixed(0) : '—'} | ${c ? ms(c.p99) : '—'} | ` +
        `${percent(c ? f.rps / c.rps : undefined)} | ${percent(pingRps ? f.rps / pingRps : undefined)} | ${(f.meanBytes / 1000).toFixed(1)} kB | ` +
        `${f.cpuPerRequest === undefined ? '—' : `${(f.cpuPerRequest * 1e6).toFixed(0)} µs`} | ` +
        `${f.errors}${c?.errors ? ` (ceiling ${c.errors})` : ''} | ${f.distinctUrls} / ${f.sent} |`,
    );
    rows.push({ ...f, vsPing: pingRps ? f.rps / pingRps : undefined, vsCeiling: c ? f.rps / c.rps : undefined });
  }
}

async function benchEngine(engine: string): Promise<void> {
  const { env, label } = await serverEnvironment(engine);
  const server = await startServer(env);
  const session = await login(server.base);
  const served = await servedRoutes(server.base, session);
  const rows: unknown[] = [];
  const loadAtStart = loadAverage();
  console.log(`\n${label}: ${connections} connections, ${duration} s per route; load average ${loadAtStart}; ${firstTouchText()}\n`);
  const pingRps = await benchRepeated(server.base, session, served, rows);
  // Before any write, so the varied reads see the seeded world as the repeated ones did.
  if (session) await benchVaried(server.base, session, pingRps, rows, server.child.pid);
  await benchFixedRate(server.base, session, rows);
  if (session) {
    await benchCreateBookings(server.base, session, rows);
    await benchHeavyList(server.base, session, served, rows);
    await benchTimesheet(server.base, session, env.DATABASE_URL, rows);
  }
  console.log(`\nload average at the end: ${loadAverage()}`);
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(
    join(root, `bench/results/api-${engine}-s${scale}.json`),
    JSON.stringify({ at: new Date().toISOString(), label, mode, loadAtStart, loadAtEnd: loadAverage(), rows }, null, 2),
  );
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  // Leave the world as seeded: the create-booking phase adds about a thousand requests (five bookings each) at one
  // school, and a list measured by hand afterwards would read them.
  if (engine === 'postgres' && env.DATABASE_URL) await tidyPostgresWorld(env.DATABASE_URL);
}

for (const engine of engines) await benchEngine(engine);
process.exit(0);
