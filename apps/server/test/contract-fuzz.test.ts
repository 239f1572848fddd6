import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { AccessTokens } from '../src/modules/identity/access-tokens';
import { startFamily } from '../src/modules/identity/identity.repository';
import { buildTestApp, type TestApp } from './helpers';
import { signIn } from './auth-client';
import { hostile, pathValue, queryString, SchemaArbitraries, type JsonSchema } from './contract-fuzz';
import { testPart } from '../../../scripts/test-parts.mjs';

/**
 * Fuzzing from the contract: for every operation of /v1/openapi.json with a body, a query
 * string, path parameters or the DELETE method, FUZZ_RUNS cases (100 by default; 30 in `npm test`'s quick part and 100
 * of another seed in its rest, scripts/test-parts.mjs; `npm run proof` asks 10,000, `--short` 1,000)
 * generated from its request schemas, mostly valid, hostile at every level now and then, sent as a capable caller
 * (the group admin; provider staff on staff routes; nobody on public ones). Properties:
 * - never a 5xx;
 * - every 4xx is an RFC 9457 problem (application/problem+json with type, title and the status);
 * - a refused request (4xx) changes no row (triggers count rows inserted minus deleted, and updated, per table).
 * The summary goes to the console and apps/server/test-results/contract-fuzz.json.
 */

// The pause of a slowed-down sign-in would make the sign-in cases wait seconds each (brute-force.test.ts tests it).
vi.mock('../src/modules/identity/slow-down', () => ({ pause: vi.fn(async () => undefined) }));

const PART = testPart();
const RUNS = Number(process.env.FUZZ_RUNS ?? (PART === 'quick' ? 30 : 100));
const SEED = Number(process.env.FUZZ_SEED ?? (PART === 'rest' ? 20260317 : 20260316));
const NOW = new Date(inject('testNow'));
const ARTEFACT = resolve(__dirname, '../test-results/contract-fuzz.json');

interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface Target {
  method: string;
  path: string;
  operation: Operation;
}
interface Finding {
  route: string;
  kind: '5xx' | 'not-a-problem' | 'refused-write';
  status: number;
  request: string;
  detail: string;
}
interface RouteSummary {
  route: string;
  cases: number;
  statuses: Record<string, number>;
  ms: number;
}

let t: TestApp;
let arbitraries: SchemaArbitraries;
let targets: Target[] = [];
let headers: { contact: Record<string, string>; staff: Record<string, string>; other: Record<string, string> };
const findings: Finding[] = [];
const summaries: RouteSummary[] = [];
let staffUrls: Set<string>;
let publicUrls: Set<string>;
/**
 * Rows changed per table, counted by triggers this test adds to its own database copy (a rolled-back change
 * leaves no count). Not counted: sign-in sessions and attempt counters (a refused sign-in counts on purpose), the
 * audit trail (provider staff's write attempts are recorded, refused ones too, on purpose), and the demo outbox,
 * which the background mailer fills from mail_queue (whose inserts are counted).
 */
const NOT_COUNTED = new Set(['refresh_tokens', 'auth_counters', 'meta', 'oidc_payloads', 'outbox_messages', 'audit_log', 'fuzz_changes']);
let counts = '';

async function installCounters() {
  const db = t.database.db;
  // Per table: rows inserted minus rows deleted, and rows updated. A row made and removed again within the request
  // (an Idempotency-Key claimed, then freed because the request failed) nets to nothing.
  await db.execute(sql`create table fuzz_changes (table_name text primary key, net bigint not null, updated bigint not null)`);
  await db.execute(
    sql.raw(`create function fuzz_count() returns trigger language plpgsql as $$
      declare
        d bigint := case TG_OP when 'INSERT' then 1 when 'DELETE' then -1 else 0 end;
        u bigint := case TG_OP when 'UPDATE' then 1 else 0 end;
      begin
        insert into fuzz_changes values (TG_TABLE_NAME, d, u)
          on conflict (table_name) do update set net = fuzz_changes.net + d, updated = fuzz_changes.updated + u;
        return null;
      end $$`),
  );
  const tables = await queryRows<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public'`);
  for (const { name } of tables) {
    if (NOT_COUNTED.has(name) || name.startsWith('__')) continue;
    // The mailer deletes sent rows from mail_queue in the background: only new mail counts.
    const events = name === 'mail_queue' ? 'insert' : 'insert or update or delete';
    await db.execute(sql.raw(`create trigger fuzz_count after ${events} on "${name}" for each row execute function fuzz_count()`));
  }
}

async function readCounts(): Promise<string> {
  const rows = await queryRows<{ t: string; n: string }>(
    t.database.db,
    sql`select table_name as t, net::text || '/' || updated::text as n from fuzz_changes where net <> 0 or updated <> 0 order by 1`,
  );
  return rows.map((r) => `${r.t}=${r.n}`).join(' ');
}

/** '/v1/bookings/{id}' → '/v1/bookings/:id' (the catalogue's spelling). */
const routeUrl = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
  const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, JsonSchema> };
  };
  arbitraries = new SchemaArbitraries(doc.components.schemas);
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const params = operation.parameters ?? [];
      const fuzzable =
        method === 'delete' || operation.requestBody !== undefined || params.some((p) => p.in === 'query' || p.in === 'path');
      if (fuzzable) targets.push({ method: method.toUpperCase(), path, operation });
    }
  }
  const only = process.env.FUZZ_ONLY;
  if (only) targets = targets.filter((x) => `${x.method} ${x.path}`.includes(only));
  staffUrls = new Set(t.app.routeCatalogue.filter((r) => r.staff).map((r) => `${r.method} ${r.url}`));
  publicUrls = new Set(t.app.routeCatalogue.filter((r) => r.public).map((r) => `${r.method} ${r.url}`));

  const [staffRow] = await queryRows<{ id: number }>(t.database.db, sql`select id from staff_users where email = 'staff@provider.test'`);
  const family = await startFamily(
    t.database.db,
    { staffUserId: staffRow!.id },
    { idleSeconds: 86_400, absoluteSeconds: 86_400 },
    new Date(),
  );
  const tokens = new AccessTokens(t.app.config.jwtSecret!, t.app.config.publicOrigin, 86_400);
  headers = {
    contact: (await signIn(t.app, 'group.admin@demo.test')).headers,
    staff: { authorization: `Bearer ${await tokens.sign({ kind: 'staff', staffUserId: staffRow!.id }, family.familyId)}` },
    // A password change with a wrong current password may count towards a lock-out: not the group admin's.
    other: (await signIn(t.app, 'uk.admin@demo.test')).headers,
  };
  await installCounters();
  counts = await readCounts();
}, 180_000);

afterAll(async () => {
  mkdirSync(resolve(ARTEFACT, '..'), { recursive: true });
  const cases = summaries.reduce((n, s) => n + s.cases, 0);
  const count = (kind: Finding['kind']) => findings.filter((f) => f.kind === kind).length;
  const summary = {
    runsPerRoute: RUNS,
    seed: SEED,
    routes: summaries.length,
    cases,
    fiveXx: count('5xx'),
    notProblem4xx: count('not-a-problem'),
    refusedWritesThatChangedData: count('refused-write'),
    durationMs: Math.round(summaries.reduce((n, s) => n + s.ms, 0)),
    findings: findings.slice(0, 200),
    perRoute: summaries,
  };
  writeFileSync(ARTEFACT, `${JSON.stringify(summary, null, 1)}\n`);
  console.warn(
    `contract fuzz: ${summary.routes} routes, ${cases} cases (${RUNS} per route, seed ${SEED}), 5xx: ${summary.fiveXx}, ` +
      `4xx not a problem: ${summary.notProblem4xx}, refused writes that changed data: ${summary.refusedWritesThatChangedData}; ` +
      `${Math.round(summary.durationMs / 1000)} s — ${ARTEFACT}`,
  );
  await t?.close();
});

interface Case {
  path: Record<string, string>;
  query: Record<string, unknown>;
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };
  key: string | undefined;
  ip: string;
}

function caseArbitrary(target: Target): fc.Arbitrary<Case> {
  const params = target.operation.parameters ?? [];
  const path = fc.record(Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, pathValue])));
  const queryParams = params.filter((p) => p.in === 'query');
  const query = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, arbitraries.of(p.schema)])), {
    requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
  });
  const schema = target.operation.requestBody?.content['application/json']?.schema;
  const body: fc.Arbitrary<Case['body']> = schema
    ? fc.oneof(
        { weight: 12, arbitrary: arbitraries.valid(schema).map((value) => ({ kind: 'json' as const, value })) },
        { weight: 2, arbitrary: hostile.map((value) => ({ kind: 'json' as const, value })) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(
              '{',
              '{"a":',
              'not json',
              '',
              '[1,2',
              '{"a":1}{"b":2}',
              '\u0000',
              'null',
              '"text"',
              '1e999',
              `{"x":"${'\\u0000'.repeat(50)}"}`,
            )
            .map((text) => ({ kind: 'raw' as const, text })),
        },
      )
    : fc.constant({ kind: 'none' as const });
  const hasKey = params.some((p) => p.in === 'header' && p.name === 'idempotency-key');
  const key = hasKey
    ? fc.oneof(
        { weight: 8, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: fc.constantFrom(undefined, '', ' ', 'x'.repeat(400), 'short', 'with spaces in it 0001') },
      )
    : fc.constant(undefined);
  const ip = fc.tuple(fc.integer({ min: 1, max: 250 }), fc.integer({ min: 1, max: 250 })).map(([a, b]) => `10.77.${a}.${b}`);
  return fc.record({ path, query, body, key, ip });
}

function request(target: Target, c: Case): InjectOptions {
  const route = `${target.method} ${routeUrl(target.path)}`;
  const url = target.path.replace(/\{([^}]+)\}/g, (_, name: string) => c.path[name] ?? '1') + queryString(c.query);
  const who = publicUrls.has(route)
    ? {}
    : staffUrls.has(route)
      ? headers.staff
      : route === 'POST /v1/auth/change-password'
        ? headers.other
        : headers.contact;
  const h: Record<string, string> = { ...who };
  if (c.key !== undefined) h['idempotency-key'] = c.key;
  const options: InjectOptions = { method: target.method as InjectOptions['method'], url, headers: h };
  // Public routes count attempts per address: spread them, so that the limits do not answer every case.
  if (publicUrls.has(route)) options.remoteAddress = c.ip;
  if (c.body.kind !== 'none') {
    h['content-type'] = 'application/json';
    options.payload = c.body.kind === 'json' ? (JSON.stringify(c.body.value) ?? 'null') : c.body.text;
  }
  return options;
}

const describeRequest = (o: InjectOptions) =>
  `${o.method} ${String(o.url).slice(0, 300)}${o.payload ? ` ${String(o.payload).slice(0, 300)}` : ''}`;

function isProblem(status: number, contentType: string | undefined, body: string): string | undefined {
  if (!contentType?.startsWith('application/problem+json')) return `content-type ${contentType}`;
  try {
    const problem = JSON.parse(body) as Record<string, unknown>;
    if (typeof problem.type !== 'string' || typeof problem.title !== 'string') return 'no type or title';
    if (problem.status !== status) return `status ${String(problem.status)} in the body`;
    return undefined;
  } catch {
    return 'not JSON';
  }
}

describe('fuzzing from the contract', () => {
  it('found operations to fuzz', () => {
    expect(targets.length).toBeGreaterThan(process.env.FUZZ_ONLY ? 0 : 50);
  });

  // A route's cases never stop at the first finding: all are counted, and listed at the end.
  it('answers every case below 500, refuses with problems and writes nothing when refusing', { timeout: 24 * 3_600_000 }, async () => {
    for (const target of targets) {
      const route = `${target.method} ${routeUrl(target.path)}`;
      const statuses: Record<string, number> = {};
      const started = performance.now();
      let cases = 0;
      await fc.assert(
        fc.asyncProperty(caseArbitrary(target), async (c) => {
          cases += 1;
          const options = request(target, c);
          const res = await t.app.inject(options);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          const note = (kind: Finding['kind'], detail: string) =>
            findings.push({ route, kind, status: res.statusCode, request: describeRequest(options), detail: detail.slice(0, 400) });
          if (process.env.FUZZ_DEBUG && res.statusCode >= 400 && cases <= 3)
            console.warn(describeRequest(options), '→', res.statusCode, res.body.slice(0, 300));
          if (res.statusCode >= 500) note('5xx', res.body);
          else if (res.statusCode >= 400) {
            const wrong = isProblem(res.statusCode, res.headers['content-type'] as string | undefined, res.body);
            if (wrong) note('not-a-problem', `${wrong}: ${res.body}`);
          }
          const now = await readCounts();
          if (now !== counts) {
            if (res.statusCode >= 400) {
              const before = new Set(counts.split(' '));
              note(
                'refused-write',
                `rows (inserted − deleted / updated) now ${now
                  .split(' ')
                  .filter((x) => !before.has(x))
                  .join(' ')}`,
              );
            }
            counts = now;
          }
          return true;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      summaries.push({ route, cases, statuses, ms: Math.round(performance.now() - started) });
    }
    const list = (kind: Finding['kind']) =>
      findings.filter((f) => f.kind === kind).map((f) => `${f.route} → ${f.status}: ${f.request} — ${f.detail}`);
    expect(list('5xx'), 'answers 5xx').toEqual([]);
    expect(list('not-a-problem'), '4xx answers that are not RFC 9457 problems').toEqual([]);
    expect(list('refused-write'), 'refused requests that changed data').toEqual([]);
  });
});
