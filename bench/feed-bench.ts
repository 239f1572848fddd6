/**
 * `npm run bench:feed -- [--base http://127.0.0.1:3000]`: what a calendar feed costs the other users of a running
 * demo server. Makes a fresh feed for four accounts (so each is built, not served from the kept answers), then
 *   1. fetches the largest (group.admin's) alone: its build time and size;
 *   2. fetches the other three and a second new one of group.admin's at once while GET /api/ping is asked every
 *      10 ms: the ping's median, p99 and max during the fetches;
 *   3. fetches group.admin's feed again with its ETag: 304.
 * Prints the figures and the load average; loopback only, bounded (a few seconds).
 */
import { loadavg } from 'node:os';
import { benchArgs } from './cli';

const values = benchArgs(import.meta.url, { base: { type: 'string', default: 'http://127.0.0.1:3000' } });
const base = values.base!.replace(/\/$/, '');
const PASSWORD = 'Portal#2026demo';
const json = { 'content-type': 'application/json', 'accept-version': '1' };

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${base}/v1/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: PASSWORD }) });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function newFeed(token: string): Promise<string> {
  const res = await fetch(`${base}/v1/calendar-feed`, {
    method: 'POST',
    headers: { 'accept-version': '1', authorization: `Bearer ${token}` },
  });
  if (res.status !== 201) throw new Error(`making a feed: ${res.status}`);
  return new URL(((await res.json()) as { url: string }).url).pathname;
}

async function fetchFeed(path: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { headers });
  const body = await res.text();
  return { status: res.status, ms: performance.now() - started, bytes: Buffer.byteLength(body), etag: res.headers.get('etag') ?? '' };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

const load = loadavg()[0]!.toFixed(2);
const group = await signIn('group.admin@demo.test');
const others = await Promise.all(['uk.admin@demo.test', 'us.admin@demo.test', 'school.admin@demo.test'].map(signIn));

const largest = await fetchFeed(await newFeed(group));
const events = largest.status === 200 ? 'built' : `status ${largest.status}`;
console.log(`largest feed (group.admin): ${events} in ${largest.ms.toFixed(0)} ms, ${(largest.bytes / 1024).toFixed(0)} kB`);

const paths = [await newFeed(group), ...(await Promise.all(others.map(newFeed)))];
const pings: number[] = [];
let fetching = true;
const pinger = (async () => {
  while (fetching) {
    const started = performance.now();
    await fetch(`${base}/api/ping`).then((r) => r.arrayBuffer());
    pings.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 10));
  }
})();
const started = performance.now();
const fetched = await Promise.all(paths.map((path) => fetchFeed(path)));
const wall = performance.now() - started;
fetching = false;
await pinger;
const sorted = [...pings].sort((a, b) => a - b);
console.log(
  `four feeds at once: ${fetched.map((f) => `${f.status} ${f.ms.toFixed(0)} ms`).join(', ')} (${wall.toFixed(0)} ms in all); ` +
    `GET /api/ping meanwhile, ${pings.length} asks: median ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
);
const again = await fetchFeed(paths[0]!, { 'if-none-match': fetched[0]!.etag });
console.log(`group.admin's feed again with its ETag: ${again.status} in ${again.ms.toFixed(1)} ms`);
console.log(`load average ${load} at the start, ${loadavg()[0]!.toFixed(2)} at the end`);
