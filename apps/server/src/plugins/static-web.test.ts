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

  it('keeps API paths out of the fallback', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/nothing-here', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
