/**
 * Web benchmark: builds the app, starts the real server (production mode, demo world, fresh data directory), and
 * measures with Lighthouse 12 and Debian's Chromium the sign-in page and the signed-in pages a school works in (Home,
 * Bookings, Timesheets, Finance and an invoice's page), cold and warm:
 *   - cold: a first visit on a new device. Every run opens a browser of its own with a fresh profile (no HTTP cache,
 *     no service worker, no storage); a signed-in page gets only the cookies a sign-in sets (the refresh token, the
 *     signed-in hint and the first-page token), as a returning user's browser keeps them, so the app signs itself in
 *     as it starts;
 *   - warm: the same page again in that browser, with its cache, service worker and storage kept.
 * The sign-in page is measured cold and warm; signed-in pages cold, and warm too with `--warm`. For each page, form
 * (mobile: Lighthouse's preset, 4× CPU and simulated slow 4G; desktop) and state it prints performance, LCP, TBT, CLS,
 * accessibility and the JavaScript the page had loaded by its largest contentful paint (gzip -9 of each built file),
 * with the load average. Figures only; the targets are printed beside them.
 *
 *   npm run bench:web -- [--skip-build] [--runs 1] [--only sign-in,home] [--form mobile] [--warm]
 *     (pages: sign-in, home, bookings, timesheets, finance, invoice; overview: `/` of a contact of several schools)
 *     [--account school.admin@demo.test] [--save-reports <dir>] [--weights-only] [--verbose]
 *   CHROME_PATH=/usr/bin/chromium (default: `command -v chromium`)
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium, type Browser, type Page } from 'playwright-core';
import { signInCookies, type BrowserCookie } from '../e2e/support/set-cookie';
import { firstTouchText } from './machine';
import { benchArgs } from './cli';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The web build measured: the server's own (apps/web/dist), or another build's directory (WEB_DIST_DIR, absolute), for comparing two. */
const dist = process.env.WEB_DIST_DIR ?? join(root, 'apps/web/dist');
const PASSWORD = 'Portal#2026demo';
/** The first-page budget (the e2e guard fails past it) and the target, from one file. */
const BUDGET = JSON.parse(readFileSync(join(root, 'apps/web/performance-budget.json'), 'utf8')) as {
  firstPageJsBudgetBytes: number;
  firstPageJsTargetBytes: number;
};

const values = benchArgs(import.meta.url, {
  'skip-build': { type: 'boolean', default: false },
  runs: { type: 'string', default: '1' },
  /** Only the bytes each page loads before its heading shows (a fresh browser context per page); no Lighthouse. */
  'weights-only': { type: 'boolean', default: false },
  verbose: { type: 'boolean', default: false },
  /** Only these pages (comma-separated names: sign-in, home, bookings, timesheets, finance, invoice). */
  only: { type: 'string' },
  /** Only this form factor (desktop or mobile); both by default. */
  form: { type: 'string' },
  /** Signed-in pages warm as well (the sign-in page always is). */
  warm: { type: 'boolean', default: false },
  /** The demo account the signed-in pages are measured as. */
  account: { type: 'string', default: 'school.admin@demo.test' },
  /** Write each Lighthouse report (JSON) into this directory, for finding where the time goes. */
  'save-reports': { type: 'string' },
  /**
   * simulate (Lighthouse's default): the page loads unthrottled and a model works out a phone's figures from the
   * trace. devtools: the browser itself is slowed (4× CPU, the network's latency and bandwidth), so a request that
   * starts earlier is seen to; the figures are what that browser met.
   */
  throttling: { type: 'string', default: 'simulate' },
});
if (values.throttling !== 'simulate' && values.throttling !== 'devtools') throw new Error('--throttling is simulate or devtools');
const only = values.only ? new Set(values.only.split(',').map((name) => name.trim())) : null;
const runs = Math.max(1, Number(values.runs));
const FORMS = (['mobile', 'desktop'] as const).filter((form) => !values.form || values.form === form);
const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

// ---------------------------------------------------------------------------------------------------------------
// Processes: the server and a browser with a fresh profile.

function chromePath(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not up yet
    }
    await sleep(300);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function build(): void {
  if (!values['skip-build']) {
    console.log('Building the web app…');
    const all = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (all.status !== 0) throw new Error('build failed (web app and server)');
  }
  if (!existsSync(join(root, 'apps/server/dist/main.js'))) {
    const server = spawnSync('npm', ['run', 'build', '-w', '@portal/server'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (server.status !== 0) throw new Error('building the server failed');
  }
}

async function startServer(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-web-bench-'));
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'true',
      // The provider simulator changes the demo world every 20 s and tells open pages (live events), which then read
      // their lists again: a page measured across a tick did work that is no part of loading it.
      SIMULATOR_INTERVAL_MS: '0',
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: url,
    },
  });
  children.add(child);
  await waitFor(`${url}/api/ping`, 120_000);
  return {
    url,
    stop: () => {
      child.kill('SIGTERM');
      children.delete(child);
      setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 2000).unref();
    },
  };
}

/** A Chromium of its own with a new, empty profile, driven over CDP (Lighthouse) and by Playwright (cookies). */
interface FreshBrowser {
  port: number;
  browser: Browser;
  close: () => Promise<void>;
}

async function freshBrowser(): Promise<FreshBrowser> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'portal-web-bench-chrome-'));
  const chrome = spawn(
    chromePath(),
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  children.add(chrome);
  const stop = () => {
    chrome.kill('SIGKILL');
    children.delete(chrome);
    setTimeout(() => rmSync(profile, { recursive: true, force: true }), 1000).unref();
  };
  try {
    await waitFor(`http://127.0.0.1:${port}/json/version`, 30_000);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    return {
      port,
      browser,
      close: async () => {
        await browser.close().catch(() => {});
        stop();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The account: a refresh cookie per fresh browser, and an invoice it may open.

/**
 * Signs the account in over HTTP and returns the cookies the answer sets (session-cookies.ts) and the access token.
 * Each fresh browser gets a sign-in of its own: the app rotates the refresh token as it starts, and a rotated token
 * sent again later counts as stolen and ends the sign-in.
 */
async function signIn(base: string): Promise<{ cookies: BrowserCookie[]; accessToken: string }> {
  const response = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: values.account, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`signing in as ${values.account}: ${response.status} ${await response.text()}`);
  const domain = new URL(base).hostname;
  const cookies = signInCookies(response, domain);
  if (cookies.length === 0) throw new Error(`signing in as ${values.account} set no refresh cookie`);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { cookies, accessToken };
}

/** The address of the account's newest invoice (the route `/finance/invoices/:invoiceNo` of apps/web's router). */
async function invoicePath(base: string): Promise<string> {
  const { accessToken } = await signIn(base);
  const response = await fetch(`${base}/v1/invoices?take=1`, { headers: { authorization: `Bearer ${accessToken}` } });
  if (response.status !== 200) throw new Error(`the invoices of ${values.account}: ${response.status}`);
  const [invoice] = ((await response.json()) as { invoices: Array<{ invoiceNo: string }> }).invoices;
  if (!invoice) throw new Error(`${values.account} has no invoice to open`);
  return `/finance/invoices/${encodeURIComponent(invoice.invoiceNo)}`;
}

/** A page measured: its address, whether it is opened signed in, and the heading that shows once it is there. */
interface BenchPage {
  name: string;
  path: string;
  /** Where the app takes the page, when not its own address. */
  endsAt?: string;
  signedIn: boolean;
  heading: string | RegExp;
}

function benchPages(invoice: string): BenchPage[] {
  const pages: BenchPage[] = [
    { name: 'sign-in', path: '/login', signedIn: false, heading: 'Sign in' },
    { name: 'home', path: '/', signedIn: true, heading: 'Home' },
    // `/` for a contact of several schools with none chosen yet (a first visit: --account group.admin@demo.test).
    { name: 'overview', path: '/', endsAt: '/overview', signedIn: true, heading: 'Overview' },
    { name: 'bookings', path: '/bookings', signedIn: true, heading: 'Bookings' },
    { name: 'timesheets', path: '/timesheets', signedIn: true, heading: 'Timesheets' },
    { name: 'finance', path: '/finance', signedIn: true, heading: 'Finance' },
    { name: 'invoice', path: invoice, signedIn: true, heading: 'View Invoice' },
  ];
  // The overview only when asked for: the default account has one school, whose `/` is Home.
  return pages.filter((page) => (only ? only.has(page.name) : page.name !== 'overview'));
}

// ---------------------------------------------------------------------------------------------------------------
// Bytes.

/** gzip size of a built asset, by its URL path. */
function gzipBytes(pathname: string): number {
  const file = join(dist, decodeURIComponent(pathname));
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
}

interface Weight {
  js: number;
  files: number;
  /** The largest files, for finding what to split next. */
  largest: Array<[string, number]>;
}

function weightOf(pathnames: Iterable<string>): Weight {
  const weight: Weight = { js: 0, files: 0, largest: [] };
  for (const pathname of new Set(pathnames)) {
    const bytes = gzipBytes(pathname);
    weight.js += bytes;
    weight.files += 1;
    weight.largest.push([pathname, bytes]);
  }
  weight.largest = weight.largest.sort((a, b) => b[1] - a[1]).slice(0, 10);
  return weight;
}

/**
 * `--weights-only`: the JavaScript each page asks for until its heading shows, each page in a new browser context
 * (no cache; a signed-in page with its refresh cookie), without Lighthouse.
 */
async function weighPages(base: string, pages: BenchPage[]): Promise<Array<[string, Weight]>> {
  const { browser, close } = await freshBrowser();
  try {
    const weights: Array<[string, Weight]> = [];
    for (const bench of pages) {
      const context = await browser.newContext();
      if (bench.signedIn) await context.addCookies((await signIn(base)).cookies);
      const page: Page = await context.newPage();
      const seen: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (/\.m?js$/.test(pathname)) seen.push(pathname);
      });
      await page.goto(`${base}${bench.path}`);
      await page.getByRole('heading', { name: bench.heading, level: 1, exact: true }).waitFor({ timeout: 30_000 });
      const weight = weightOf(seen);
      const landed = new URL(page.url()).pathname;
      if (landed !== bench.path) throw new Error(`${bench.name}: the browser ended on ${landed}, not ${bench.path}`);
      weights.push([bench.name, weight]);
      await context.close();
    }
    return weights;
  } finally {
    await close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Lighthouse.

type Form = (typeof FORMS)[number];
type State = 'cold' | 'warm';

interface Run {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The JavaScript loaded by the observed largest contentful paint. */
  weight: Weight;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** The figures of one report; the JavaScript counted is what had finished loading by the page's observed LCP. */
function figuresOf(lhr: Lhr): Run {
  const { audits, categories } = lhr;
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const observed = (audits.metrics?.details as { items?: Array<{ observedLargestContentfulPaint?: number }> } | undefined)?.items?.[0];
  const lcpAt = observed?.observedLargestContentfulPaint ?? Number.POSITIVE_INFINITY;
  const requests =
    (audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string; networkEndTime?: number }> } | undefined)
      ?.items ?? [];
  const scripts = requests
    .filter((request) => request.resourceType === 'Script' && (request.networkEndTime ?? Number.POSITIVE_INFINITY) <= lcpAt)
    .map((request) => new URL(request.url).pathname);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    weight: weightOf(scripts),
  };
}

/**
 * One Lighthouse navigation of `url` in the browser at `port`, storage kept (a cold run's browser has none). Lighthouse
 * sometimes fails to record its own trace (NO_NAVSTART, NO_FCP): that run has no scores, and counting it as 0 would
 * say nothing about the page, so it is run again (twice at most), and said.
 */
async function audit(port: number, url: string, form: Form, what: string): Promise<Lhr> {
  const once = () =>
    lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
        throttlingMethod: values.throttling as 'simulate' | 'devtools',
      },
      form === 'desktop' ? desktopConfig : undefined,
    );
  let result = await once();
  for (let retry = 0; result?.lhr.runtimeError && retry < 2; retry += 1) {
    console.log(`  ${what}: Lighthouse failed (${result.lhr.runtimeError.code}), running it again`);
    result = await once();
  }
  if (!result) throw new Error(`Lighthouse gave no result for ${what}`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${what}: ${result.lhr.runtimeError.code}`);
  return result.lhr;
}

interface Measured {
  page: string;
  form: Form;
  state: State;
  runs: Run[];
}

/**
 * One run of a page in one form: a fresh browser (with a refresh cookie of its own for a signed-in page), the page
 * cold, then again warm when asked. A page that ends anywhere but its own path (signed out, forbidden, an error page)
 * stops the bench.
 */
async function measureRun(base: string, page: BenchPage, form: Form, run: number, warm: boolean): Promise<Record<State, Run | undefined>> {
  const fresh = await freshBrowser();
  try {
    if (page.signedIn) await fresh.browser.contexts()[0]!.addCookies((await signIn(base)).cookies);
    const figures: Record<State, Run | undefined> = { cold: undefined, warm: undefined };
    for (const state of warm ? (['cold', 'warm'] as const) : (['cold'] as const)) {
      const what = `${page.name} (${form}, ${state}) run ${run + 1}`;
      const lhr = await audit(fresh.port, `${base}${page.path}`, form, what);
      if (new URL(lhr.finalDisplayedUrl).pathname !== (page.endsAt ?? page.path)) {
        throw new Error(`${what}: Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${page.endsAt ?? page.path}`);
      }
      if (values['save-reports']) {
        mkdirSync(values['save-reports'], { recursive: true });
        writeFileSync(join(values['save-reports'], `${page.name}-${form}-${state}-${run + 1}.json`), JSON.stringify(lhr));
      }
      figures[state] = figuresOf(lhr);
    }
    return figures;
  } finally {
    await fresh.close();
  }
}

async function measurePages(base: string, pages: BenchPage[]): Promise<Measured[]> {
  const measured: Measured[] = [];
  for (const page of pages) {
    const warm = !page.signedIn || values.warm;
    for (const form of FORMS) {
      const cold: Measured = { page: page.name, form, state: 'cold', runs: [] };
      const kept: Measured = { page: page.name, form, state: 'warm', runs: [] };
      for (let run = 0; run < runs; run += 1) {
        const figures = await measureRun(base, page, form, run, warm);
        if (figures.cold) cold.runs.push(figures.cold);
        if (figures.warm) kept.runs.push(figures.warm);
      }
      measured.push(cold, ...(warm ? [kept] : []));
    }
  }
  return measured;
}

// ---------------------------------------------------------------------------------------------------------------
// Printing.

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () =>
  `${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} (${availableParallelism()} cores)`;

function budgetVerdict(js: number): string {
  const met = (limit: number) => (js <= limit ? 'met' : 'NOT met');
  return `budget ${kB(BUDGET.firstPageJsBudgetBytes)} ${met(BUDGET.firstPageJsBudgetBytes)}, target ${kB(BUDGET.firstPageJsTargetBytes)} ${met(BUDGET.firstPageJsTargetBytes)}`;
}

function printWeights(weights: Array<[string, Weight]>): void {
  console.log('\nJavaScript loaded before the page heading shows (a new browser context each; gzip -9 of each built file):');
  for (const [name, weight] of weights) {
    console.log(
      `  ${name.padEnd(10)} : ${kB(weight.js)} (${weight.files} files)${name === 'sign-in' ? `   ${budgetVerdict(weight.js)}` : ''}`,
    );
    if (values.verbose) console.log(`    largest: ${largest(weight)}`);
  }
}

const largest = (weight: Weight) => weight.largest.map(([file, bytes]) => `${file.replace('/assets/', '')} ${kB(bytes)}`).join(', ');

function printMeasured(measured: Measured[], loadAtStart: string): void {
  console.log(
    `\nLighthouse 12 (${values.throttling} throttling), ${runs} run${runs > 1 ? 's' : ''} each: performance and accessibility the mean (performance's best in brackets); ` +
      'LCP, TBT, CLS and the JavaScript loaded by the LCP (gzip -9) of the best run.',
  );
  console.log(
    `Targets: mobile cold ≥ 90 signed in (sign-in ≥ 95), LCP ≤ 2.5 s, TBT ≤ 200 ms, accessibility 100; desktop ≥ 98; ` +
      `first-page JavaScript ≤ ${kB(BUDGET.firstPageJsTargetBytes)}.`,
  );
  console.log(`Load average at the start: ${loadAtStart}; at the end: ${load()}; ${firstTouchText()}; account ${values.account}.\n`);
  console.log('| page | form | state | performance | LCP | TBT | CLS | accessibility | JS by LCP |');
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|');
  for (const m of measured) {
    const mean = (pick: (run: Run) => number) => Math.round(m.runs.reduce((sum, run) => sum + pick(run), 0) / m.runs.length);
    const best = m.runs.reduce((a, b) => (b.performance > a.performance ? b : a));
    console.log(
      `| ${m.page} | ${m.form} | ${m.state} | ${mean((run) => run.performance)} (${best.performance}) | ${seconds(best.lcpMs)} | ` +
        `${Math.round(best.tbtMs)} ms | ${best.cls.toFixed(3)} | ${mean((run) => run.accessibility)} | ` +
        `${kB(best.weight.js)} (${best.weight.files} files) |`,
    );
    if (values.verbose) console.log(`    largest: ${largest(best.weight)}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  build();
  console.log('Starting the server (demo world)…');
  const server = await startServer();
  try {
    const needsInvoice = !only || only.has('invoice');
    const pages = benchPages(needsInvoice ? await invoicePath(server.url) : '/finance/invoices/-');
    if (values['weights-only']) {
      printWeights(await weighPages(server.url, pages));
      return;
    }
    const loadAtStart = load();
    const measured = await measurePages(server.url, pages);
    printMeasured(measured, loadAtStart);
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(
      join(root, 'bench/results/web.json'),
      JSON.stringify({ at: new Date().toISOString(), account: values.account, loadAtStart, loadAtEnd: load(), measured }, null, 2),
    );
  } finally {
    server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
