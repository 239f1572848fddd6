import { render, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_SLOTS, INVOICE_SLOTS, slotTag } from '@portal/contract/first-page';
import bootPaintScript from '../../boot-paint.js?raw';
import indexHtml from '../../index.html?raw';
import { SELECTED_CLIENTS_STORAGE_KEY } from '../lib/selected-clients';
import { DASHBOARD_LAYOUTS, UI_KEYS } from '../lib/ui-preferences';
import { BOOT_PAINT_HOLD_MS, useBootPaintHeldUntil } from '../lib/boot-paint-hold';
import { paths } from '../lib/paths';
import type { ProfileResponse } from '@portal/contract/profile';
import { BOOT_FRAME_PAGES } from './boot-frame-pages';
import { clientOverviewRedirect } from './route-guard';
import { bootPaintShowing, useBootPaintUntilPage, useDismissBootPaint, useDismissBootPaintUnlessHeld } from './boot-paint';

const firstScreenShown = vi.hoisted(() => vi.fn());
vi.mock('./service-worker/register-later', () => ({ firstScreenShown }));

/** index.html's frame as boot-paint.js leaves it on /bookings. */
function showFrame(): void {
  document.body.innerHTML = '<div id="root"></div><div id="boot-frame-view"><h1>Bookings</h1></div>';
  document.documentElement.className = 'boot-frame boot-frame--bookings';
}

describe('index.html static first paint', () => {
  beforeEach(() => {
    showFrame();
    firstScreenShown.mockClear();
  });
  afterEach(() => {
    document.documentElement.className = '';
  });

  it('the signed-in shell keeps the frame over it until its page has rendered, then it goes with its classes', () => {
    // The root layout's effect runs after the shell's in the same commit: the shell holds the frame.
    const shell = renderHook(({ ready }) => useBootPaintUntilPage(ready), { initialProps: { ready: false } });
    renderHook(() => useDismissBootPaintUnlessHeld());
    expect(bootPaintShowing()).toBe(true);
    expect(document.getElementById('boot-frame-view')).not.toBeNull();

    shell.rerender({ ready: true });
    expect(bootPaintShowing()).toBe(false);
    expect(document.getElementById('boot-frame-view')).toBeNull();
    expect(document.documentElement.className).toBe('');
    // Once: the first screen is shown (the service worker's registration waits for it) as the page renders.
    expect(firstScreenShown).toHaveBeenCalledTimes(1);
  });

  it("takes Home's and an invoice's parts away with the frame", () => {
    document.documentElement.className = 'light boot-frame boot-frame--home boot-home--period boot-home--layouts boot-home--book';
    renderHook(() => useDismissBootPaint());
    expect(document.documentElement.className).toBe('light');

    showFrame();
    document.documentElement.className =
      'light boot-frame boot-frame--invoice boot-invoice--banner-paid boot-invoice--status-paid boot-frame--drawer-closed';
    renderHook(() => useDismissBootPaint());
    expect(document.documentElement.className).toBe('light');
  });

  it('is left to the root layout by a shell whose page renders with it', () => {
    renderHook(() => useBootPaintUntilPage(true));
    expect(bootPaintShowing()).toBe(true);
    renderHook(() => useDismissBootPaintUnlessHeld());
    expect(bootPaintShowing()).toBe(false);
    expect(firstScreenShown).toHaveBeenCalledTimes(1);
  });

  it('goes when the shell leaves before its page rendered (the session check sent the visitor to sign in)', () => {
    const shell = renderHook(({ ready }) => useBootPaintUntilPage(ready), { initialProps: { ready: false } });
    expect(bootPaintShowing()).toBe(true);
    shell.unmount();
    expect(bootPaintShowing()).toBe(false);
    expect(document.getElementById('boot-frame-view')).toBeNull();
  });

  it('goes with the first route outside the shell, and with an error screen even while the shell holds it', () => {
    renderHook(() => useDismissBootPaintUnlessHeld());
    expect(bootPaintShowing()).toBe(false);

    showFrame();
    renderHook(({ ready }) => useBootPaintUntilPage(ready), { initialProps: { ready: false } });
    renderHook(() => useDismissBootPaint());
    expect(bootPaintShowing()).toBe(false);
    expect(document.getElementById('boot-frame-view')).toBeNull();
  });
});

describe("a part of the page that holds the frame (Home's quick-book card)", () => {
  function Part({ ready }: { ready: boolean }) {
    useBootPaintHeldUntil(ready);
    return null;
  }
  /** The shell and its page, drawn in the commit that makes the page ready, as app-layout.tsx does. */
  function Shell({ pageReady, partReady }: { pageReady: boolean; partReady: boolean }) {
    useBootPaintUntilPage(pageReady);
    return pageReady ? <Part ready={partReady} /> : null;
  }

  beforeEach(() => {
    showFrame();
    document.documentElement.className = 'boot-frame boot-frame--home';
  });
  afterEach(() => {
    vi.useRealTimers();
    document.documentElement.className = '';
  });

  it('keeps the frame after the page has rendered until the part is ready, then it goes', () => {
    const view = render(<Shell pageReady={false} partReady={false} />);
    view.rerender(<Shell pageReady partReady={false} />);
    expect(bootPaintShowing()).toBe(true);
    view.rerender(<Shell pageReady partReady />);
    expect(bootPaintShowing()).toBe(false);
    expect(document.getElementById('boot-frame-view')).toBeNull();
  });

  it(`lets it go after ${BOOT_PAINT_HOLD_MS} ms whatever the part waits for`, () => {
    vi.useFakeTimers();
    const view = render(<Shell pageReady={false} partReady={false} />);
    view.rerender(<Shell pageReady partReady={false} />);
    vi.advanceTimersByTime(BOOT_PAINT_HOLD_MS - 1);
    expect(bootPaintShowing()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bootPaintShowing()).toBe(false);
  });

  it('holds nothing when ready from the start, or when no frame shows, and never an error screen back', () => {
    render(<Shell pageReady partReady />);
    renderHook(() => useDismissBootPaintUnlessHeld());
    expect(bootPaintShowing()).toBe(false);

    showFrame();
    document.documentElement.className = 'boot-frame boot-frame--home';
    const view = render(<Shell pageReady={false} partReady={false} />);
    view.rerender(<Shell pageReady partReady={false} />);
    renderHook(() => useDismissBootPaint());
    expect(bootPaintShowing()).toBe(false);
  });
});

describe('the pages with a static frame', () => {
  // Their texts are checked as index.html is built (vite.config.ts, bootFrame: en has them, no region words them otherwise).
  it('are routes of lib/paths.ts', () => {
    const routes = new Set<unknown>(Object.values(paths));
    expect(BOOT_FRAME_PAGES.filter((page) => !routes.has(page.path))).toEqual([]);
  });
});

/**
 * boot-paint.js (inline in index.html's head) on /, run as the browser runs it: Home's first screen shows when the
 * server drew it (the `portal-first-page` meta tag) for the clients this browser has selected, in a layout it draws.
 */
describe("boot-paint.js and Home's first screen", () => {
  const SIGNED_IN = 'portal_signed_in=1';
  /** The server's meta tag as it draws Home (`content` empty: it did not), beside the build's list of frames. */
  function firstPage(content: string, clients?: string): void {
    const meta = document.createElement('meta');
    meta.name = 'portal-first-page';
    meta.content = content;
    if (clients !== undefined) meta.dataset.clients = clients;
    const frames = document.createElement('meta');
    frames.name = 'portal-boot-frames';
    frames.content = BOOT_FRAME_PAGES.map((page) => page.path.slice(1)).join(' ');
    document.head.replaceChildren(frames, meta);
  }
  /** Runs the script and gives the classes it put on <html>. */
  function bootPaint(): string[] {
    document.documentElement.className = '';
    new Function(bootPaintScript)();
    return [...document.documentElement.classList];
  }
  const home = ['boot-frame', 'boot-frame--home'];

  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    localStorage.clear();
    localStorage.setItem(UI_KEYS.darkMode, 'false');
    document.cookie = SIGNED_IN;
    firstPage('home period layouts book', '13');
  });
  afterEach(() => {
    document.cookie = `${SIGNED_IN}; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    document.head.replaceChildren();
    document.documentElement.className = '';
    localStorage.clear();
  });

  it('shows the parts the server drew, for its one client when nothing is selected yet', () => {
    expect(bootPaint()).toEqual([...home, 'boot-home--period', 'boot-home--layouts', 'boot-home--book']);
    firstPage('home choose', '13');
    expect(bootPaint()).toEqual([...home, 'boot-home--choose']);
  });

  it('draws the list layout selected, and the navigation closed as the user left it', () => {
    localStorage.setItem(UI_KEYS.dashboardLayout, String(DASHBOARD_LAYOUTS.LIST));
    localStorage.setItem(UI_KEYS.drawerOpen, 'false');
    expect(bootPaint()).toEqual([
      ...home,
      'boot-home--period',
      'boot-home--layouts',
      'boot-home--book',
      'boot-home--list',
      'boot-frame--drawer-closed',
    ]);
    localStorage.setItem(UI_KEYS.dashboardLayout, String(DASHBOARD_LAYOUTS.TILE));
    expect(bootPaint()).not.toContain('boot-home--list');
  });

  it('shows nothing in the map layout (the map comes first on Home)', () => {
    localStorage.setItem(UI_KEYS.dashboardLayout, String(DASHBOARD_LAYOUTS.MAP));
    expect(bootPaint()).toEqual([]);
  });

  it("shows Home only for the selection the server took: all of the contact's clients, in any order", () => {
    firstPage('home period layouts choose', '1,2,3');
    localStorage.setItem(SELECTED_CLIENTS_STORAGE_KEY, JSON.stringify([3, 1, 2]));
    expect(bootPaint()).toEqual([...home, 'boot-home--period', 'boot-home--layouts', 'boot-home--choose']);
    localStorage.setItem(SELECTED_CLIENTS_STORAGE_KEY, JSON.stringify([1, 2]));
    expect(bootPaint()).toEqual([]);
    localStorage.setItem(SELECTED_CLIENTS_STORAGE_KEY, JSON.stringify([1, 2, 3, 4]));
    expect(bootPaint()).toEqual([]);
  });

  it("shows the client overview's frame for several clients and none selected: the app starts there, in any layout", () => {
    const overview = ['boot-frame', 'boot-frame--overview'];
    firstPage('home period layouts choose', '1,2,3');
    expect(bootPaint()).toEqual(overview);
    localStorage.setItem(SELECTED_CLIENTS_STORAGE_KEY, '[]');
    expect(bootPaint()).toEqual(overview);
    localStorage.setItem(UI_KEYS.dashboardLayout, String(DASHBOARD_LAYOUTS.MAP));
    localStorage.setItem(UI_KEYS.drawerOpen, 'false');
    expect(bootPaint()).toEqual([...overview, 'boot-frame--drawer-closed']);
    // Not when the server drew no Home (no sign-in that holds), nor where the build has no overview frame.
    firstPage('');
    expect(bootPaint()).toEqual([]);
    firstPage('home period layouts choose', '1,2,3');
    document.head.querySelector('meta[name="portal-boot-frames"]')?.setAttribute('content', 'bookings timesheets finance');
    expect(bootPaint()).toEqual([]);
  });

  it("shows the overview's frame exactly where the route guard sends the user to the overview (clientOverviewRedirect)", () => {
    for (const clients of [[13], [1, 2, 3]]) {
      for (const stored of [undefined, [], [1], [3, 1, 2], [13]]) {
        firstPage('home period layouts choose', clients.join(','));
        if (stored === undefined) localStorage.removeItem(SELECTED_CLIENTS_STORAGE_KEY);
        else localStorage.setItem(SELECTED_CLIENTS_STORAGE_KEY, JSON.stringify(stored));
        const profile = { links: { groups: [], clients: clients.map((clientId) => ({ clientId })) } } as unknown as ProfileResponse;
        const guardSends = clientOverviewRedirect(profile, (stored ?? []).length === 0) === paths.clientOverview;
        expect(bootPaint().includes('boot-frame--overview'), `clients ${clients.join(',')}, stored ${JSON.stringify(stored)}`).toBe(
          guardSends,
        );
      }
    }
  });

  it('shows the one client Home with that client stored, not with another', () => {
    localStorage.setItem(SELECTED_CLIENTS_STORAGE_KEY, '[13]');
    expect(bootPaint()).toEqual([...home, 'boot-home--period', 'boot-home--layouts', 'boot-home--book']);
    localStorage.setItem(SELECTED_CLIENTS_STORAGE_KEY, '[14]');
    expect(bootPaint()).toEqual([]);
    localStorage.setItem(SELECTED_CLIENTS_STORAGE_KEY, 'not json');
    expect(bootPaint()).toEqual([]);
  });

  it('shows nothing when the server drew no Home, without a sign-in, in dark mode, or on another address', () => {
    firstPage('');
    expect(bootPaint()).toEqual([]);
    firstPage('home period layouts book', '13');
    localStorage.setItem(UI_KEYS.darkMode, 'true');
    expect(bootPaint()).toEqual([]);
    localStorage.setItem(UI_KEYS.darkMode, 'false');
    // An address with no frame of its own.
    window.history.replaceState(null, '', '/bookings/new');
    expect(bootPaint()).toEqual([]);
    window.history.replaceState(null, '', '/');
    document.cookie = `${SIGNED_IN}; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    expect(bootPaint()).toEqual([]);
  });

  it("reads the app's own storage keys and layout numbers", () => {
    expect(bootPaintScript).toContain(`localStorage.getItem('${SELECTED_CLIENTS_STORAGE_KEY}')`);
    expect(bootPaintScript).toContain(`localStorage.getItem('${UI_KEYS.dashboardLayout}')`);
    expect(bootPaintScript).toContain(`localStorage.getItem('${UI_KEYS.drawerOpen}')`);
    expect(bootPaintScript).toContain(`localStorage.getItem('${UI_KEYS.darkMode}')`);
    expect(bootPaintScript).toContain(`layout !== ${DASHBOARD_LAYOUTS.MAP}`);
    expect(bootPaintScript).toContain(`layout === ${DASHBOARD_LAYOUTS.LIST}`);
  });

  it("index.html has the server's places once each: the meta tag just before the script, and the three spans", () => {
    expect(indexHtml).toMatch(/<meta name="portal-first-page" content="" \/>\s*<!-- portal-boot-paint -->/);
    for (const name of HOME_SLOTS) expect(indexHtml.split(slotTag(name))).toHaveLength(2);
  });
});

/**
 * boot-paint.js on an invoice's address, run as the browser runs it: the invoice's first screen shows when the server
 * drew it (the `portal-first-page` meta tag) for the invoice of the address, as React Router reads it (decoded).
 */
describe("boot-paint.js and an invoice's first screen", () => {
  // Path / as the server sets it: the script runs at a deeper address, where a cookie would default to its folder.
  const SIGNED_IN = 'portal_signed_in=1; path=/';
  /** The server's meta tag as it draws an invoice (`content` empty: it did not). */
  function firstPage(content: string, invoiceNo?: string): void {
    const meta = document.createElement('meta');
    meta.name = 'portal-first-page';
    meta.content = content;
    if (invoiceNo !== undefined) meta.dataset.invoice = invoiceNo;
    const fonts = document.createElement('meta');
    fonts.name = 'portal-frame-fonts';
    fonts.content = '/assets/inter-latin-wght-normal.woff2 /assets/inter-latin-ext-wght-normal.woff2';
    const frames = document.createElement('meta');
    frames.name = 'portal-boot-frames';
    frames.content = BOOT_FRAME_PAGES.map((page) => page.path.slice(1)).join(' ');
    document.head.replaceChildren(frames, fonts, meta);
  }
  /** Runs the script at `path` and gives the classes it put on <html>. */
  function bootPaint(path: string): string[] {
    window.history.replaceState(null, '', path);
    document.documentElement.className = '';
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
    new Function(bootPaintScript)();
    return [...document.documentElement.classList];
  }
  const preloadedFonts = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.getAttribute('href'));
  const invoice = ['boot-frame', 'boot-frame--invoice'];

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(UI_KEYS.darkMode, 'false');
    document.cookie = SIGNED_IN;
    firstPage('invoice banner-overdue status-overdue', 'INV-000120');
  });
  afterEach(() => {
    document.cookie = `${SIGNED_IN}; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    document.head.replaceChildren();
    document.documentElement.className = '';
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it("shows the banner and status the server drew, with the navigation as the user left it, and asks for Inter's files", () => {
    expect(bootPaint('/finance/invoices/INV-000120')).toEqual([...invoice, 'boot-invoice--banner-overdue', 'boot-invoice--status-overdue']);
    expect(preloadedFonts()).toEqual(['/assets/inter-latin-wght-normal.woff2', '/assets/inter-latin-ext-wght-normal.woff2']);
    firstPage('invoice banner-paid status-paid', 'INV-000120');
    localStorage.setItem(UI_KEYS.drawerOpen, 'false');
    expect(bootPaint('/finance/invoices/INV-000120')).toEqual([
      ...invoice,
      'boot-invoice--banner-paid',
      'boot-invoice--status-paid',
      'boot-frame--drawer-closed',
    ]);
  });

  it('shows nothing for another invoice than the one the server drew, nor for a page it drew elsewhere', () => {
    expect(bootPaint('/finance/invoices/INV-000121')).toEqual([]);
    expect(bootPaint('/finance/invoices/INV-000120/lines')).toEqual([]);
    expect(bootPaint('/finance/invoices/')).toEqual([]);
    expect(preloadedFonts()).toEqual([]);
    // Home's meta tag on an invoice's address, and an invoice's on Home's.
    firstPage('home period layouts book', undefined);
    expect(bootPaint('/finance/invoices/INV-000120')).toEqual([]);
    firstPage('invoice banner-unpaid status-unpaid', 'INV-000120');
    expect(bootPaint('/')).toEqual([]);
  });

  it('shows nothing when the server drew nothing, without a sign-in, or in dark mode', () => {
    firstPage('');
    expect(bootPaint('/finance/invoices/INV-000120')).toEqual([]);
    firstPage('invoice banner-overdue status-overdue', 'INV-000120');
    localStorage.setItem(UI_KEYS.darkMode, 'true');
    expect(bootPaint('/finance/invoices/INV-000120')).toEqual([]);
    localStorage.setItem(UI_KEYS.darkMode, 'false');
    document.cookie = `${SIGNED_IN}; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    expect(bootPaint('/finance/invoices/INV-000120')).toEqual([]);
  });

  it('compares the number the address spells encoded, as the app decodes it, with the one the server drew', () => {
    firstPage('invoice banner-unpaid status-unpaid', 'INV-2026-4');
    expect(bootPaint('/finance/invoices/INV%2D2026%2D4')).toEqual([
      ...invoice,
      'boot-invoice--banner-unpaid',
      'boot-invoice--status-unpaid',
    ]);
    expect(bootPaint('/finance/invoices/INV%2D2026%2D4/')).toEqual([
      ...invoice,
      'boot-invoice--banner-unpaid',
      'boot-invoice--status-unpaid',
    ]);
    expect(bootPaint('/finance/invoices/INV%2D2026%2D5')).toEqual([]);
  });

  it('shows nothing for a malformed escape, without failing, and the other addresses still show theirs', () => {
    expect(bootPaint('/finance/invoices/INV%E0%A4%A')).toEqual([]);
    expect(bootPaint('/finance/invoices/%')).toEqual([]);
    expect(bootPaint('/bookings')).toEqual(['boot-frame', 'boot-frame--bookings']);
    expect(bootPaint('/login')).toEqual(['boot-sign-in']);
  });

  it("index.html has the invoice's places once each", () => {
    for (const name of INVOICE_SLOTS) expect(indexHtml.split(slotTag(name))).toHaveLength(2);
    expect(indexHtml.split('data-boot-frame="invoice"')).toHaveLength(2);
  });
});
