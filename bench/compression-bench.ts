/**
 * `npm run bench:compression -w @portal/bench -- [--base http://127.0.0.1:3000] [--seconds=5] [--rounds=3]
 * [--connections 10]`: what compressed answers save and cost, against a running demo server
 * (apps/server/src/plugins/compression.ts).
 *   1. The largest answers of the demo world for group.admin (the bookings list, 100 rows; the group's calendar feed;
 *      the CSV exports of bookings, timesheets and invoices; the timesheets overview; a page of invoices), each
 *      fetched plain, with gzip and with brotli: bytes on the wire and time to the last byte (median of 5).
 *   2. What the same bytes cost to compress in this process, per coding and level (one core, median of 5; quality 11
 *      once): why brotli runs at quality 5.
 *   3. The web app's index page and its largest script: sent as the twins written at build time?
 *   4. autocannon on the 100-row bookings page (a kept answer, so compressing would be most of the work) without
 *      Accept-Encoding, with gzip and with brotli, `--rounds` rounds of `--seconds` each, interleaved so a change in
 *      the machine's load falls on all three: req/s and latency of the median round.
 * Prints the figures and the load average; loopback only, bounded (about two minutes).
 */
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import autocannon from './autocannon';
import { benchArgs } from './cli';

const values = benchArgs(import.meta.url, {
  base: { type: 'string', default: 'http://127.0.0.1:3000' },
  seconds: { type: 'string', default: '5' },
  connections: { type: 'string', default: '10' },
  rounds: { type: 'string', default: '3' },
});
const base = values.base!.replace(/\/$/, '');
const PASSWORD = 'Portal#2026demo';
const json = { 'content-type': 'application/json', 'accept-version': '1' };

/** GET with node:http, so the body is counted as sent (fetch would decode it). */
function get(path: string, headers: Record<string, string>): Promise<{ status: number; bytes: number; ms: number; coding: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { agent: false, headers: { 'accept-version': '1', ...headers } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          bytes,
          ms: performance.now() - started,
          coding: String(res.headers['content-encoding'] ?? '-'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function body(path: string, headers: Record<string, string>): Promise<Buffer> {
  const res = await fetch(`${base}${path}`, { headers: { 'accept-version': '1', 'accept-encoding': 'identity', ...headers } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;

const loadAtStart = loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
const login = await fetch(`${base}/v1/auth/login`, {
  method: 'POST',
  headers: json,
  body: JSON.stringify({ email: 'group.admin@demo.test', password: PASSWORD }),
});
if (login.status !== 200) throw new Error(`sign-in: ${login.status}`);
const token = ((await login.json()) as { accessToken: string }).accessToken;
const auth = { authorization: `Bearer ${token}` };
const feed = await fetch(`${base}/v1/calendar-feed`, { method: 'POST', headers: { 'accept-version': '1', ...auth } });
const feedPath = new URL(((await feed.json()) as { url: string }).url).pathname;

const answers: Array<{ name: string; path: string; headers: Record<string, string> }> = [
  { name: 'bookings list, 100 rows (JSON)', path: '/v1/bookings?sort=-date&take=100', headers: auth },
  { name: "the group's calendar feed (iCalendar)", path: feedPath, headers: {} },
  { name: 'bookings export (CSV)', path: '/v1/bookings?sort=-date', headers: { ...auth, accept: 'text/csv' } },
  { name: 'timesheets export (CSV)', path: '/v1/timesheets/list', headers: { ...auth, accept: 'text/csv' } },
  { name: 'invoices export (CSV)', path: '/v1/invoices', headers: { ...auth, accept: 'text/csv' } },
  { name: 'timesheets overview (JSON)', path: '/v1/timesheets/overview', headers: auth },
  { name: 'invoices, 100 rows (JSON)', path: '/v1/invoices?take=100', headers: auth },
];

console.log('1. Bytes on the wire, and time to the last byte (median of 5, this machine, loopback)');
console.log('answer | plain | gzip | brotli | plain ms | gzip ms | br ms');
const bodies = new Map<string, Buffer>();
for (const answer of answers) {
  // The calendar feed is limited per feed and address: it is fetched fewer times.
  const runs = answer.path === feedPath ? 2 : 5;
  bodies.set(answer.name, await body(answer.path, answer.headers));
  const row: string[] = [answer.name];
  const times: string[] = [];
  for (const coding of ['identity', 'gzip', 'br']) {
    const results = [];
    for (let i = 0; i < runs; i += 1) results.push(await get(answer.path, { ...answer.headers, 'accept-encoding': coding }));
    const last = results.at(-1)!;
    if (last.status !== 200) throw new Error(`${answer.name} (${coding}): ${last.status}`);
    if (coding !== 'identity' && last.coding !== coding) throw new Error(`${answer.name}: asked ${coding}, got ${last.coding}`);
    row.push(kB(last.bytes));
    times.push(median(results.map((r) => r.ms)).toFixed(1));
  }
  console.log([...row, ...times].join(' | '));
}

console.log('\n2. Compressing the same bytes here (ms, median of 5, br 11 once; size)');
console.log('answer | gzip 6 | gzip 9 | br 4 | br 5 | br 11');
const time = (f: () => Buffer, runs = 5) => {
  const ms: number[] = [];
  let out: Buffer = Buffer.alloc(0);
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    out = f();
    ms.push(performance.now() - started);
  }
  return `${median(ms).toFixed(1)} ms ${kB(out.length)}`;
};
for (const [name, data] of bodies) {
  const br = (q: number) => () => brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: q } });
  const runs = [() => gzipSync(data, { level: 6 }), () => gzipSync(data, { level: 9 }), br(4), br(5)];
  // Quality 11 takes seconds on the larger answers: timed once.
  console.log([`${name} (${kB(data.length)})`, ...runs.map((run) => time(run)), time(br(11), 1)].join(' | '));
}

console.log('\n3. The web app');
const index = await get('/', { accept: 'text/html', 'accept-encoding': 'br, gzip' });
console.log(`/ (index.html): ${index.status} ${index.coding} ${kB(index.bytes)}`);
const html = await (await fetch(`${base}/`, { headers: { accept: 'text/html' } })).text();
const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
for (const script of scripts.slice(0, 2)) {
  const plain = await get(script, { 'accept-encoding': 'identity' });
  const br = await get(script, { 'accept-encoding': 'br, gzip' });
  const gz = await get(script, { 'accept-encoding': 'gzip' });
  console.log(`${script}: plain ${kB(plain.bytes)}, ${br.coding} ${kB(br.bytes)}, ${gz.coding} ${kB(gz.bytes)}`);
}

const rounds = Number(values.rounds);
console.log(
  `\n4. autocannon, ${rounds} rounds of ${values.seconds} s per coding, interleaved, ${values.connections} connections: GET ${answers[0]!.path}`,
);
const runs = new Map<string, Array<{ rps: number; p50: number; p99: number; kBps: number; errors: number }>>();
for (let round = 0; round < rounds; round += 1) {
  for (const coding of [undefined, 'gzip', 'br']) {
    const result = await autocannon({
      url: `${base}${answers[0]!.path}`,
      headers: { 'accept-version': '1', ...auth, ...(coding ? { 'accept-encoding': coding } : {}) },
      connections: Number(values.connections),
      duration: Number(values.seconds),
    });
    const name = coding ?? 'none (plain)';
    const run = {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      kBps: result.throughput.average / 1024,
      errors: result.errors + result.non2xx,
    };
    runs.set(name, [...(runs.get(name) ?? []), run]);
  }
}
for (const [name, list] of runs) {
  const rps = list.map((r) => r.rps);
  console.log(
    `${name}: median ${median(rps).toFixed(0)} req/s (rounds ${rps.map((r) => r.toFixed(0)).join(', ')}), p50 ${median(list.map((r) => r.p50))} ms, ` +
      `p99 ${median(list.map((r) => r.p99))} ms, ${median(list.map((r) => r.kBps)).toFixed(0)} kB/s, ${list.reduce((sum, r) => sum + r.errors, 0)} errors`,
  );
}
console.log(
  `\nload average ${loadAtStart} at the start, ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} at the end`,
);
