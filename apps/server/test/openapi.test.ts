import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectFetch } from '../src/lib/inject-fetch';
import { buildTestApp, type TestApp } from './helpers';
import { signIn } from './auth-client';

/**
 * The OpenAPI document serves a consumer: every operation is named and says who may call it, Redocly's
 * recommended rules find nothing in it, and a client generated from it (openapi-typescript + openapi-fetch)
 * typechecks and talks to the app.
 */

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ORIGIN = 'http://portal.test';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

interface Operation {
  operationId?: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, unknown>;
  'x-permission'?: unknown;
}
interface Document {
  info: { license?: unknown };
  servers?: unknown[];
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, unknown> };
}

let t: TestApp;
let doc: Document;
/** A directory inside the package, so the generated client resolves openapi-fetch like our own code. */
let dir: string;

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ key: `${method.toUpperCase()} ${path}`, op: item[method] }] : [])),
  );

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  dir = await mkdtemp(join(serverDir, '.openapi-test-'));
  await writeFile(join(dir, 'openapi.json'), res.body);
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the OpenAPI document', () => {
  it('names every operation and says who may call it', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(50);
    const ids = ops.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.components.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const { key, op } of ops) {
      expect(op['x-permission'], key).toBeDefined();
      expect(op['x-permission'], key).not.toBeNull();
      expect(op.description, key).toMatch(/Permission/);
      if (op['x-permission'] === 'public') expect(op.security, key).toEqual([]);
      else expect(op.security, key).toEqual([{ bearer: [] }]);
    }
    const byKey = Object.fromEntries(ops.map(({ key, op }) => [key, op]));
    expect(byKey['POST /v1/auth/login']?.['x-permission']).toBe('public');
    expect(byKey['GET /v1/profile']?.['x-permission']).toBe('signedIn');
    expect(byKey['PUT /v1/service-status']?.['x-permission']).toBe('staff');
    for (const method of ['GET', 'PUT']) {
      expect(byKey[`${method} /v1/provider/client-groups/{groupId}/second-step`]?.['x-permission'], method).toBe('staff');
    }
    expect(byKey['GET /v1/timesheets']?.['x-permission']).toMatchObject({ name: 'timesheets', requirement: 'ALL' });
    expect(byKey['POST /v1/bookings/{id}/cancel']?.['x-permission']).toMatchObject({
      requirement: 'ALL',
      permissions: [{ scope: 'booking', action: 'delete' }],
      per: 'location',
    });
    expect(byKey['GET /v1/invoices']?.description).toContain('Permission (finance): accounts view anywhere.');
  });

  it('documents the CSV exports of the lists beside their JSON', () => {
    for (const path of ['/v1/invoices', '/v1/timesheets/list', '/v1/bookings']) {
      const ok = doc.paths[path]?.get?.responses['200'] as { content?: Record<string, { schema?: { type?: string } }> } | undefined;
      expect(Object.keys(ok?.content ?? {}), path).toEqual(['application/json', 'text/csv']);
      expect(ok?.content?.['text/csv']?.schema?.type, path).toBe('string');
    }
  });

  it('passes Redocly’s recommended rules without an error or a warning', { timeout: 60_000 }, async () => {
    const bin = join(serverDir, '../../node_modules/.bin/redocly');
    const config = join(serverDir, 'redocly.yaml');
    const run = await promisify(execFile)(bin, ['lint', join(dir, 'openapi.json'), `--config=${config}`, '--format=json'], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 32 * 1024 * 1024,
    }).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '' }));
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number; ignored: number };
      problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
    };
    const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('generates a typed client that typechecks and calls the app', { timeout: 60_000 }, async () => {
    const types = astToString(await openapiTS(doc as never));
    await writeFile(join(dir, 'api.d.ts'), types);
    await writeFile(
      join(dir, 'consumer.ts'),
      `import createClient from 'openapi-fetch';
import type { operations, paths } from './api';

type Profile = operations['getProfile']['responses'][200]['content']['application/json'];

export async function consume(fetch: (request: Request) => Promise<Response>, token: string) {
  // JSON answers: the lists also answer text/csv (their exports), which a consumer asks for by its Accept.
  const client = createClient<paths, \`\${string}/json\`>({ baseUrl: '${ORIGIN}', fetch });
  const headers = { authorization: \`Bearer \${token}\` };
  const profile = await client.GET('/v1/profile', { headers });
  const email: string | undefined = (profile.data as Profile | undefined)?.contact.emailAddress;
  const list = await client.GET('/v1/bookings', { params: { query: { take: 2 } }, headers });
  const first: number | undefined = list.data?.[0]?.id;
  const detail = first === undefined ? undefined : await client.GET('/v1/bookings/{id}', { params: { path: { id: first } }, headers });
  const denied = await client.GET('/v1/profile');
  return { email, count: list.data?.length, detailId: detail?.data?.id, deniedStatus: denied.response.status, deniedCode: denied.error?.code };
}
`,
    );
    const program = ts.createProgram([join(dir, 'consumer.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      skipLibCheck: true,
      types: [],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n') + (d.file ? ` (${d.file.fileName})` : ''));
    expect(diagnostics).toEqual([]);

    const viaInject = injectFetch(t.app, ORIGIN);
    const fetch = async (request: Request) =>
      viaInject(request.url, {
        method: request.method,
        headers: Object.fromEntries(request.headers),
        body: request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text(),
      });
    const { accessToken } = await signIn(t.app, 'group.admin@demo.test');
    const { consume } = (await import(join(dir, 'consumer.ts'))) as {
      consume: (f: typeof fetch, token: string) => Promise<Record<string, unknown>>;
    };
    const result = await consume(fetch, accessToken);
    expect(result.email).toBe('group.admin@demo.test');
    expect(result.count).toBe(2);
    expect(typeof result.detailId).toBe('number');
    expect(result).toMatchObject({ deniedStatus: 401, deniedCode: 'unauthorized' });
  });
});
