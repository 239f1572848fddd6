#!/usr/bin/env node
// `npm test`: the suite in lanes. It runs the quick part of the suite (TEST_PART=quick); `npm test -- --rest` runs
// the rest, which CI runs after it (what each part holds: scripts/test-parts.mjs). A lane is a series of steps run one
// after the other; lanes of one stage run side by side as separate processes (their output lines prefixed with the
// lane's name), and a stage starts when the one before it has passed. Ends with one timing table per lane and one
// plain line, 'total: N passed, N failed', that CI reads; the exit code is the first failing step's.
//
//   static   typecheck (one incremental `tsc -b` over the project references), lint (ESLint and Prettier), then the
//            production builds the browser tests run on (when they run in a later stage)
//   vitest   unit and integration tests of every workspace (the root vitest.config.ts projects)
//   e2e      Chromium (installed from Debian when missing), then the browser journeys (e2e/, files side by side)
//
// The stages (TEST_LANES, default below) were measured on the 2-core machine CI runs on: see docs/testing.md and bench/RESULTS.md.
// Flags: --rest (the rest of the suite: its unit and integration files, then its journeys), --no-e2e (static and
// vitest only), --only-e2e, --lanes 'static+vitest,e2e' (stages separated by commas, lanes of one stage by '+').
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { DEEPER_IN_REST, REST_FILES } from './test-parts.mjs';
import { runVitest } from './vitest-summary.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

/** Static checks and Vitest side by side (each leaves the other's idle moments to it), then the browser journeys. */
const DEFAULT_STAGES = 'static+vitest,e2e';
/** The rest: no static checks (the quick part made them); the fault proofs it holds are timed, so not beside the journeys. */
const REST_STAGES = 'vitest,e2e';

let values;
try {
  ({ values } = parseArgs({
    options: {
      rest: { type: 'boolean', default: false },
      'no-e2e': { type: 'boolean', default: false },
      'only-e2e': { type: 'boolean', default: false },
      lanes: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  }));
} catch (error) {
  console.error(`npm test: ${error.message} (see --help)`);
  process.exit(2);
}
if (values.help) {
  console.log('Usage: npm test [-- --rest] [-- --no-e2e | --only-e2e | --lanes STAGES]');
  console.log('  --rest          the rest of the suite, which the quick part (the default) leaves to CI');
  console.log('  --no-e2e        static checks, unit and integration tests only');
  console.log('  --only-e2e      the browser tests only (ensures Chromium first)');
  console.log(`  --lanes STAGES  which lanes run together, e.g. '${DEFAULT_STAGES}' (default; also TEST_LANES)`);
  process.exit(0);
}
if (values['no-e2e'] && values['only-e2e']) {
  console.error('npm test: --no-e2e and --only-e2e conflict (see --help)');
  process.exit(2);
}

// Every lane's processes see which part runs (vitest.config.ts, e2e/vitest.config.ts, e2e/support/widths.ts).
const part = values.rest ? 'rest' : 'quick';
process.env.TEST_PART = part;

const colour = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (colour ? `\x1b[${code}m${text}\x1b[0m` : text);
const bold = (t) => paint('1', t);
const green = (t) => paint('32', t);
const red = (t) => paint('31', t);
const yellow = (t) => paint('33', t);
const dim = (t) => paint('2', t);

/** Writes a child's output line by line, each line prefixed (when lanes run side by side). */
function prefixed(stream, prefix) {
  let rest = '';
  return {
    write(chunk) {
      const text = rest + chunk.toString();
      const lines = text.split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) stream.write(`${prefix}${line}\n`);
    },
    end() {
      if (rest) stream.write(`${prefix}${rest}\n`);
      rest = '';
    },
  };
}

/** Runs a command; its output goes to ours, prefixed. Resolves with its exit code (130 after Ctrl-C / a signal). */
function run(prefix, command, commandArgs, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const out = prefixed(process.stdout, prefix);
    const err = prefixed(process.stderr, prefix);
    child.stdout.on('data', (chunk) => out.write(chunk));
    child.stderr.on('data', (chunk) => err.write(chunk));
    child.on('error', (error) => {
      console.error(`${prefix}cannot run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => {
      out.end();
      err.end();
      resolve(code ?? (signal === 'SIGINT' ? 130 : 1));
    });
  });
}

function isExecutableFile(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutableFile(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

async function findChromium(prefix) {
  let found;
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (isExecutableFile(fromEnv)) found = fromEnv;
    else console.log(yellow(`${prefix}CHROMIUM_PATH=${fromEnv} is not an executable file; looking for chromium on PATH.`));
  }
  found ??= onPath('chromium');
  const isDebian = existsSync('/etc/debian_version');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!found && isDebian && isRoot) {
    console.log(`${prefix}Chromium not found: installing Debian's chromium (apt-get install -y chromium)…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const updated = await run(prefix, 'apt-get', ['update'], env);
    if (updated !== 0) return { code: updated, note: 'apt-get update failed' };
    const installed = await run(prefix, 'apt-get', ['install', '-y', 'chromium'], env);
    if (installed !== 0) return { code: installed, note: 'apt-get install chromium failed' };
    found = onPath('chromium');
  }
  if (!found) {
    console.log(`${prefix}Browser tests need Chromium: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH`);
    return { code: 1, note: 'Chromium not found' };
  }
  console.log(`${prefix}Using Chromium at ${found}`);
  return { code: 0, chromium: found };
}

/** Whether this run's static lane built the web app and the server for the browser tests. */
let builtForBrowserTests = false;
/** The browser tests run in a stage after the static lane's. */
const browserTestsLater = () => {
  const at = (lane) => stages.findIndex((stage) => stage.includes(lane));
  return at('static') >= 0 && at('e2e') > at('static');
};

/** Each step resolves with { code, counts?, note? }. */
const LANES = {
  static: [
    { name: 'Typecheck', command: 'npm run typecheck', run: async (p) => ({ code: await run(p, 'npm', ['run', 'typecheck']) }) },
    { name: 'Lint', command: 'npm run lint', run: async (p) => ({ code: await run(p, 'npm', ['run', 'lint']) }) },
    {
      // The browser tests run on production builds of the web app and the server. Built here, beside the unit tests,
      // rather than at the start of the browser lane, where nothing else runs meanwhile.
      name: 'Build for the browser tests',
      command: 'npm run build -w @portal/web && npm run build -w @portal/server',
      run: async (p) => {
        if (!browserTestsLater()) return { code: 0, note: 'no browser tests after this lane' };
        const env = { ...process.env, NODE_ENV: 'production' };
        let code = await run(p, 'npm', ['run', 'build', '-w', '@portal/web'], env);
        if (code === 0) code = await run(p, 'npm', ['run', 'build', '-w', '@portal/server'], env);
        builtForBrowserTests = code === 0;
        return { code };
      },
    },
  ],
  vitest: [
    {
      name: 'Unit and integration tests',
      command: 'npx vitest run',
      run: async (p) =>
        runVitest(part === 'rest' ? [...REST_FILES, ...DEEPER_IN_REST] : [], {
          label: 'unit and integration',
          run: (cmd, args) => run(p, cmd, args),
          log: (text) => console.log(text.replace(/^/gm, p)),
        }),
    },
  ],
  e2e: [
    {
      name: 'Chromium',
      command: 'CHROMIUM_PATH, else chromium on PATH, else apt-get install chromium',
      run: async (p, lane) => {
        const found = await findChromium(p);
        lane.chromium = found.chromium;
        return found;
      },
    },
    {
      name: 'Browser tests',
      command: 'npm run test:e2e',
      run: async (p, lane) => {
        const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-report-'));
        const report = join(dir, 'report.json');
        // Screenshots are for looking at, not for passing: off unless asked for (E2E_SCREENSHOTS=1).
        const env = {
          E2E_SCREENSHOTS: '0',
          ...process.env,
          CHROMIUM_PATH: lane.chromium,
          E2E_JSON_REPORT: report,
          // Built by the static lane in this run (e2e/support/build-web.ts then builds nothing).
          ...(builtForBrowserTests ? { E2E_BUILT: '1' } : {}),
        };
        const code = await run(p, 'npm', ['run', 'test:e2e'], env);
        let counts;
        try {
          const r = JSON.parse(readFileSync(report, 'utf8'));
          counts = {
            passed: r.numPassedTests ?? 0,
            failed: r.numFailedTests ?? 0,
            skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
          };
          if (!r.success && counts.failed === 0) counts.failed = Math.max(1, r.numFailedTestSuites ?? 0);
        } catch {
          counts = { passed: 0, failed: code === 0 ? 0 : 1, skipped: 0 };
        }
        rmSync(dir, { recursive: true, force: true });
        console.log(`${p}browser: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
        if (code === 0 && counts.passed + counts.failed === 0) return { code: 1, counts, note: 'no browser test was executed' };
        return { code, counts };
      },
    },
  ],
};

const stagesText = values.lanes ?? process.env.TEST_LANES ?? (part === 'rest' ? REST_STAGES : DEFAULT_STAGES);
let stages = stagesText.split(',').map((stage) => stage.split('+').map((lane) => lane.trim()));
for (const lane of stages.flat()) {
  if (!LANES[lane]) {
    console.error(`npm test: unknown lane '${lane}' in '${stagesText}' (lanes: ${Object.keys(LANES).join(', ')})`);
    process.exit(2);
  }
}
if (values['no-e2e']) stages = stages.map((stage) => stage.filter((lane) => lane !== 'e2e'));
if (values['only-e2e']) stages = stages.map((stage) => stage.filter((lane) => lane === 'e2e'));
stages = stages.filter((stage) => stage.length > 0);

const results = new Map(); // lane → [{ step, outcome, seconds }]
const laneTimes = new Map(); // lane → seconds

/** Runs a lane's steps in turn; resolves with the first non-zero exit code, or 0. */
async function runLane(name, sideBySide) {
  const prefix = sideBySide ? dim(`[${name}] `) : '';
  const steps = LANES[name];
  const state = {};
  const done = [];
  results.set(name, done);
  const laneStarted = Date.now();
  try {
    for (const step of steps) {
      console.log(`\n${prefix}${bold(`━━ ${step.name}`)}  ${dim(step.command)}`);
      const started = Date.now();
      const outcome = await step.run(prefix, state);
      done.push({ step, outcome, seconds: (Date.now() - started) / 1000 });
      if (outcome.code !== 0) return outcome.code;
    }
    return 0;
  } finally {
    laneTimes.set(name, (Date.now() - laneStarted) / 1000);
  }
}

const started = Date.now();
const loadAtStart = loadavg()[0];
// The runtime the suite runs on: package.json's `node` (Node 22), first on the PATH of every npm script.
console.log(`npm test (${part === 'rest' ? 'the rest of the suite' : 'the quick part'}) on Node ${process.version} (${process.execPath})`);
let exitCode = 0;
for (const stage of stages) {
  console.log(`\n${bold(`━━━━ ${stage.length > 1 ? `side by side: ${stage.join(' + ')}` : stage[0]}`)}`);
  const codes = await Promise.all(stage.map((lane) => runLane(lane, stage.length > 1)));
  exitCode = codes.find((code) => code !== 0) ?? 0;
  if (exitCode !== 0) break;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
console.log(`\n${bold('━━ Timing by lane')}  ${dim(`(stages: ${stages.map((s) => s.join(' + ')).join(' → ')})`)}`);
for (const stage of stages) {
  for (const lane of stage) {
    const done = results.get(lane);
    if (!done) {
      console.log(`  ${dim('·')} ${lane.padEnd(8)} not reached`);
      continue;
    }
    console.log(`  ${bold(lane.padEnd(8))} ${laneTimes.get(lane).toFixed(1).padStart(7)} s`);
    for (const { step, outcome, seconds } of done) {
      const mark = outcome.code !== 0 ? red('✖') : green('✔');
      const counts = outcome.counts ? ` — ${outcome.counts.passed} passed, ${outcome.counts.failed} failed` : '';
      const note = outcome.note && outcome.code !== 0 ? ` (${outcome.note})` : '';
      console.log(`    ${mark} ${step.name.padEnd(30)} ${seconds.toFixed(1).padStart(7)} s${counts}${note}`);
      if (outcome.counts) {
        totals.passed += outcome.counts.passed;
        totals.failed += outcome.counts.failed;
        totals.skipped += outcome.counts.skipped ?? 0;
      }
    }
    for (const step of LANES[lane].slice(done.length)) console.log(`    ${dim('·')} ${step.name.padEnd(30)} not reached`);
  }
}

const elapsed = ((Date.now() - started) / 1000).toFixed(0);
const load = `load average ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end`;
const what = part === 'rest' ? 'npm test -- --rest' : 'npm test';
if (exitCode === 0) console.log(green(`${what} passed in ${elapsed} s (${load})`));
else console.log(red(`${what} FAILED (exit code ${exitCode}) after ${elapsed} s (${load})`));
console.log(`total: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(exitCode);
