// Runs Vitest with the given arguments and ends with one plain line, 'N passed, N failed[, N skipped]', that
// CI reads. The exit code is Vitest's, and a run that executed no test at all fails.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/** Spawns a command with our output; resolves with its exit code. */
function inherit(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
}

/**
 * `run(command, args)` and `log(text)` replace the default spawn and console.log (scripts/test.mjs prefixes the lines
 * of lanes run side by side).
 * Besides the counts, prints the slowest files: where the time of the run went.
 */
export async function runVitest(
  args,
  { label = 'tests', env = process.env, run = (cmd, a) => inherit(cmd, a, env), log = console.log } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-summary-'));
  const report = join(dir, 'report.json');
  const code = await run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args]);
  let counts = { passed: 0, failed: 0, skipped: 0 };
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    counts = {
      passed: r.numPassedTests ?? 0,
      failed: (r.numFailedTests ?? 0) + ((r.numFailedTestSuites ?? 0) ? 0 : 0),
      skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
    };
    if (!r.success && counts.failed === 0) counts.failed = r.numFailedTestSuites ?? 1;
    const slowest = (r.testResults ?? [])
      .map((f) => ({ file: relative(process.cwd(), f.name), seconds: (f.endTime - f.startTime) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 8);
    if (slowest.length > 0) {
      const lines = slowest.map((f) => `  ${f.seconds.toFixed(1).padStart(6)} s  ${f.file}`).join('\n');
      log(`${label}: slowest files\n${lines}`);
    }
  } catch {
    if (code !== 0) counts.failed = 1;
  }
  rmSync(dir, { recursive: true, force: true });
  const total = counts.passed + counts.failed;
  log(`${label}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
  if (total === 0) {
    log(`${label}: no test was executed`);
    return { code: code || 1, counts };
  }
  return { code, counts };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { code } = await runVitest(process.argv.slice(2));
  process.exit(code);
}
