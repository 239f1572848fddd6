import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { signIn, type SignedIn } from './auth-client';

/**
 * Authentication is decided on the matched route, never on the raw URL. Every route that is not
 * declared public is called without a token, over a real socket, through every spelling of its path that an
 * attacker might try: percent-encoded letters and slashes, absolute-form request targets, doubled slashes,
 * changed case, trailing dots and slashes, dot segments. None may answer 2xx (or 3xx); the plain spelling must
 * answer 401 before the body is even looked at.
 */

/** The routes that may be called without a token, each on purpose. A new public route must be added here. */
const PUBLIC_ROUTES = new Set([
  'GET /api/ping',
  'GET /api/ready',
  'GET /config.runtime.json',
  'GET /v1/openapi.json',
  'GET /v1/service-status',
  'POST /v1/auth/login',
  'POST /v1/auth/refresh',
  'POST /v1/auth/logout',
  'POST /v1/auth/password-reset',
  'POST /v1/auth/password-reset/confirm',
  'POST /v1/auth/unlock',
  'GET /v1/auth/enterprise/start',
  'GET /v1/auth/enterprise/callback',
  'GET /v1/auth/enterprise/logout',
  // The second step of a password sign-in: its single-use challenge (or enrolment token) is the credential.
  'POST /v1/auth/mfa/verify',
  'POST /v1/auth/mfa/passkey/options',
  'POST /v1/auth/mfa/enrolment/totp',
  'POST /v1/auth/mfa/enrolment/totp/confirm',
  // Single sign-on per school group: discovery for the sign-in page, then the flow to the group's provider.
  'POST /v1/auth/sso/discover',
  'GET /v1/auth/sso/start',
  'GET /v1/auth/sso/callback',
  // The key in parentheses is the credential.
  'GET /v1/file/:accessKey',
  // The single-use ticket in the query is the credential.
  'GET /v1/events',
  // The bookings calendar feed: the secret in the URL is the credential.
  'GET /v1/calendar/:file',
  // Approve from the e-mail: the link's secret is the credential.
  'GET /v1/email-actions/:token',
  'POST /v1/email-actions/:token',
  // Demo mode, loopback only.
  'GET /v1/dev/outbox',
  'GET /dev/outbox',
  // The embedded staff login of demo mode (its own form and lock-out).
  'GET /staff-login/:uid',
  'POST /staff-login/:uid',
  // The demo's school provider of the SSO trust (its own form and lock-out).
  'GET /school-idp-login/:uid',
  'POST /school-idp-login/:uid',
  // The web app's files (here the test build's two) and its manifest: the sign-in page is one of them.
  'GET /index.html',
  'GET /first-page-texts.json',
  'GET /manifest.webmanifest',
  // The web app's Home and an invoice's page: drawn for a valid first-page cookie, else the page as built.
  'GET /',
  'GET /finance/invoices/:invoiceNo',
]);
/** Swagger UI's own pages and assets. */
const isDocs = (url: string) => url === '/docs' || url.startsWith('/docs/');

interface Answer {
  status: number;
  body: string;
}

let t: TestApp;
let dist: string;
let origin: { host: string; port: number };
let contact: SignedIn;

/** A raw request: the target goes on the request line exactly as given (absolute form included). */
function send(method: string, target: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: origin.host, port: origin.port, method, path: target, headers: { host: 'portal.test', ...headers }, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** A concrete path for a route: every parameter filled with a plausible id. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

/** The spellings of one path that must never reach the route without a token. */
export function variants(path: string): string[] {
  const [, first = '', ...rest] = path.split('/');
  const tail = rest.join('/');
  const encodeAll = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
  const swapCase = (s: string) => s.replace(/[a-z]/, (c) => c.toUpperCase());
  return [
    `/%${first.charCodeAt(0).toString(16)}${first.slice(1)}/${tail}`,
    `/${encodeAll(first)}/${tail}`,
    `/${first}/${encodeAll(tail.split('/')[0] ?? '')}${tail.includes('/') ? `/${tail.split('/').slice(1).join('/')}` : ''}`,
    `/${first}%2F${tail}`,
    `/%2F${first}/${tail}`,
    `//${first}/${tail}`,
    `/${first}//${tail}`,
    `/${swapCase(first)}/${tail}`,
    `/${first}/${swapCase(tail)}`,
    `${path}.`,
    `${path}/`,
    `${path}/.`,
    `/./${first}/${tail}`,
    `/x/../${first}/${tail}`,
    `${path};x=1`,
    `${path}%00`,
    `${path}?`,
    `http://portal.test${path}`,
    `http://evil.example${path}`,
    `http://portal.test/%${first.charCodeAt(0).toString(16)}${first.slice(1)}/${tail}`,
    `HTTP://PORTAL.TEST${path}`,
  ];
}

beforeAll(async () => {
  // A web build, so that the routes it brings are listed too.
  dist = mkdtempSync(join(tmpdir(), 'portal-route-authentication-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
  writeFileSync(join(dist, 'first-page-texts.json'), '{}');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Portal"}');
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address() as AddressInfo;
  origin = { host: '127.0.0.1', port: address.port };
  contact = await signIn(t.app, 'group.admin@demo.test');
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const guarded = () =>
  t.app.routeCatalogue.filter((r) => !PUBLIC_ROUTES.has(`${r.method} ${r.url}`) && !isDocs(r.url) && !r.url.startsWith('/assets/'));

describe('authentication on the matched route', () => {
  it('declares public exactly the routes meant to be public', () => {
    const declared = t.app.routeCatalogue.filter((r) => r.public && !isDocs(r.url)).map((r) => `${r.method} ${r.url}`);
    expect(declared.filter((r) => !PUBLIC_ROUTES.has(r))).toEqual([]);
    // And every route not in the list requires a principal (the catalogue marks it not public).
    expect(guarded().filter((r) => r.public)).toEqual([]);
  });

  it('declares on every guarded route what it needs (a permission, or staff only), where it is registered', () => {
    const undeclared = guarded()
      .filter((r) => !r.staff && r.permission === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    // Staff routes need no contact permission; public ones none at all.
    const mixed = t.app.routeCatalogue
      .filter((r) => r.permission !== undefined && (r.staff || r.public))
      .map((r) => `${r.method} ${r.url}`);
    expect(mixed).toEqual([]);
  });

  it('answers 401 to every guarded route without a token, before judging the body', { timeout: 120_000 }, async () => {
    const routes = guarded();
    expect(routes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const route of routes) {
      const path = concrete(route.url);
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      // A body that breaks every schema: it must not be judged before the caller is known.
      const answer = await send(route.method, path, hasBody ? { 'content-type': 'application/json' } : {}, hasBody ? '{"x":' : undefined);
      if (answer.status !== 401) wrong.push(`${route.method} ${path} → ${answer.status}`);
      // Fastify answers HEAD for every GET route: the same guard applies.
      if (route.method === 'GET') {
        const head = await send('HEAD', path);
        if (head.status !== 401) wrong.push(`HEAD ${path} → ${head.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  // Some thousands of real requests: a busy machine needs more than the default 30 s.
  it('never lets an odd spelling of a guarded path through without a token', { timeout: 180_000 }, async () => {
    const wrong: string[] = [];
    for (const route of guarded()) {
      const path = concrete(route.url);
      for (const target of variants(path)) {
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
        const answer = await send(route.method, target, hasBody ? { 'content-type': 'application/json' } : {}, hasBody ? '{}' : undefined);
        if (![400, 401, 404].includes(answer.status)) wrong.push(`${route.method} ${target} → ${answer.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses the reported bypasses: the open-bookings list and the service-status banner', async () => {
    const list = await send('GET', '/%761/provider/bookings/open?take=2');
    expect(list.status).toBe(401);
    const banner = JSON.stringify({
      bannerTitle: 'Action required',
      severity: 'error',
      region: null,
      bodyMarkdown: '[Sign in again](https://evil.example)',
      active: true,
    });
    for (const target of ['/%761/service-status', 'http://x/v1/service-status', '//v1/service-status', '/v1/service-status/']) {
      const put = await send('PUT', target, { 'content-type': 'application/json' }, banner);
      expect([401, 404], target).toContain(put.status);
    }
    const status = await send('GET', '/v1/service-status');
    expect(status.body).not.toContain('evil.example');
  });

  it('keeps staff routes from contacts, whatever the spelling', { timeout: 120_000 }, async () => {
    const staffRoutes = t.app.routeCatalogue.filter((r) => r.staff);
    expect(staffRoutes.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const route of staffRoutes) {
      const path = concrete(route.url);
      for (const target of [path, ...variants(path)]) {
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
        const answer = await send(
          route.method,
          target,
          { authorization: contact.headers.authorization!, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
          hasBody ? '{}' : undefined,
        );
        if (![400, 403, 404].includes(answer.status)) wrong.push(`${route.method} ${target} → ${answer.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('reads Accept-Version on the matched route, whatever the spelling', async () => {
    const plain = await send('GET', '/api/ping');
    expect(plain.status).toBe(200);
    const encoded = await send('GET', '/%761/profile', { 'accept-version': '9', authorization: contact.headers.authorization! });
    expect(encoded.status).toBe(400);
    expect(encoded.body).toContain('unsupported-version');
  });
});
