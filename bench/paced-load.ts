/**
 * A fixed request rate, evenly spaced: request i is planned at start + i / rate and its latency is counted from
 * that planned moment to the end of its answer, so a stall on either side delays every request behind it and
 * shows in the percentiles (no coordinated omission).
 *
 * Why not autocannon's `overallRate`: it lets each connection send its share of a second back to back as the
 * second begins and then wait for the next one, so '1,000 req/s' arrives as a burst at the start of every second;
 * and it corrects for coordinated omission with an expected interval of 1 ms per connection, adding a made-up
 * sample for every millisecond of any answer slower than that (measured at scale 100 on
 * PostgreSQL: p99 29–49 ms there, 9 ms here, in the same run).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

export interface PacedFigures {
  planned: number;
  answered: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
}

export async function pacedLoad(
  url: string,
  headers: Record<string, string>,
  { rate, durationMs, maxSockets = 64 }: { rate: number; durationMs: number; maxSockets?: number },
): Promise<PacedFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const pending = new Set<Promise<void>>();
  const send = (plannedAt: number) =>
    new Promise<void>((resolve) => {
      const req = http.request(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, headers, agent },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => {
            if (res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300) {
              latencies.push(performance.now() - plannedAt);
            } else non2xx += 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });

  const interval = 1000 / rate;
  const total = Math.round((rate * durationMs) / 1000);
  const start = performance.now();
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    // Every request whose planned moment has come goes now (timers fire at best every millisecond or so).
    while (sent < total && start + sent * interval <= now) {
      const p = send(start + sent * interval);
      pending.add(p);
      void p.then(() => pending.delete(p));
      sent += 1;
    }
    await sleep(Math.max(0, start + sent * interval - performance.now()));
  }
  await Promise.all(pending);
  const elapsed = performance.now() - start;
  agent.destroy();
  latencies.sort((x, y) => x - y);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return {
    planned: total,
    answered: latencies.length,
    rps: (latencies.length * 1000) / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    errors,
    non2xx,
  };
}

/**
 * Run in a process of its own (`pacedLoadApart`), so that the bench's own heap, grown by the autocannon runs before
 * it, does not pause the requests it plans (a stall of the client counts against the server here).
 */
export function pacedLoadApart(
  url: string,
  headers: Record<string, string>,
  options: { rate: number; durationMs: number; warmupMs: number },
): Promise<PacedFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), JSON.stringify({ url, headers, ...options })],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as PacedFigures) : reject(new Error(`paced load exited ${code}`))));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url, headers, rate, durationMs, warmupMs } = JSON.parse(process.argv[2]!) as {
    url: string;
    headers: Record<string, string>;
    rate: number;
    durationMs: number;
    warmupMs: number;
  };
  if (warmupMs > 0) await pacedLoad(url, headers, { rate, durationMs: warmupMs });
  process.stdout.write(JSON.stringify(await pacedLoad(url, headers, { rate, durationMs })));
}
