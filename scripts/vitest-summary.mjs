// Runs Vitest with the given arguments and ends with one plain line, 'N passed, N failed[, N skipped]', that
// CI reads. The exit code is Vitest's, and a run that executed no test at all fails.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function runVitest(args, { label = 'tests', env = process.env } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-summary-'));
  const report = join(dir, 'report.json');
  const code = await new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args], {
      stdio: 'inherit',
      env,
    });
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
  let counts = { passed: 0, failed: 0, skipped: 0 };
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    counts = {
      passed: r.numPassedTests ?? 0,
      failed: (r.numFailedTests ?? 0) + ((r.numFailedTestSuites ?? 0) ? 0 : 0),
      skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
    };
    if (!r.success && counts.failed === 0) counts.failed = r.numFailedTestSuites ?? 1;
  } catch {
    if (code !== 0) counts.failed = 1;
  }
  rmSync(dir, { recursive: true, force: true });
  const total = counts.passed + counts.failed;
  console.log(`${label}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
  if (total === 0) {
    console.error(`${label}: no test was executed`);
    return { code: code || 1, counts };
  }
  return { code, counts };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { code } = await runVitest(process.argv.slice(2));
  process.exit(code);
}
