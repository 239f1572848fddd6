#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch, PORT 3000 unless set) and Vite with hot reload (port 5173,
// proxying /v1, /api, /docs, /dev and /config.runtime.json to the API), output prefixed per process.
// Ctrl-C stops both; if either exits, the other is stopped too. The API's JSON log lines are shown by pino-pretty
// (here only: `npm start` and production write the JSON lines as they are).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import pinoPretty from 'pino-pretty';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.PORT || '3000';
const webPort = process.env.WEB_PORT || '5173';

const colour = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (colour ? `\x1b[${code}m${text}\x1b[0m` : text);

const localTsx = join(root, 'node_modules', '.bin', 'tsx');
const processes = [
  {
    name: 'api',
    colour: '36',
    command: existsSync(localTsx) ? localTsx : 'npx',
    args: [...(existsSync(localTsx) ? [] : ['tsx']), 'watch', '--import', './apps/server/src/instrument.ts', 'apps/server/src/main.ts'],
    pretty: true,
    env: {
      NODE_ENV: 'development',
      PUBLIC_ORIGIN: `http://localhost:${webPort}`,
      ...process.env,
      PORT: apiPort,
    },
  },
  {
    name: 'web',
    colour: '35',
    command: 'npm',
    args: ['run', 'dev', '-w', '@portal/web'],
    env: { ...process.env, API_PORT: apiPort, WEB_PORT: webPort },
  },
];

function prefixLines(stream, prefix, out) {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${prefix} ${line}\n`));
}

/** A stream that pretty-prints JSON log lines (other lines pass as they are) to `out`, each line prefixed. */
function prettyLines(prefix, out) {
  const prefixed = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) out.write(`${prefix} ${line}\n`);
      done();
    },
  });
  return pinoPretty({
    colorize: colour,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
    destination: prefixed,
    sync: true,
  });
}

let stopping = false;
let exitCode = 0;
const running = new Set();

for (const proc of processes) {
  // Each child leads its own process group, so stopping it also stops what it started (tsx's server, esbuild).
  const child = spawn(proc.command, proc.args, { cwd: root, env: proc.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const prefix = paint(proc.colour, `[${proc.name}]`);
  if (proc.pretty) {
    child.stdout.pipe(prettyLines(prefix, process.stdout));
    child.stderr.pipe(prettyLines(prefix, process.stderr));
  } else {
    prefixLines(child.stdout, prefix, process.stdout);
    prefixLines(child.stderr, prefix, process.stderr);
  }
  proc.child = child;
  running.add(proc);
  child.on('error', (error) => {
    console.error(`${prefix} cannot start ${proc.command}: ${error.message}`);
  });
  child.on('exit', (code, signal) => {
    running.delete(proc);
    if (!stopping) {
      console.error(`${paint('33', '[dev]')} ${proc.name} exited (${signal ?? `code ${code}`}); stopping the rest.`);
      exitCode = code || 1;
      stop();
    }
    if (running.size === 0) process.exit(exitCode);
  });
}

console.log(`${paint('33', '[dev]')} API on http://127.0.0.1:${apiPort}, web app on http://localhost:${webPort} — Ctrl-C stops both.`);

function signalGroup(proc, signal) {
  try {
    process.kill(-proc.child.pid, signal);
  } catch {
    // Already gone.
  }
}

function stop() {
  if (stopping) return;
  stopping = true;
  for (const proc of running) signalGroup(proc, 'SIGTERM');
  // The API closes gracefully (up to 10 s); after that, force.
  setTimeout(() => {
    for (const proc of running) signalGroup(proc, 'SIGKILL');
  }, 12_000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (stopping) {
      for (const proc of running) signalGroup(proc, 'SIGKILL');
      return;
    }
    console.log(`\n${paint('33', '[dev]')} stopping…`);
    exitCode = signal === 'SIGINT' ? 0 : 1;
    stop();
  });
}
