#!/usr/bin/env node
// `npm test`: typecheck, lint, unit and integration tests, then the browser tests on Debian's Chromium.
// Stops at the first failing step with that step's exit code, and ends with a summary and one plain line,
// 'total: N passed, N failed', that CI reads. Flags for developers: --no-e2e, --only-e2e.
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runVitest } from './vitest-summary.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

const args = new Set(process.argv.slice(2));
if (args.has('--help') || args.has('-h')) {
  console.log('Usage: npm test [-- --no-e2e | --only-e2e]');
  console.log('  --no-e2e    typecheck, lint, unit and integration tests only');
  console.log('  --only-e2e  the browser tests only (ensures Chromium first)');
  process.exit(0);
}
const unknown = [...args].filter((a) => a !== '--no-e2e' && a !== '--only-e2e');
if (unknown.length > 0 || (args.has('--no-e2e') && args.has('--only-e2e'))) {
  console.error(`npm test: unknown or conflicting flags: ${[...args].join(' ')} (see --help)`);
  process.exit(2);
}
const runE2e = !args.has('--no-e2e');
const runOthers = !args.has('--only-e2e');

const colour = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (colour ? `\x1b[${code}m${text}\x1b[0m` : text);
const bold = (t) => paint('1', t);
const green = (t) => paint('32', t);
const red = (t) => paint('31', t);
const yellow = (t) => paint('33', t);

/** Runs a command with inherited output; resolves with its exit code (130 after Ctrl-C / a signal). */
function run(command, commandArgs, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: 'inherit', env });
    child.on('error', (error) => {
      console.error(`cannot run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal === 'SIGINT' ? 130 : 1)));
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

const ESLINT_CONFIGS = [
  'eslint.config.js',
  'eslint.config.mjs',
  'eslint.config.cjs',
  'eslint.config.ts',
  'eslint.config.mts',
  'eslint.config.cts',
];

const totals = { passed: 0, failed: 0, skipped: 0 };
const results = [];
let chromiumPath;

/** Each step resolves with { code, note?, counts? }; `skipped` steps say why. */
const steps = [
  {
    name: 'Typecheck',
    command: 'npm run typecheck',
    enabled: runOthers,
    run: async () => ({ code: await run('npm', ['run', 'typecheck']) }),
  },
  {
    name: 'Lint',
    command: 'npm run lint',
    enabled: runOthers,
    run: async () => {
      if (!ESLINT_CONFIGS.some((file) => existsSync(join(root, file)))) {
        console.log(yellow('No ESLint configuration at the repository root yet: lint skipped.'));
        return { code: 0, skipped: 'no ESLint config' };
      }
      return { code: await run('npm', ['run', 'lint']) };
    },
  },
  {
    name: 'Unit and integration tests',
    command: 'npx vitest run',
    enabled: runOthers,
    run: async () => {
      const { code, counts } = await runVitest([], { label: 'unit and integration' });
      return { code, counts };
    },
  },
  {
    name: 'Chromium for the browser tests',
    command: 'CHROMIUM_PATH, else chromium on PATH, else apt-get install chromium',
    enabled: runE2e,
    run: async () => {
      const fromEnv = process.env.CHROMIUM_PATH;
      if (fromEnv) {
        if (isExecutableFile(fromEnv)) chromiumPath = fromEnv;
        else console.log(yellow(`CHROMIUM_PATH=${fromEnv} is not an executable file; looking for chromium on PATH.`));
      }
      chromiumPath ??= onPath('chromium');
      const isDebian = existsSync('/etc/debian_version');
      const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
      if (!chromiumPath && isDebian && isRoot) {
        console.log("Chromium not found: installing Debian's chromium (apt-get install -y chromium)…");
        const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
        const updated = await run('apt-get', ['update'], env);
        if (updated !== 0) return { code: updated, note: 'apt-get update failed' };
        const installed = await run('apt-get', ['install', '-y', 'chromium'], env);
        if (installed !== 0) return { code: installed, note: 'apt-get install chromium failed' };
        chromiumPath = onPath('chromium');
      }
      if (!chromiumPath) {
        console.log('Browser tests need Chromium: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH');
        return { code: 1, note: 'Chromium not found' };
      }
      console.log(`Using Chromium at ${chromiumPath}`);
      return { code: 0, note: chromiumPath };
    },
  },
  {
    name: 'Browser tests',
    command: 'npm run test:e2e',
    enabled: runE2e,
    run: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-report-'));
      const report = join(dir, 'report.json');
      const code = await run('npm', ['run', 'test:e2e'], { ...process.env, CHROMIUM_PATH: chromiumPath, E2E_JSON_REPORT: report });
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
      console.log(`browser: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
      if (code === 0 && counts.passed + counts.failed === 0) return { code: 1, counts, note: 'no browser test was executed' };
      return { code, counts };
    },
  },
];

const started = Date.now();
const enabled = steps.filter((step) => step.enabled);
let exitCode = 0;
for (const [index, step] of enabled.entries()) {
  console.log(`\n${bold(`━━ [${index + 1}/${enabled.length}] ${step.name}`)}  ${paint('2', step.command)}`);
  const stepStarted = Date.now();
  const outcome = await step.run();
  const seconds = (Date.now() - stepStarted) / 1000;
  if (outcome.counts) {
    totals.passed += outcome.counts.passed;
    totals.failed += outcome.counts.failed;
    totals.skipped += outcome.counts.skipped ?? 0;
  }
  results.push({ step, outcome, seconds });
  if (outcome.code !== 0) {
    exitCode = outcome.code;
    break;
  }
}

console.log(`\n${bold('━━ Summary')}`);
for (const step of steps) {
  const result = results.find((r) => r.step === step);
  if (!result) {
    const why = step.enabled ? 'not reached' : `not run (${runE2e ? '--only-e2e' : '--no-e2e'})`;
    console.log(`  ${step.enabled ? paint('2', '·') : yellow('–')} ${step.name.padEnd(32)}   ${why}`);
    continue;
  }
  const { outcome, seconds } = result;
  const mark = outcome.code !== 0 ? red('✖') : outcome.skipped ? yellow('–') : green('✔');
  const counts = outcome.counts ? ` — ${outcome.counts.passed} passed, ${outcome.counts.failed} failed` : '';
  const extra = outcome.skipped ? ` (skipped: ${outcome.skipped})` : outcome.note && outcome.code !== 0 ? ` (${outcome.note})` : '';
  console.log(`  ${mark} ${step.name.padEnd(32)} ${seconds.toFixed(1).padStart(6)} s${counts}${extra}`);
}

const elapsed = ((Date.now() - started) / 1000).toFixed(0);
if (exitCode === 0) {
  console.log(green(`npm test passed in ${elapsed} s`));
} else {
  const failed = results.at(-1);
  console.log(red(`npm test FAILED at "${failed.step.name}" (exit code ${exitCode}) after ${elapsed} s`));
}
console.log(`total: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(exitCode);
