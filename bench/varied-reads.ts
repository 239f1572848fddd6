import autocannon from './autocannon';
import { BOOKING_SORTS } from '@portal/contract/bookings';
import { INVOICE_SORTS, INVOICE_STATUSES } from '@portal/contract/invoices';

/**
 * Varied reads: every request draws its parameters at random from what the signed-in contact may see (the clients
 * and groups of its profile), as real traffic does, so the versioned-answer cache (docs/decisions/009), which serves a
 * URL asked for again, is not what is measured. Each kind is loaded alone and then the four mixed; the draws come
 * from a seeded generator, so two runs with the same `--seed` ask for the same URLs in the same order per kind.
 */

/** What the account may see, read from its profile. */
export interface VariedScope {
  clientIds: number[];
  groupIds: number[];
}

export interface VariedFigures {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors, timeouts and answers outside 2xx. */
  errors: number;
  requests: number;
  /** Requests sent (answered or not by the end) and the different URLs among them: close means few repeats. */
  sent: number;
  distinctUrls: number;
  /**
   * The same load against a bare Fastify route answering a sample of this kind's draws with the bytes the server sent
   * for them: what serving answers of that size costs on this machine at all. Absent when no ceiling was started.
   */
  ceiling?: { rps: number; p50: number; p99: number; errors: number };
  /** The mean bytes of an answer among the sampled draws. */
  meanBytes: number;
  /**
   * The server process's CPU seconds (every thread) per answered request during the measured run: what the server
   * spends on a request whatever else the machine did meanwhile, steadier than req/s on a shared machine.
   */
  cpuPerRequest?: number;
}

/** A drawn URL with the answer the server sent for it: what the ceiling server sends for that URL. */
export interface VariedSample {
  path: string;
  /** Base64. */
  body: string;
  contentType: string;
}

/** A server answering the samples' URLs with their bytes (api-bench.ts: ceiling-server.ts). */
export type StartCeiling = (samples: VariedSample[]) => Promise<{ base: string; stop: () => void }>;

/** Draws per kind sampled for the ceiling and the mean answer size. */
const SAMPLES_PER_KIND = 200;

interface LoadOptions {
  connections: number;
  duration: number;
  warmup: number;
  seed: number;
}

/** A small seeded generator (mulberry32): the same draws for the same seed. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;
const int = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** A local date `offset` days from today (the demo world holds a year of history and eight weeks ahead). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const HISTORY_DAYS = 365;
const HORIZON_DAYS = 56;
const someDay = (random: Random) => day(int(random, -HISTORY_DAYS, HORIZON_DAYS));

/** The web's list page sizes. */
const PAGE_SIZES = [25, 50, 100] as const;

/** Most people read the first page of a list; some page on. */
function paging(random: Random, pageSizes: readonly number[] = PAGE_SIZES): string {
  const take = pick(random, pageSizes);
  const page = random() < 0.5 ? 0 : int(random, 1, 4);
  return `skip=${page * take}&take=${take}`;
}

/** No client chosen (all the account may see) half of the time, else one to five of its clients. */
function clientSelection(random: Random, clientIds: number[]): string {
  if (clientIds.length === 0 || random() < 0.5) return '';
  const chosen = new Set<number>();
  const count = Math.min(clientIds.length, int(random, 1, 5));
  while (chosen.size < count) chosen.add(pick(random, clientIds));
  return [...chosen].map((id) => `clientIds=${id}&`).join('');
}

/** A date range of one day to three months inside the demo world, a start alone, or none. */
function dateRange(random: Random): string {
  const draw = random();
  if (draw < 0.2) return '';
  const from = int(random, -HISTORY_DAYS, HORIZON_DAYS);
  if (draw < 0.35) return `dateFromLocal=${day(from)}&`;
  return `dateFromLocal=${day(from)}&dateToLocal=${day(from + int(random, 0, 90))}&`;
}

interface Kind {
  name: string;
  /** Whether the account can use it at all (a group overview needs a group). */
  usable: (scope: VariedScope) => boolean;
  draw: (random: Random, scope: VariedScope) => string;
}

const KINDS: Kind[] = [
  {
    name: 'GET /v1/bookings (clients, dates, sort, page)',
    usable: () => true,
    draw: (random, { clientIds }) =>
      `/v1/bookings?${clientSelection(random, clientIds)}${dateRange(random)}sort=${pick(random, BOOKING_SORTS)}&${paging(random)}`,
  },
  {
    name: 'GET /v1/clients/{id}/bookings (client, from, page)',
    usable: ({ clientIds }) => clientIds.length > 0,
    draw: (random, { clientIds }) =>
      `/v1/clients/${pick(random, clientIds)}/bookings?${random() < 0.3 ? '' : `dateFromLocal=${someDay(random)}&`}${paging(random)}`,
  },
  {
    name: 'GET /v1/client-groups/{id}/overview (group, date)',
    usable: ({ groupIds }) => groupIds.length > 0,
    draw: (random, { groupIds }) =>
      `/v1/client-groups/${pick(random, groupIds)}/overview?filterDate=${someDay(random)}&timeZone=Australia/Sydney`,
  },
  {
    name: 'GET /v1/invoices (clients, status, sort, page)',
    usable: () => true,
    draw: (random, { clientIds }) => {
      const status = random() < 0.4 ? '' : `status=${pick(random, INVOICE_STATUSES)}&`;
      return `/v1/invoices?${clientSelection(random, clientIds)}${status}sort=${pick(random, INVOICE_SORTS)}&${paging(random, [10, 25, 50, 100])}`;
    },
  },
];

/** The name of the mixed load, for `--only`. */
export const VARIED_MIXED = 'varied: the four mixed';
export const variedName = (kind: string) => `varied: ${kind}`;

/**
 * `count` draws of `draw` with the answers the server sent for them, one at a time before any load; or, where a draw
 * is refused, the refusal: a request must answer 200 (a refusal means a draw the account may not make, which the
 * bench must not measure).
 */
async function sampleAnswers(
  base: string,
  headers: Record<string, string>,
  draw: () => string,
  count: number,
): Promise<VariedSample[] | string> {
  const samples: VariedSample[] = [];
  for (let i = 0; i < count; i += 1) {
    const path = draw();
    const res = await fetch(base + path, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) return `${path} answers ${res.status}`;
    samples.push({ path, body: body.toString('base64'), contentType: res.headers.get('content-type') ?? 'application/json' });
  }
  return samples;
}

async function loadVaried(
  base: string,
  headers: Record<string, string>,
  draw: () => string,
  options: LoadOptions,
  cpuSeconds?: () => number | undefined,
) {
  const urls = new Set<string>();
  let sent = 0;
  const run = (duration: number) =>
    autocannon({
      url: base,
      connections: options.connections,
      duration,
      headers,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            const path = draw();
            sent += 1;
            urls.add(path);
            return { ...request, path };
          },
        },
      ],
    });
  if (options.warmup > 0) await run(options.warmup);
  urls.clear();
  sent = 0;
  const cpuBefore = cpuSeconds?.();
  const result = await run(options.duration);
  const cpuAfter = cpuSeconds?.();
  const cpuPerRequest =
    cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
      ? undefined
      : (cpuAfter - cpuBefore) / result.requests.total;
  return { result, sent, distinctUrls: urls.size, cpuPerRequest };
}

/** Each usable kind alone, then all of them mixed (a kind drawn at random per request). */
export async function benchVariedReads(
  base: string,
  token: string,
  scope: VariedScope,
  options: LoadOptions,
  wanted: (name: string) => boolean,
  startCeiling?: StartCeiling,
  /** The server process's CPU time so far (user and system, all its threads), in seconds; undefined: unknown. */
  serverCpu?: () => number | undefined,
): Promise<VariedFigures[]> {
  const headers = { authorization: `Bearer ${token}` };
  // A load's draws from its seed; its samples from another seed (the same kinds of URL, not the load's own).
  const drawOf = (kinds: Kind[], seed: number): (() => string) => {
    const random = generator(seed);
    const [only] = kinds;
    return kinds.length === 1 ? () => only!.draw(random, scope) : () => pick(random, kinds).draw(random, scope);
  };
  const usable: Kind[] = [];
  for (const kind of KINDS.filter((k) => k.usable(scope))) {
    const probed = await sampleAnswers(base, headers, drawOf([kind], options.seed), 5);
    if (typeof probed === 'string') console.log(`  ${variedName(kind.name)}: not benchmarked (${probed})`);
    else usable.push(kind);
  }
  const loads: Array<{ route: string; kinds: Kind[]; seed: number }> = usable.map((kind, i) => ({
    route: variedName(kind.name),
    kinds: [kind],
    seed: options.seed + i,
  }));
  if (usable.length > 1) loads.push({ route: VARIED_MIXED, kinds: usable, seed: options.seed + usable.length });
  const wantedLoads = loads.filter((l) => wanted(l.route));
  const samples = new Map<string, VariedSample[]>();
  for (const { route, kinds, seed } of wantedLoads) {
    const sampled = await sampleAnswers(base, headers, drawOf(kinds, seed + 1_000_003), SAMPLES_PER_KIND);
    if (typeof sampled === 'string') throw new Error(`${route}: ${sampled} while sampling its answers`);
    samples.set(route, sampled);
  }
  const ceiling = startCeiling ? await startCeiling([...samples.values()].flat()) : undefined;
  const figures: VariedFigures[] = [];
  try {
    for (const { route, kinds, seed } of wantedLoads) {
      const { result, sent, distinctUrls, cpuPerRequest } = await loadVaried(base, headers, drawOf(kinds, seed), options, serverCpu);
      const sampled = samples.get(route)!;
      let bare: VariedFigures['ceiling'];
      if (ceiling) {
        // The bare route, right after the real one: the sampled URLs drawn at random, without the sign-in header.
        const random = generator(seed);
        const { result: b } = await loadVaried(ceiling.base, {}, () => pick(random, sampled).path, options);
        bare = { rps: b.requests.average, p50: b.latency.p50, p99: b.latency.p99, errors: b.errors + b.timeouts + b.non2xx };
      }
      figures.push({
        route,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
        requests: result.requests.total,
        sent,
        distinctUrls,
        ...(bare ? { ceiling: bare } : {}),
        ...(cpuPerRequest === undefined ? {} : { cpuPerRequest }),
        meanBytes: sampled.reduce((sum, x) => sum + Buffer.byteLength(x.body, 'base64'), 0) / sampled.length,
      });
    }
  } finally {
    ceiling?.stop();
  }
  return figures;
}
