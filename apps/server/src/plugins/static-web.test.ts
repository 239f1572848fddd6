import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { isApiPath } from './static-web';

/** The built single-page app as the server hands it out: compressed twins, caching, history-mode fallback. */
const BUILT_MANIFEST = {
  id: '/',
  name: 'Chalkline Client Portal',
  start_url: '/',
  display: 'standalone',
  theme_color: '#00acef',
  icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' }],
};
/** index.html's script that runs before the first paint (the web build inlines boot-paint.js). */
const INLINE = "document.documentElement.classList.add('boot-sign-in');";
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>Portal</title><script>${INLINE}</script><div id="root"></div>`);
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), js);
  writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(js));
  writeFileSync(join(dist, 'sw.js'), `self.addEventListener('fetch', () => {}); // ${'x'.repeat(2000)}`);
  mkdirSync(join(dist, 'icons'));
  writeFileSync(join(dist, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify(BUILT_MANIFEST));
  t = await buildTestApp({
    kind: 'migrated',
    env: { WEB_DIST_DIR: dist, DEFAULT_LOCALE: 'en-AU', LOCALE_BY_ORIGIN: JSON.stringify({ 'http://portal.example.co.uk': 'en-GB' }) },
  });
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

  it("allows index.html's inline script by its hash and no other inline script", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    const hash = createHash('sha256').update(INLINE, 'utf8').digest('base64');
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
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

  it('sends the service worker as JavaScript, revalidated on every use, with a policy that allows it and the manifest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const policy = res.headers['content-security-policy'];
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
    const icon = await t.app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it('answers the manifest with the names of the region of the origin asked, the rest as built', async () => {
    const uk = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host: 'portal.example.co.uk' } });
    expect(uk.statusCode).toBe(200);
    expect(uk.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(uk.headers['cache-control']).toBe('no-cache');
    expect(uk.json()).toEqual({ ...BUILT_MANIFEST, name: 'Chalkline Supply Portal', short_name: 'Chalkline', lang: 'en-GB' });
    // Any other origin: the default locale's region.
    const other = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host: 'localhost:3000' } });
    expect(other.json()).toMatchObject({ name: 'Chalkline Relief Portal', short_name: 'Chalkline', lang: 'en-AU', display: 'standalone' });
    const head = await t.app.inject({ method: 'HEAD', url: '/manifest.webmanifest' });
    expect(head.statusCode).toBe(200);
  });

  it('answers a hostile or odd origin with the default region, as JSON, never echoing it', async () => {
    for (const host of [
      'evil.example"><script>alert(1)</script>',
      `${'a'.repeat(4000)}.example`,
      'portal.example.co.uk.evil.test',
      '[::1]:3000',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host } });
      expect(res.statusCode, host.slice(0, 40)).toBeLessThan(500);
      if (res.statusCode !== 200) continue;
      expect(res.body).not.toContain('<script>');
      expect(res.json()).toMatchObject({ name: 'Chalkline Relief Portal', lang: 'en-AU' });
    }
    const encoded = await t.app.inject({ method: 'GET', url: '/manifest%2Ewebmanifest' });
    expect(encoded.statusCode).toBeLessThan(500);
  });

  it('leaves the manifest out of the API document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys((res.json() as { paths: Record<string, unknown> }).paths)).not.toContain('/manifest.webmanifest');
  });
});

describe('isApiPath', () => {
  it('sees an API path however a raw request spells it, and an app path as one', () => {
    const api = ['/v1/bookings', '/%761/bookings', '//v1/bookings', '/V1/bookings', 'http://x/v1/bookings', '/v1', '/docs/x'];
    // Dot segments, plain or encoded, as a raw client may send them (a browser removes them before sending).
    const dotted = [
      '/./v1/bookings',
      '/x/../v1/bookings',
      '/%2E/v1/bookings',
      '/x/%2e%2e/v1/bookings',
      '/../../v1/bookings',
      '\\v1\\bookings',
    ];
    for (const target of [...api, ...dotted]) expect(isApiPath(target), target).toBe(true);
    for (const target of ['/', '/bookings', '/finance/invoices/INV-1', '/v1x', '/x/v1/bookings', '/v1/../bookings']) {
      expect(isApiPath(target), target).toBe(false);
    }
  });
});
