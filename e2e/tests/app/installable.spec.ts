import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../support/auth';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser, VIEWPORTS } from '../../support/browser';
import { launchPersistentContext } from '../../support/chromium';
import { baseUrl } from '../../support/world';
import { journeyWidths } from '../../support/widths';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Waits until the page's service worker is active, and returns its script's path. */
async function activeWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return new URL(registration.active?.scriptURL ?? '', location.href).pathname;
  });
}

/** Every URL the page's origin keeps in Cache Storage. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return urls;
  });
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function setOffline(context: BrowserContext, page: Page, offline: boolean): Promise<void> {
  await context.setOffline(offline);
  await page.waitForFunction((expected) => navigator.onLine === !expected, offline);
}

describe('installable portal', () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`${viewport}: after one visit Chromium finds the manifest and the worker and loads the icons: installable`, async () => {
      // Chromium's check answers `in-incognito` in the shared browser's contexts: a profile of its own.
      const profile = mkdtempSync(join(tmpdir(), 'portal-installable-'));
      const context = await launchPersistentContext(profile, {
        baseURL: baseUrl(),
        viewport: VIEWPORTS[viewport],
        isMobile: viewport === 'mobile',
        hasTouch: viewport === 'mobile',
      });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        await page.goto('/login');
        await expectVisible(page.getByRole('button', { name: 'Sign in' }));
        expect(await activeWorker(page)).toBe('/sw.js');
        await page.reload();
        await expectVisible(page.getByRole('button', { name: 'Sign in' }));
        expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

        const cdp = await context.newCDPSession(page);
        const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
        expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest');
        expect(manifest.errors).toEqual([]);
        const parsed = JSON.parse(manifest.data ?? '{}') as { icons: ManifestIcon[] } & Record<string, unknown>;
        // The demo runs in the Australian region (DEFAULT_LOCALE en-AU): its name, not the international one.
        expect(parsed).toMatchObject({
          name: 'Chalkline Relief Portal',
          short_name: 'Chalkline',
          start_url: '/',
          display: 'standalone',
          theme_color: '#00acef',
        });
        const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
        expect(installabilityErrors).toEqual([]);

        // The icons load, at the sizes the manifest says, one of them maskable.
        expect(parsed.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
          '192x192 any',
          '512x512 any',
          '512x512 maskable',
        ]);
        for (const icon of parsed.icons) {
          const response = await page.request.get(icon.src);
          expect(response.status(), icon.src).toBe(200);
          expect(response.headers()['content-type'], icon.src).toBe('image/png');
          expect(pngSize(await response.body()), icon.src).toBe(icon.sizes);
        }
      } finally {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      }
    });

    it(`${viewport}: offline after one visit, a navigation shows the offline page; online again, the app`, async () => {
      const page = await browser.newPage(viewport, { serviceWorker: true });
      const context = page.context();

      // One visit, signed in: the worker registers once the page has loaded and precaches the app.
      await signIn(page, 'group.admin@demo.test', '/bookings');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Bookings' }));
      expect(await activeWorker(page)).toBe('/sw.js');

      // The next visit is the worker's: the app shell comes from its cache. No API answer is ever kept.
      await page.goto('/bookings');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Bookings' }));
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      const cached = await cachedUrls(page);
      expect(cached).toContain('/index.html');
      expect(cached.filter((path) => /^\/(api|v1)(\/|$)/.test(path))).toEqual([]);

      // Home is the server's to draw for the signed-in browser (docs/decisions/035): the worker asks the network for it,
      // and keeps none of it.
      await page.goto('/');
      expect(await page.locator('meta[name="portal-first-page"]').getAttribute('content')).toMatch(/^home /);
      expect(await cachedUrls(page)).not.toContain('/');
      // The app's start renews the sign-in: going offline before its answer arrived would leave the browser with the
      // token it replaced, which the next start would present (and a reused token ends the sign-in).
      await expectVisible(page.getByRole('heading', { level: 1 }));

      // Offline, a navigation shows the offline page (in the region's names: the configuration the worker last saw).
      await setOffline(context, page, true);
      await page.goto('/timesheets');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'You’re offline' }));
      await expectVisible(page.getByText('Chalkline Relief Portal'));
      await expectNoSeriousA11yViolations(page, { targetSize: true });
      await screenshot(page, 'offline');
      // Trying again while still offline leaves it there.
      await page.getByRole('button', { name: 'Try again' }).click();
      await expectVisible(page.getByRole('heading', { level: 1, name: 'You’re offline' }));

      // Online again: it tries again by itself and the app shows.
      await setOffline(context, page, false);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Timesheets' }), 20_000);
      expect(new URL(page.url()).pathname).toBe('/timesheets');

      // Home's address too (where an installed portal starts): offline, the worker answers it with the app it keeps.
      await setOffline(context, page, true);
      await page.goto('/');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'You’re offline' }));
      expectNoPageErrors(page);
    });

    it(`${viewport}: a new version waits and is offered with a prompt; Reload applies it`, async () => {
      const page = await browser.newPage(viewport, { serviceWorker: true });
      // Tells the test when the page has registered its worker (it does so a little after its first screen).
      await page.addInitScript(() => {
        const container = navigator.serviceWorker;
        const register = container.register.bind(container);
        container.register = async (...args) => {
          const registration = await register(...args);
          document.documentElement.dataset.workerRegistered = 'yes';
          return registration;
        };
      });
      await page.goto('/login');
      await expectVisible(page.getByRole('button', { name: 'Sign in' }));
      expect(await activeWorker(page)).toBe('/sw.js');
      await page.goto('/login');
      await expectVisible(page.getByRole('button', { name: 'Sign in' }));
      await page.waitForFunction(() => document.documentElement.dataset.workerRegistered === 'yes');

      // A new version arrives: a worker from another script address of the same scope, installed beside the running
      // one (every spec file shares the built sw.js, so the test cannot change it; the browser itself compares the
      // script on navigations and the page asks every hour).
      await page.evaluate(async () => {
        await navigator.serviceWorker.register('/sw.js?next-version');
      });
      const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
      await expectVisible(prompt, 20_000);
      await expectNoSeriousA11yViolations(page, { targetSize: true });
      await screenshot(page, 'new-version-prompt');

      // Reload: the waiting worker takes over and the page reloads under it.
      const reloaded = page.waitForEvent('load');
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await expectVisible(page.getByRole('button', { name: 'Sign in' }));
      expect(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { waiting: registration?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null };
        }),
      ).toEqual({ waiting: null, controlled: true });
      expect(await page.getByText('A new version is available').count()).toBe(0);
      expectNoPageErrors(page);
    });
  }
});
