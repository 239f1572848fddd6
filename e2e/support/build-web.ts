import { spawn } from 'node:child_process';
import { repoRoot } from './paths';

/**
 * The server serves `apps/web/dist`, so the tests always run against a fresh production build of the web app and
 * of the server (`apps/server/dist`, what `npm start` runs); a build takes a few seconds, a stale one would test
 * yesterday's code. E2E_SKIP_BUILD=1 skips both (the server then runs from its sources, see server.ts); E2E_BUILT=1
 * (set by `npm test`, whose static lane has just built both) uses them as they are.
 */
export async function buildWebApp(): Promise<void> {
  if (process.env.E2E_BUILT === '1') {
    console.log('[e2e] the web app and the server were built by npm test in this run');
    return;
  }
  if (process.env.E2E_SKIP_BUILD === '1') {
    console.log('[e2e] E2E_SKIP_BUILD=1: using the existing apps/web/dist');
    return;
  }
  await buildWorkspace('@portal/web', 'web app');
  await buildWorkspace('@portal/server', 'server');
}

async function buildWorkspace(workspace: string, name: string): Promise<void> {
  const started = Date.now();
  let output = '';
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', workspace], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  if (code !== 0) {
    console.error(output);
    throw new Error(`[e2e] building the ${name} failed (npm run build -w ${workspace} exited ${code})`);
  }
  console.log(`[e2e] ${name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
