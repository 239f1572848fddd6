import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';

/** The built single-page app as the server hands it out: compressed twins, caching, history-mode fallback. */
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), js);
  writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(js));
  t = await buildTestApp({ kind: 'migrated', env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app', () => {
  it('sends hashed assets brotli-compressed when accepted, cached for a year', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
  });

  it('answers app paths with index.html (history mode), never cached', async () => {
    for (const path of ['/', '/login', '/bookings/pending-approval', '/finance/invoices/INV-1']) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a plain curl (no Accept, or any type) and a browser with the app, an API client asking for JSON with a problem', async () => {
    for (const accept of [undefined, '*/*', 'text/*', 'text/html,application/xhtml+xml,*/*;q=0.8', 'application/json;q=0.5, text/html']) {
      for (const path of ['/', '/bookings/42', '/timesheets?tab=history']) {
        const headers = accept === undefined ? {} : { accept };
        const res = await t.app.inject({ method: 'GET', url: path, headers });
        expect(res.statusCode, `${path} with ${accept}`).toBe(200);
        expect(res.body, `${path} with ${accept}`).toContain('<div id="root">');
      }
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/bookings/42' });
    expect(head.statusCode).toBe(200);
    for (const accept of ['application/json', 'application/problem+json', 'application/json, */*;q=0.1', 'text/html;q=0']) {
      const res = await t.app.inject({ method: 'GET', url: '/bookings/42', headers: { accept } });
      expect(res.statusCode, accept).toBe(404);
      expect(res.headers['content-type'], accept).toMatch(/^application\/problem\+json/);
    }
  });

  it('keeps API paths out of the fallback', async () => {
    for (const accept of [undefined, '*/*']) {
      for (const url of ['/v1/nothing-here', '/%761/nothing-here', '//v1/nothing-here', '/V1/nothing', '/docs/x', '/v1']) {
        const res = await t.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
      }
      const res = await t.app.inject({ method: 'GET', url: '/v1/nothing-here', headers: accept ? { accept } : {} });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }

    const res = await t.app.inject({ method: 'GET', url: '/v1/nothing-here', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
