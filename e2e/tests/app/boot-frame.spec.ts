import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn, DEMO_PASSWORD, expectHeading, signIn } from '../../support/auth';
import { expectNoPageErrors, expectVisible, screenshot, useBrowser, type ViewportName } from '../../support/browser';
import { repoRoot } from '../../support/paths';
import { baseUrl } from '../../support/world';

/** The app's own code (every built chunk): without it only index.html and its inline boot-paint.js run. */
const APP_CODE = /\/assets\/[^/]+\.js(\?|$)/;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The heading's and intro's boxes, rounded to whole pixels. */
async function boxes(page: Page, heading: string, intro: string): Promise<{ heading: Box; intro: Box }> {
  const round = (box: Box | null): Box => {
    if (!box) throw new Error('no box');
    return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
  };
  return { heading: round(await page.locator(heading).boundingBox()), intro: round(await page.locator(intro).boundingBox()) };
}

/** A modulepreload link a script added, and whether a frame had been drawn by then. */
interface AddedPreload {
  href: string;
  afterFrame: boolean;
}

/**
 * A signed-in page opened cold paints its frame from index.html (the shell's bar, the page's heading and intro) before
 * the app's code has arrived, and the app's page takes its place where the frame put it. A browser without a sign-in,
 * or in dark mode, sees the loading view instead.
 */
describe('the static frame of a signed-in page', () => {
  const browser = useBrowser();

  for (const viewport of ['mobile', 'desktop'] as const satisfies readonly ViewportName[]) {
    // Every page on a phone; on a desktop (where the navigation's column is beside the page) one is enough.
    const pages = (
      [
        ['/bookings', 'Bookings'],
        ['/timesheets', 'Timesheets'],
        ['/finance', 'Finance'],
      ] as const
    ).slice(0, viewport === 'mobile' ? 3 : 1);
    it(`${viewport}: the frame of ${pages.map(([, heading]) => heading).join(', ')} shows the heading and intro before the app, which draws them in the same place`, async () => {
      const page = await browser.newPage(viewport);
      await signIn(page, 'school.admin@demo.test', '/bookings');
      await expectHeading(page, 'Bookings');
      for (const [path, heading] of pages) {
        // The frame alone: the app's code never arrives.
        await page.route(APP_CODE, (route) => route.abort());
        await page.goto(path);
        const frame = page.locator(`[data-boot-frame="${path.slice(1)}"]`);
        await expectVisible(frame);
        await expect.poll(() => frame.locator('h1').textContent()).toBe(heading);
        const intro = (await frame.locator('p').textContent()) ?? '';
        expect(intro.length).toBeGreaterThan(40);
        expect(await page.locator('#boot-frame-view').getAttribute('aria-hidden')).toBe('true');
        // Only this page's header shows.
        expect(await page.locator('[data-boot-frame]:visible').count()).toBe(1);
        if (path === '/bookings') await screenshot(page, 'boot-frame-bookings');
        const painted = await boxes(page, `[data-boot-frame="${path.slice(1)}"] h1`, `[data-boot-frame="${path.slice(1)}"] p`);
        await page.unroute(APP_CODE);

        // The app: the same texts where the frame had them, and the frame gone.
        await page.goto(path);
        await expectHeading(page, heading);
        await expectVisible(page.locator('main p').filter({ hasText: intro }));
        expect(await page.locator('#boot-frame-view').count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.className)).not.toMatch(/boot-/);
        const drawn = await boxes(page, 'main h1', 'main h1 + p');
        // Text in the fallback font (the frame above: the web font comes with the app's code) may run wider or narrower;
        // where it starts, and the heading's line, do not move.
        expect({ heading: drawn.heading, intro: { x: drawn.intro.x, y: drawn.intro.y } }).toEqual({
          heading: { ...painted.heading, width: drawn.heading.width },
          intro: { x: painted.intro.x, y: painted.intro.y },
        });
      }
      expectNoPageErrors(page);
    });
  }

  for (const viewport of ['mobile', 'desktop'] as const satisfies readonly ViewportName[]) {
    it(`${viewport}: a contact of several schools with none chosen gets the client overview's frame at / and at /overview, where the app then draws it`, async () => {
      const page = await browser.newPage(viewport);
      // Several clients and none selected: the app starts at the client overview.
      await signIn(page, 'group.admin@demo.test', '/');
      await page.waitForURL((url) => url.pathname === '/overview');
      await expectHeading(page, 'Overview');
      // The route guard keeps all of them as the selection from then on: a first visit on another device has none.
      const forgetSelection = () => page.evaluate(() => localStorage.removeItem('portal.selectedClientIds'));
      await forgetSelection();

      // The frame alone, at both addresses: the app's code never arrives.
      await page.route(APP_CODE, (route) => route.abort());
      const painted: { heading: Box; intro: Box }[] = [];
      for (const path of ['/', '/overview']) {
        await page.goto(path);
        const frame = page.locator('[data-boot-frame="overview"]');
        await expectVisible(frame);
        expect(await frame.locator('h1').textContent()).toBe('Overview');
        expect(await frame.locator('p').textContent()).toBe('Every school you can manage. Choose one to work with it on the dashboard.');
        expect(await page.locator('[data-boot-frame]:visible').count()).toBe(1);
        // Home's own frame, drawn by the server for all of the contact's clients, stays hidden.
        expect(await page.evaluate(() => document.documentElement.className)).not.toMatch(/boot-frame--home/);
        if (path === '/') await screenshot(page, 'boot-frame-overview');
        painted.push(await boxes(page, '[data-boot-frame="overview"] h1', '[data-boot-frame="overview"] p'));
      }
      expect(painted[1]).toEqual(painted[0]);
      await page.unroute(APP_CODE);

      // The app: the same texts where the frame had them, and the frame gone.
      await forgetSelection();
      await page.goto('/');
      await page.waitForURL((url) => url.pathname === '/overview');
      await expectHeading(page, 'Overview');
      expect(await page.locator('#boot-frame-view').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.className)).not.toMatch(/boot-/);
      const drawn = await boxes(page, 'main h1', 'main h1 + p');
      expect({ heading: drawn.heading, intro: { x: drawn.intro.x, y: drawn.intro.y } }).toEqual({
        heading: { ...painted[0]!.heading, width: drawn.heading.width },
        intro: { x: painted[0]!.intro.x, y: painted[0]!.intro.y },
      });
      expectNoPageErrors(page);
    });
  }

  it("a signed-in page asks for the signed-in area's shared files after its first frame, the sign-in page for none of them", async () => {
    // Each modulepreload link a script adds, with whether a frame had been drawn by then: this script's frame callback
    // is asked for before index.html's own script runs, so it runs first in the first frame.
    const watchPreloads = (page: Page) =>
      page.addInitScript(() => {
        const added: AddedPreload[] = [];
        let framed = false;
        requestAnimationFrame(() => (framed = true));
        Object.assign(window, { preloadsAdded: added });
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.addedNodes)
              if (node instanceof HTMLLinkElement && node.rel === 'modulepreload')
                added.push({ href: new URL(node.href).pathname, afterFrame: framed });
        }).observe(document, { childList: true, subtree: true });
      });
    const added = (page: Page) => page.evaluate(() => (window as unknown as { preloadsAdded: AddedPreload[] }).preloadsAdded);
    const listed = (page: Page) =>
      page.evaluate(() => document.querySelector('meta[name="portal-signed-in-start"]')?.getAttribute('content')?.split(' ') ?? []);

    const page = await browser.newPage('mobile');
    await signIn(page, 'school.admin@demo.test', '/bookings');
    await expectHeading(page, 'Bookings');
    await watchPreloads(page);
    await page.goto('/timesheets');
    await expectHeading(page, 'Timesheets');
    const files = await listed(page);
    expect(files.length).toBeGreaterThan(5);
    await expect.poll(async () => (await added(page)).map((link) => link.href).filter((href) => files.includes(href))).toEqual(files);
    expect((await added(page)).filter((link) => files.includes(link.href) && !link.afterFrame)).toEqual([]);

    const signedOut = await browser.newPage('mobile');
    await watchPreloads(signedOut);
    await signedOut.goto('/login');
    await expectVisible(signedOut.getByRole('button', { name: 'Sign in' }));
    const signInFiles = await listed(signedOut);
    expect(signInFiles).toEqual(files);
    expect((await added(signedOut)).filter((link) => signInFiles.includes(link.href))).toEqual([]);
    expectNoPageErrors(page);
    expectNoPageErrors(signedOut);
  });

  it('a browser without a sign-in, or in dark mode, sees the loading view', async () => {
    const page = await browser.newPage('mobile');
    await page.route(APP_CODE, (route) => route.abort());
    await page.goto('/bookings');
    await expectVisible(page.locator('.boot-loading'));
    expect(await page.locator('#boot-frame-view').isVisible()).toBe(false);

    const dark = await browser.newPage('mobile');
    await signIn(dark, 'school.admin@demo.test', '/bookings');
    await expectHeading(dark, 'Bookings');
    await dark.evaluate(() => localStorage.setItem('darkMode', 'true'));
    await dark.route(APP_CODE, (route) => route.abort());
    await dark.goto('/bookings');
    await expectVisible(dark.locator('.boot-loading'));
    expect(await dark.locator('#boot-frame-view').isVisible()).toBe(false);
  });
});

/** A box rounded to whole pixels. */
async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('no box');
  return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
}

/** A demo account's first name and every client of its permissions, sorted (the selection the server assumes). */
async function contactOf(email: string): Promise<{ firstName: string; clientIds: number[] }> {
  const token = await apiSignIn(email);
  const response = await fetch(`${baseUrl()}/v1/profile`, { headers: { authorization: `Bearer ${token}`, 'accept-version': '1' } });
  expect(response.status).toBe(200);
  type Clients = { clients: { clientId: number }[] };
  const profile = (await response.json()) as { contact: { firstName: string }; links: Clients & { groups: Clients[] } };
  const clients = [...profile.links.groups.flatMap((group) => group.clients), ...profile.links.clients];
  return { firstName: profile.contact.firstName, clientIds: clients.map((client) => client.clientId).sort((a, b) => a - b) };
}

/**
 * Inter, as the app's code loads it (main.tsx): with the app's code held back the frame paints in the fallback font,
 * which wraps and measures text otherwise; with Inter it must match the app to the pixel.
 */
async function addInter(page: Page): Promise<void> {
  const file = readdirSync(join(repoRoot, 'apps/web/dist/assets')).find((name) => /^wght-[^.]+\.css$/.test(name));
  if (!file) throw new Error('no built stylesheet of Inter (apps/web/dist/assets/wght-*.css)');
  await page.addStyleTag({ url: `/assets/${file}` });
  await page.evaluate(async () => {
    await document.fonts.load('16px "Inter Variable"');
    await document.fonts.ready;
  });
}

/** Home's first screen, its visible parts (the frame's, or the app's once it has drawn the page). */
interface HomeParts {
  heading: Locator;
  greeting: Locator;
  toggle: Locator;
  card: Locator;
  text: Locator;
  button: Locator;
}

const frameParts = (page: Page): HomeParts => {
  const frame = page.locator('[data-boot-frame="home"]');
  return {
    heading: frame.locator('h1'),
    greeting: frame.locator('.boot-home__greeting'),
    toggle: frame.locator('.boot-home__layouts'),
    card: frame.locator('.boot-home__book'),
    text: frame.locator('.boot-home__book-text p:visible'),
    button: frame.locator('.boot-home__button:visible'),
  };
};

const appParts = (page: Page): HomeParts => {
  const card = page.getByTestId('quick-book');
  return {
    heading: page.locator('main h1'),
    greeting: page.locator('main h1 + p'),
    toggle: page.getByRole('group', { name: 'Dashboard layout' }),
    card,
    text: card.locator('p'),
    button: card.getByRole('link'),
  };
};

async function boxesOf<Parts extends { [Name in keyof Parts]: Locator }>(parts: Parts): Promise<Record<keyof Parts, Box>> {
  const entries = await Promise.all(Object.entries(parts).map(async ([name, locator]) => [name, await boxOf(locator as Locator)] as const));
  return Object.fromEntries(entries) as Record<keyof Parts, Box>;
}

/**
 * Home cold: the server draws its first screen into index.html for a signed-in browser (the greeting and the quick-book
 * card with the school's usual day, or the choice of school for a contact of several), and boot-paint.js shows it
 * before the app's code has arrived; the app then draws the same things in the same places.
 */
describe("Home's first screen, drawn by the server", () => {
  const browser = useBrowser();

  const cases = [
    { viewport: 'mobile', email: 'school.admin@demo.test', card: 'book' },
    { viewport: 'desktop', email: 'school.admin@demo.test', card: 'book' },
    { viewport: 'mobile', email: 'group.admin@demo.test', card: 'choose' },
    { viewport: 'desktop', email: 'group.admin@demo.test', card: 'choose' },
  ] as const satisfies readonly { viewport: ViewportName; email: string; card: 'book' | 'choose' }[];

  for (const { viewport, email, card } of cases) {
    it(`${viewport}: ${email}'s Home paints from the HTML (${card === 'book' ? "the school's usual day" : 'the choice of school'}) where the app then draws it`, async () => {
      const { firstName, clientIds } = await contactOf(email);
      const page = await browser.newPage(viewport);
      await signIn(page, email, '/');
      // A contact of several clients chooses them first (the client overview); Home is drawn for all of them.
      if (clientIds.length > 1) {
        await page.waitForURL((url) => url.pathname === '/overview');
        await page.evaluate((ids) => localStorage.setItem('portal.selectedClientIds', JSON.stringify(ids)), clientIds);
        await page.goto('/');
      }
      await expectHeading(page, 'Home');

      // The frame alone: the app's code never arrives.
      await page.route(APP_CODE, (route) => route.abort());
      await page.goto('/');
      const frame = frameParts(page);
      await expectVisible(frame.card);
      expect(await page.locator('[data-boot-frame]:visible').count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.className)).toContain(`boot-home--${card}`);
      expect(await frame.heading.textContent()).toBe('Home');
      expect(await frame.greeting.textContent()).toBe(`Welcome back, ${firstName}`);
      await expectVisible(frame.toggle);
      const sentence = (await frame.text.textContent()) ?? '';
      const label = (await frame.button.textContent()) ?? '';
      if (card === 'book') {
        expect(sentence).toMatch(/^.+'s usual day, .+\. You confirm the classification and press Create\.$/);
        expect(label).toMatch(/^Book cover for /);
      } else {
        expect(sentence).toBe('Choose the school: the next day it can be booked and its usual times are filled in for you.');
        expect(label).toBe('Book cover for the next school day');
      }
      await screenshot(page, `boot-frame-home-${card}`);
      await addInter(page);
      const painted = await boxesOf(frame);
      await page.unroute(APP_CODE);

      // The app: the same texts where the frame had them, and the frame gone.
      await page.goto('/');
      const app = appParts(page);
      await expectHeading(page, 'Home');
      // The card in full: while its locations load it shows the usual label over a placeholder of its sentence.
      await expect.poll(() => app.text.textContent(), { timeout: 10_000 }).toBe(sentence);
      await expect.poll(() => app.button.textContent(), { timeout: 10_000 }).toBe(label);
      expect(await app.greeting.textContent()).toBe(`Welcome back, ${firstName}`);
      expect(await page.locator('#boot-frame-view').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.className)).not.toMatch(/boot-/);
      const drawn = await boxesOf(app);
      // The heading's column is as wide as its widest line: the period's placeholder in the frame, its dates here.
      expect(drawn).toEqual({
        ...painted,
        heading: { ...painted.heading, width: drawn.heading.width },
        greeting: { ...painted.greeting, width: drawn.greeting.width },
      });
      expectNoPageErrors(page);
    });
  }

  it('shows no Home frame in the map layout, nor for a selection other than the one the server drew', async () => {
    const page = await browser.newPage('mobile');
    await signIn(page, 'school.admin@demo.test', '/');
    await expectHeading(page, 'Home');
    await page.route(APP_CODE, (route) => route.abort());
    await page.evaluate(() => localStorage.setItem('dashboardLayout', '2'));
    await page.goto('/');
    await expectVisible(page.locator('.boot-loading'));
    expect(await page.locator('#boot-frame-view').isVisible()).toBe(false);

    await page.evaluate(() => {
      localStorage.removeItem('dashboardLayout');
      localStorage.setItem('portal.selectedClientIds', JSON.stringify([-1]));
    });
    await page.goto('/');
    await expectVisible(page.locator('.boot-loading'));
    expect(await page.locator('#boot-frame-view').isVisible()).toBe(false);
  });
});

/** An invoice as GET /v1/invoices lists it: what the invoice's first screen shows of it. */
interface ListedInvoice {
  invoiceNo: string;
  status: 'paid' | 'unpaid' | 'overdue';
  isPaid: boolean;
  isOverdue: boolean;
  paidAt: string | null;
}

/** A demo account's invoices (of a status), newest first, as the API lists them: its first page. */
async function invoicesOf(email: string, status?: ListedInvoice['status']): Promise<ListedInvoice[]> {
  const token = await apiSignIn(email);
  const query = status ? `?status=${status}` : '';
  const response = await fetch(`${baseUrl()}/v1/invoices${query}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-version': '1' },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { invoices: ListedInvoice[] }).invoices;
}

/** An invoice's first screen, its visible parts (the frame's, or the app's once it has drawn the page). */
interface InvoiceParts {
  back: Locator;
  heading: Locator;
  number: Locator;
  download: Locator;
  banner: Locator;
  card: Locator;
  period: Locator;
  chip: Locator;
}

const invoiceFrameParts = (page: Page): InvoiceParts => {
  const frame = page.locator('[data-boot-frame="invoice"]');
  return {
    back: frame.locator('.boot-invoice__back .boot-invoice__button'),
    heading: frame.locator('h1'),
    number: frame.locator('.boot-invoice__number'),
    download: frame.locator('.boot-invoice__download'),
    banner: frame.locator('.boot-invoice__banner'),
    card: frame.locator('.boot-invoice__details'),
    period: frame.locator('.boot-invoice__period'),
    chip: frame.locator('.boot-invoice__chip'),
  };
};

const invoiceAppParts = (page: Page): InvoiceParts => {
  const card = page
    .locator('main section')
    .filter({ has: page.locator('dl') })
    .first();
  return {
    back: page.locator('main').getByRole('link', { name: 'Finance' }),
    heading: page.locator('main h1'),
    number: page.getByTestId('invoice-number'),
    download: page.getByTestId('invoice-download'),
    banner: page.locator('main [role="alert"]'),
    card,
    period: card.locator('dd').nth(3),
    chip: card.locator('.MuiChip-root'),
  };
};

const BANNER = { paid: 'invoice-paid', overdue: 'invoice-overdue', unpaid: 'invoice-unpaid' } as const;

/**
 * An invoice cold: the server draws its header, banner and details card into index.html for a signed-in browser that
 * may see it, and boot-paint.js shows them before the app's code has arrived; the app then draws the same things in the
 * same places. A paid invoice's banner and time of payment are moments in the browser's time zone: the frame shows
 * them loading, at the height the app's lines take.
 */
describe("an invoice's first screen, drawn by the server", () => {
  const browser = useBrowser();

  const cases = [
    { viewport: 'mobile', email: 'school.admin@demo.test', kind: 'unpaid' },
    { viewport: 'desktop', email: 'school.admin@demo.test', kind: 'paid' },
    { viewport: 'mobile', email: 'group.admin@demo.test', kind: 'paid' },
    { viewport: 'desktop', email: 'group.admin@demo.test', kind: 'overdue' },
  ] as const satisfies readonly { viewport: ViewportName; email: string; kind: keyof typeof BANNER }[];

  for (const { viewport, email, kind } of cases) {
    it(`${viewport}: ${email}'s ${kind} invoice paints from the HTML where the app then draws it`, async () => {
      // The overdue ones are older than the first page of all of them.
      const invoice = (await invoicesOf(email, kind === 'overdue' ? 'overdue' : undefined)).find((listed) =>
        kind === 'paid'
          ? listed.isPaid && listed.paidAt !== null
          : kind === 'overdue'
            ? listed.isOverdue
            : !listed.isPaid && !listed.isOverdue,
      );
      if (!invoice) throw new Error(`the demo world has no ${kind} invoice of ${email}`);
      const path = `/finance/invoices/${encodeURIComponent(invoice.invoiceNo)}`;
      const page = await browser.newPage(viewport);
      await signIn(page, email, path);
      await expectHeading(page, 'View Invoice');
      await expectVisible(page.getByTestId(BANNER[kind]));

      // The frame alone: the app's code never arrives.
      await page.route(APP_CODE, (route) => route.abort());
      await page.goto(path);
      const frame = invoiceFrameParts(page);
      await expectVisible(frame.card);
      expect(await page.locator('[data-boot-frame]:visible').count()).toBe(1);
      expect(await page.locator('#boot-frame-view').getAttribute('aria-hidden')).toBe('true');
      const classes = (await page.evaluate(() => document.documentElement.className)).split(' ');
      expect(classes).toEqual(
        expect.arrayContaining(['boot-frame--invoice', `boot-invoice--banner-${kind}`, `boot-invoice--status-${invoice.status}`]),
      );
      expect(await frame.heading.textContent()).toBe('View Invoice');
      const number = (await frame.number.textContent()) ?? '';
      expect(number).toMatch(new RegExp(`^(Tax invoice|VAT invoice|Invoice) ${invoice.invoiceNo}$`));
      const period = (await frame.period.textContent()) ?? '';
      expect(period).toMatch(/^\d{1,2} \w{3} \d{4} – \d{1,2} \w{3} \d{4}$/);
      const banner = ((await frame.banner.textContent()) ?? '').trim();
      const chip = (await frame.chip.textContent()) ?? '';
      if (kind === 'paid') {
        // The paid date is the browser's to format: the frame shows a line loading in its place.
        expect(banner).toBe('');
        await expectVisible(frame.banner.locator('.boot-invoice__skeleton'));
        expect(chip).toBe('Paid');
      } else {
        expect(banner).toMatch(kind === 'overdue' ? /^This invoice is \d+ days? overdue\./ : /^Not paid yet\. Payment is due by /);
        expect(chip).toMatch(kind === 'overdue' ? /^Overdue/ : /^Unpaid$/);
      }
      await screenshot(page, `boot-frame-invoice-${kind}`);
      await addInter(page);
      const painted = await boxesOf(frame);
      await page.unroute(APP_CODE);

      // The app: the same texts where the frame had them, and the frame gone.
      await page.goto(path);
      const app = invoiceAppParts(page);
      await expectHeading(page, 'View Invoice');
      await expectVisible(page.getByTestId(BANNER[kind]));
      expect(await app.number.textContent()).toBe(number);
      expect(await app.period.textContent()).toBe(period);
      expect(await app.chip.textContent()).toBe(chip);
      if (kind !== 'paid') expect(await app.banner.textContent()).toBe(banner);
      expect(await page.locator('#boot-frame-view').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.className)).not.toMatch(/boot-/);
      expect(await boxesOf(app)).toEqual(painted);
      expectNoPageErrors(page);
    });
  }

  it('shows no invoice frame for an invoice the contact may not see, nor in dark mode', async () => {
    // Another region's school: never one of school.admin's.
    const other = (await invoicesOf('us.admin@demo.test'))[0];
    if (!other) throw new Error('the demo world has no invoice of us.admin@demo.test');
    const own = (await invoicesOf('school.admin@demo.test'))[0];
    if (!own) throw new Error('the demo world has no invoice of school.admin@demo.test');
    const page = await browser.newPage('mobile');
    await signIn(page, 'school.admin@demo.test', `/finance/invoices/${encodeURIComponent(own.invoiceNo)}`);
    await expectHeading(page, 'View Invoice');
    await page.route(APP_CODE, (route) => route.abort());
    await page.goto(`/finance/invoices/${encodeURIComponent(other.invoiceNo)}`);
    await expectVisible(page.locator('.boot-loading'));
    expect(await page.locator('#boot-frame-view').isVisible()).toBe(false);
    // Nothing of it is in the page either, shown or not.
    expect(await page.locator('meta[name="portal-first-page"]').getAttribute('content')).toBe('');
    expect(await page.locator('[data-first-page="invoice-number"]').textContent()).toBe('');

    await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
    await page.goto(`/finance/invoices/${encodeURIComponent(own.invoiceNo)}`);
    await expectVisible(page.locator('.boot-loading'));
    expect(await page.locator('#boot-frame-view').isVisible()).toBe(false);
  });
});

/** The sign-in page's own start: what it leaves for later. */
describe('the sign-in page as it starts', () => {
  const browser = useBrowser();

  it('the sign-in page makes no Intl formatter as it loads; the first is made while the sign-in request travels', async () => {
    const page = await browser.newPage('mobile');
    // Counts the number formatters made (the first one loads the locale data, a long task on a phone).
    await page.addInitScript(() => {
      const counted = { made: 0 };
      Object.assign(window, { numberFormats: counted });
      Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
        apply: (target, self, args) => ((counted.made += 1), Reflect.apply(target, self, args)),
        construct: (target, args, newTarget) => ((counted.made += 1), Reflect.construct(target, args, newTarget)),
      });
    });
    const made = () => page.evaluate(() => (window as unknown as { numberFormats: { made: number } }).numberFormats.made);
    await page.goto('/login');
    await expectVisible(page.getByRole('button', { name: 'Sign in' }));
    // A task later still none (the app's start used to make one in a task of its own).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(await made()).toBe(0);

    // The sign-in's answer is held until a formatter has been made (or a few seconds have passed).
    let madeWhileTravelling = 0;
    await page.route('**/v1/auth/login', async (route) => {
      const until = Date.now() + 5_000;
      while ((madeWhileTravelling = await made()) === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      await route.continue();
    });
    await page.getByRole('textbox', { name: 'Email' }).fill('school.admin@demo.test');
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(madeWhileTravelling).toBeGreaterThan(0);
    expectNoPageErrors(page);
  });
});
