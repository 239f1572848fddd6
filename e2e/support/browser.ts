import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Download, type Locator, type Page, type Request } from 'playwright-core';
import { launchBrowser } from './chromium';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { artifactsDir } from './paths';
import { baseUrl } from './world';

export const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  mobile: { width: 375, height: 812 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

const pageErrors = new WeakMap<Page, string[]>();

/**
 * What a page was doing, for the message of a wait that timed out: its requests still in flight, the last answers
 * of its API calls and its last console lines.
 */
interface PageActivity {
  opened: number;
  inFlight: Map<Request, number>;
  answers: string[];
  console: string[];
}
const activities = new WeakMap<Page, PageActivity>();
const KEPT_LINES = 8;

function keepLast(lines: string[], line: string): void {
  lines.push(line);
  if (lines.length > KEPT_LINES) lines.shift();
}

function watchActivity(page: Page): void {
  const activity: PageActivity = { opened: Date.now(), inFlight: new Map(), answers: [], console: [] };
  activities.set(page, activity);
  const since = () => `${Date.now() - activity.opened} ms`;
  page.on('request', (request) => activity.inFlight.set(request, Date.now()));
  page.on('requestfinished', (request) => activity.inFlight.delete(request));
  page.on('requestfailed', (request) => {
    activity.inFlight.delete(request);
    if (isApiCall(request)) keepLast(activity.answers, `${since()} ${request.method()} ${pathAndQuery(request.url())}: failed`);
  });
  page.on('response', (response) => {
    const request = response.request();
    const started = activity.inFlight.get(request);
    const took = started === undefined ? '' : ` in ${Date.now() - started} ms`;
    if (isApiCall(request))
      keepLast(activity.answers, `${since()} ${request.method()} ${pathAndQuery(request.url())}: ${response.status()}${took}`);
  });
  page.on('console', (message) => keepLast(activity.console, `${since()} ${message.type()}: ${message.text().slice(0, 200)}`));
}

/** The app's calls to the API (not its files). */
function isApiCall(request: Request): boolean {
  return new URL(request.url()).pathname.startsWith('/v1/');
}

function pathAndQuery(url: string): string {
  const { pathname, search } = new URL(url);
  return pathname + search;
}

/**
 * The page's state when a wait failed: its address, what it shows in alerts, its requests in flight (and for how
 * long), the last answers of its API calls and its last console lines.
 */
async function describeActivity(page: Page): Promise<string> {
  const activity = activities.get(page);
  const now = Date.now();
  const lines = [`page: ${page.url()} (opened ${activity ? now - activity.opened : '?'} ms ago)`];
  const shown = await page
    .evaluate(() => {
      const alerts = [...document.querySelectorAll('[role="alert"]')].map((e) => e.textContent?.trim() ?? '').filter(Boolean);
      const state = `document ${document.readyState}; <html class="${document.documentElement.className}">`;
      return alerts.length > 0 ? `${state}; alerts: ${alerts.slice(0, 3).join(' | ')}` : state;
    })
    .catch((error: unknown) => `state unreadable: ${error instanceof Error ? error.message : String(error)}`);
  lines.push(shown);
  const inFlight = activity ? [...activity.inFlight] : [];
  lines.push(
    inFlight.length === 0
      ? 'no request in flight'
      : `in flight: ${inFlight.map(([request, since]) => `${request.method()} ${pathAndQuery(request.url())} (${now - since} ms)`).join(', ')}`,
  );
  if (activity?.answers.length) lines.push(`API answers:\n  ${activity.answers.join('\n  ')}`);
  if (activity?.console.length) lines.push(`console:\n  ${activity.console.join('\n  ')}`);
  return lines.join('\n');
}

/**
 * Connects the spec file to the run's Chromium (or launches one) and closes every page's context after each test. Pages come from
 * `browser.newContext()` then `context.newPage()`, which @axe-core/playwright needs.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const shared = inject('browserEndpoint');
    browser = shared ? await chromium.connect(shared) : await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    // On the shared browser this only disconnects (the global setup closes it).
    await browser?.close();
  });

  return {
    /**
     * A fresh page (own cookies and storage) at the given viewport, with the server as base URL. Live updates are
     * switched off (lib/live-events.ts) unless `live: true`: the journeys compare pages with API answers while the
     * demo simulator fills bookings, and a live page would move on between the two (live-updates.spec.ts tests them).
     * The service worker is blocked unless `serviceWorker: true` (installable.spec.ts tests it): the journeys see the
     * server's own answers, and Playwright's request routing does not see what a worker answers.
     */
    async newPage(viewport: ViewportName = 'desktop', options: { live?: boolean; serviceWorker?: boolean } = {}): Promise<Page> {
      if (!browser) throw new Error('useBrowser(): the browser is not launched yet (call newPage inside a test)');
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: VIEWPORTS[viewport],
        isMobile: viewport === 'mobile',
        hasTouch: viewport === 'mobile',
        reducedMotion: 'reduce',
        serviceWorkers: options.serviceWorker ? 'allow' : 'block',
      });
      contexts.push(context);
      if (!options.live) await context.addInitScript(() => window.localStorage.setItem('portal.liveUpdates', 'off'));
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      const errors: string[] = [];
      pageErrors.set(page, errors);
      watchActivity(page);
      page.on('pageerror', (error) => errors.push(error.message));
      return page;
    },
  };
}

export function viewportOf(page: Page): ViewportName {
  return (page.viewportSize()?.width ?? VIEWPORTS.desktop.width) <= VIEWPORTS.mobile.width ? 'mobile' : 'desktop';
}

export interface A11yCheck {
  /**
   * Also WCAG 2.2's target size (axe's `target-size`, tagged wcag22aa, which axe leaves out unless asked): every
   * pointer target at least 24 by 24 px, or with room around it. On for the pages where small targets were found.
   */
  targetSize?: boolean;
}

/**
 * Runs axe-core on the page as it is now; fails listing every violation of impact serious or critical.
 *
 * Every rule axe enables by default runs (and `target-size` when asked); two options make a check about 2.5 times
 * cheaper without changing what it finds (measured on Home, Bookings and Timesheets: 3.5–5.5 s → 1.2–1.9 s; the same
 * violations on a page seeded with them): `axe.run` in the page itself (legacy mode: no second page to merge per-frame
 * results in; the app has no cross-origin frames), and only the violations gathered (`resultTypes`: passes and
 * inapplicable rules are not listed node by node).
 */
export async function expectNoSeriousA11yViolations(page: Page, check: A11yCheck = {}): Promise<void> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'], ...(check.targetSize ? { rules: { 'target-size': { enabled: true } } } : {}) })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) {
    const list = serious
      .map(
        (v) =>
          `- ${v.id} (${v.impact}): ${v.help}\n` +
          v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.html.slice(0, 160)}\n      ${n.failureSummary ?? ''}`).join('\n'),
      )
      .join('\n');
    throw new Error(`axe found ${serious.length} serious/critical violation(s) on ${page.url()} (${viewportOf(page)}):\n${list}`);
  }
}

/** Screenshots are for looking at: `npm test` runs the journeys without them (E2E_SCREENSHOTS=0), by hand they are on. */
export const screenshotsWanted = process.env.E2E_SCREENSHOTS !== '0';

/** Draws every row of a long list for a whole-page picture (components/offscreen-rows.ts lays out only those near the screen). */
const WHOLE_PAGE_STYLE = '* { content-visibility: visible !important; }';

/**
 * Saves e2e/artifacts/screenshots/<name>-<desktop|mobile>.png (full page) and returns its path; with
 * E2E_SCREENSHOTS=0 returns the path without taking it.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = join(artifactsDir, 'screenshots');
  const path = join(dir, `${name}-${viewportOf(page)}.png`);
  if (!screenshotsWanted) return path;
  mkdirSync(dir, { recursive: true });
  // Without it the rows far from the screen would show as empty boxes, which the screen never does.
  await page.screenshot({ path, fullPage: true, animations: 'disabled', style: WHOLE_PAGE_STYLE });
  return path;
}

/**
 * Waits until the locator (which must match exactly one element) is visible. When it is not in time, the error says
 * what the page was still waiting for (a first screen that does not come is otherwise a bare timeout).
 */
export async function expectVisible(locator: Locator, timeout = 10_000): Promise<void> {
  await explainingFailure(locator.page(), () => locator.waitFor({ state: 'visible', timeout }));
}

/** Runs a step on the page; if it fails (a wait that timed out), its error also says what the page was still doing. */
export async function explainingFailure<T>(page: Page, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof Error) error.message += `\n${await describeActivity(page)}`;
    throw error;
  }
}

/** Fails if the page threw an uncaught error since it was opened. */
export function expectNoPageErrors(page: Page): void {
  const errors = pageErrors.get(page) ?? [];
  if (errors.length > 0) throw new Error(`uncaught error(s) in the page:\n${errors.join('\n')}`);
}

/**
 * For states that take a whole journey to reach: the screenshot at the page's width, then at the other one
 * (resizing the same page; touch emulation stays as the page was opened), then back.
 */
export async function screenshotAtBothWidths(page: Page, name: string): Promise<void> {
  const original = page.viewportSize() ?? VIEWPORTS.desktop;
  await screenshot(page, name);
  const other = viewportOf(page) === 'desktop' ? VIEWPORTS.mobile : VIEWPORTS.desktop;
  await page.setViewportSize(other);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, name);
  await page.setViewportSize(original);
}

/**
 * Saves a download and returns the file's path. The run's Chromium is shared (a browser server), and a download of a
 * remote browser has no local path until it is saved.
 */
export async function savedDownload(download: Download): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'portal-e2e-download-')), download.suggestedFilename());
  await download.saveAs(path);
  return path;
}
