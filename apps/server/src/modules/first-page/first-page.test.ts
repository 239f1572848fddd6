import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { formatDateList, formatTimeRange } from '@portal/contract/format/locale-format';
import type { InvoiceDetailsResponse, InvoiceSummary } from '@portal/contract/invoices';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../../test/auth-client';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { drawInvoice } from './first-page-html';

/** The built index.html's places for a first page (apps/web/index.html), and the texts the build writes beside it. */
const INDEX = [
  '<!doctype html><html><head><meta name="portal-first-page" content="" /><title>Portal</title></head><body>',
  '<h1>Home</h1><p><span data-first-page="greeting"></span></p>',
  '<p><span data-first-page="book-text"></span></p><a><span data-first-page="book-label"></span></a>',
  '<p><span data-first-page="invoice-number"></span></p><div><span data-first-page="invoice-banner"></span></div>',
  ...['billed-to', 'issued', 'due', 'period', 'currency', 'status'].map(
    (name) => `<dd><span data-first-page="invoice-${name}"></span></dd>`,
  ),
  '</body></html>',
].join('');
const TEXTS = {
  greeting: 'Welcome back, {{firstName}}',
  usualTimes: "{{school}}'s usual day, {{times}}. You confirm the classification and press Create.",
  today: 'Book cover for today',
  tomorrow: 'Book cover for tomorrow',
  on: 'Book cover for {{day}}',
  nextSchoolDay: 'Book cover for the next school day',
  taxInvoice: 'Tax invoice {{invoiceNo}}',
  vatInvoice: 'VAT invoice {{invoiceNo}}',
  plainInvoice: 'Invoice {{invoiceNo}}',
  unpaidBanner: 'Not paid yet. Payment is due by {{date}}.',
  overdueBanner_one: 'This invoice is {{count}} day overdue. Please arrange payment.',
  overdueBanner_other: 'This invoice is {{count}} days overdue. Please arrange payment.',
  periodRange: '{{from}} – {{to}}',
  statusPaid: 'Paid',
  statusUnpaid: 'Unpaid',
  statusOverdue: 'Overdue',
  overdueDays_one: 'Overdue {{count}} day',
  overdueDays_other: 'Overdue {{count}} days',
};

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-first-page-'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'first-page-texts.json'), JSON.stringify(TEXTS));
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The cookies a sign-in sets, by name, and each one's attributes. */
async function signIn(email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password: DEMO_PASSWORD } });
  expect(res.statusCode).toBe(200);
  const set = [res.headers['set-cookie'] ?? []].flat();
  const cookie = (name: string) => set.find((c) => c.startsWith(`${name}=`));
  const pair = (name: string) => cookie(name)?.split(';')[0] ?? '';
  return { set, cookie, pair, accessToken: res.json<{ accessToken: string }>().accessToken };
}

const home = (cookie?: string, accept = 'text/html') =>
  t.app.inject({ method: 'GET', url: '/', headers: { accept, ...(cookie ? { cookie } : {}) } });
const metaOf = (html: string) => /<meta name="portal-first-page"[^>]*>/.exec(html)?.[0];
const slot = (html: string, name: string) => new RegExp(`<span data-first-page="${name}">([^<]*)</span>`).exec(html)?.[1];

describe("Home drawn into a cold start's HTML", () => {
  it("sets a contact's first-page cookie beside the refresh cookie: httpOnly, strict, for the whole site", async () => {
    const { cookie } = await signIn('school.admin@demo.test');
    const page = cookie('portal_page');
    expect(page).toBeDefined();
    expect(page).toMatch(/; Path=\/(;|$)/);
    expect(page).toMatch(/HttpOnly/i);
    expect(page).toMatch(/SameSite=Strict/i);
  });

  it("draws the contact's greeting and quick-book card, as the app's own calls give them, never stored by a cache", async () => {
    const { pair, accessToken } = await signIn('school.admin@demo.test');
    const res = await home(pair('portal_page'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/cookie/i);
    const headers = { authorization: `Bearer ${accessToken}` };
    const profile = (await t.app.inject({ method: 'GET', url: '/v1/profile', headers })).json<{
      contact: { firstName: string; language: string };
      links: { clients: { clientId: number }[] };
    }>();
    const [location, ...others] = (await t.app.inject({ method: 'GET', url: '/v1/locations/booking-location-list', headers })).json<
      { locationName: string; startTime: string; endTime: string }[]
    >();
    expect(others).toEqual([]);
    expect(metaOf(res.body)).toBe(
      `<meta name="portal-first-page" content="home period layouts book" data-clients="${profile.links.clients.map((c) => c.clientId).join(',')}">`,
    );
    expect(slot(res.body, 'greeting')).toBe(`Welcome back, ${profile.contact.firstName}`);
    const times = formatTimeRange(location!.startTime, location!.endTime, profile.contact.language);
    expect(slot(res.body, 'book-text')).toBe(
      `${location!.locationName}&#39;s usual day, ${times}. You confirm the classification and press Create.`,
    );
    expect(slot(res.body, 'book-label')).toMatch(/^Book cover for /);
  });

  it('offers the choice of school where there are several, and no card to those who cannot book', async () => {
    const group = await signIn('group.admin@demo.test');
    expect(metaOf((await home(group.pair('portal_page'))).body)).toMatch(/content="home period layouts choose" data-clients="\d+(,\d+)+"/);
    const viewer = await signIn('bookings.viewer@demo.test');
    const viewed = (await home(viewer.pair('portal_page'))).body;
    expect(metaOf(viewed)).toMatch(/content="home period layouts" /);
    expect(slot(viewed, 'book-text')).toBe('');
  });

  it('escapes what a contact or a school is called', async () => {
    // Renamed before the contact's first request, so no cache holds the old names.
    await t.database.db.execute(sql`update contacts set first_name = '<img src=x onerror=alert(1)>"&' where email = 'ca.admin@demo.test'`);
    const { pair, accessToken } = await signIn('ca.admin@demo.test');
    const [location] = (
      await t.app.inject({ method: 'GET', url: '/v1/locations/booking-location-list', headers: { authorization: `Bearer ${accessToken}` } })
    ).json<{ locationId: number }[]>();
    await t.database.db.execute(sql`update locations set name = '</span><script>alert(2)</script>' where id = ${location!.locationId}`);
    const body = (await home(pair('portal_page'))).body;
    expect(slot(body, 'greeting')).toBe('Welcome back, &#60;img src=x onerror=alert(1)&#62;&#34;&#38;');
    expect(slot(body, 'book-text')).toMatch(/^&#60;\/span&#62;&#60;script&#62;alert\(2\)&#60;\/script&#62;&#39;s usual day/);
    expect(body).not.toMatch(/<img|<script/);
  });

  it('gives the page as built without a cookie, with a forged or foreign one, and after signing out', async () => {
    const plain = await home();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(INDEX);
    const head = await t.app.inject({ method: 'HEAD', url: '/', headers: { accept: 'text/html' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');

    const session = await signIn('us.admin@demo.test');
    const [name, value] = session.pair('portal_page').split('=') as [string, string];
    const [header, payload] = value.split('.');
    expect((await home(`${name}=${header}.${payload}.${'A'.repeat(43)}`)).body).toBe(INDEX);
    expect((await home(`${name}=${'x'.repeat(5000)}`)).body).toBe(INDEX);
    // An access token is not a first-page token.
    expect((await home(`${name}=${session.accessToken}`)).body).toBe(INDEX);

    expect(metaOf((await home(session.pair('portal_page'))).body)).toMatch(/content="home /);
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { authorization: `Bearer ${session.accessToken}`, cookie: session.pair('portal_rt') },
    });
    expect(out.statusCode).toBe(204);
    expect([out.headers['set-cookie']].flat().some((c) => c?.startsWith('portal_page=;'))).toBe(true);
    expect((await home(session.pair('portal_page'))).body).toBe(INDEX);
  });

  it('ends with a password change, as access tokens do, and the browser that changed it gets a new one', async () => {
    const session = await signIn('uk.admin@demo.test');
    const other = await signIn('uk.admin@demo.test');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/change-password',
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'Another#2026secret' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await home(session.pair('portal_page'))).body).toBe(INDEX);
    expect((await home(other.pair('portal_page'))).body).toBe(INDEX);
    const renewed = [changed.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('portal_page='));
    expect(renewed).toMatch(/HttpOnly/i);
    expect(metaOf((await home(renewed!.split(';')[0])).body)).toMatch(/content="home /);
  });

  it('answers an API client asking for JSON with the not-found problem, as any address of the app', async () => {
    const { pair } = await signIn('school.admin@demo.test');
    const res = await home(pair('portal_page'), 'application/json');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('answers odd spellings of the address as the app does, never with an error, and echoes nothing of the request', async () => {
    const { pair } = await signIn('school.admin@demo.test');
    for (const url of ['//', '/%2F', '/./', '/%2e', '/?next=%3Cscript%3Ealert(1)%3C/script%3E', '/#x', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: pair('portal_page') } });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toMatch(/<script>alert/);
    }
    const huge = await t.app.inject({ method: 'GET', url: `/?${'a'.repeat(10_000)}`, headers: { accept: 'text/html' } });
    expect(huge.statusCode).toBeLessThan(500);
  });

  it("draws nothing for a contact with no client: the app's page for them is not Home", async () => {
    const { pair } = await signIn('no.access@demo.test');
    expect((await home(pair('portal_page'))).body).toBe(INDEX);
  });
});

describe("An invoice drawn into a cold start's HTML", () => {
  const page = (invoiceNo: string, cookie?: string, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({
      method,
      url: `/finance/invoices/${encodeURIComponent(invoiceNo)}`,
      headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
    });
  /** The contact's invoices of a status, as the app lists them, each with its details as the app's own call answers. */
  async function invoicesOf(accessToken: string, status: 'paid' | 'unpaid' | 'overdue') {
    const headers = { authorization: `Bearer ${accessToken}` };
    const list = await t.app.inject({ method: 'GET', url: `/v1/invoices?status=${status}&take=50`, headers });
    expect(list.statusCode).toBe(200);
    const { invoices } = list.json<{ invoices: InvoiceSummary[] }>();
    return Promise.all(
      invoices.map(async (summary) => {
        const details = await t.app.inject({
          method: 'GET',
          url: `/v1/invoices/GetInvoice/${encodeURIComponent(summary.invoiceNo)}`,
          headers,
        });
        expect(details.statusCode).toBe(200);
        return details.json<InvoiceDetailsResponse>();
      }),
    );
  }
  const languageOf = async (accessToken: string) =>
    (await t.app.inject({ method: 'GET', url: '/v1/profile', headers: { authorization: `Bearer ${accessToken}` } })).json<{
      contact: { language: string };
    }>().contact.language;

  it('draws the header, the banner and the details card as GetInvoice answers them, never stored by a cache', async () => {
    const { pair, accessToken } = await signIn('group.admin@demo.test');
    const locale = await languageOf(accessToken);
    const [overdue] = (await invoicesOf(accessToken, 'overdue')).filter((invoice) => invoice.daysOverdue > 1);
    expect(overdue).toBeDefined();
    const res = await page(overdue!.invoiceNo, pair('portal_page'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(metaOf(res.body)).toBe(
      `<meta name="portal-first-page" content="invoice banner-overdue status-overdue" data-invoice="${overdue!.invoiceNo}">`,
    );
    expect(slot(res.body, 'invoice-number')).toMatch(new RegExp(`^(Tax invoice|VAT invoice|Invoice) ${overdue!.invoiceNo}$`));
    expect(slot(res.body, 'invoice-banner')).toBe(`This invoice is ${overdue!.daysOverdue} days overdue. Please arrange payment.`);
    expect(slot(res.body, 'invoice-status')).toBe(`Overdue ${overdue!.daysOverdue} days`);
    expect(slot(res.body, 'invoice-billed-to')).toBe(overdue!.clientName.replace(/'/g, '&#39;'));
    expect(slot(res.body, 'invoice-issued')).toBe(formatDateList(overdue!.issueDate, locale));
    expect(slot(res.body, 'invoice-due')).toBe(formatDateList(overdue!.dueDate, locale));
    expect(slot(res.body, 'invoice-period')).toBe(
      `${formatDateList(overdue!.periodStart, locale)} – ${formatDateList(overdue!.periodEnd, locale)}`,
    );
    expect(slot(res.body, 'invoice-currency')).toBe(overdue!.currency);
  });

  it("says when an unpaid invoice is due, and leaves a paid one's banner to the app (its moment is in the browser's zone)", async () => {
    const { pair, accessToken } = await signIn('group.admin@demo.test');
    const locale = await languageOf(accessToken);
    // The demo world's unpaid invoices are all past due by now: one is given a due date years ahead.
    const [due] = await invoicesOf(accessToken, 'overdue');
    await t.database.db.execute(sql`update invoices set due_date = date '2099-01-15' where invoice_no = ${due!.invoiceNo}`);
    const unpaid = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/invoices/GetInvoice/${due!.invoiceNo}`,
        headers: { authorization: `Bearer ${accessToken}` },
      })
    ).json<InvoiceDetailsResponse>();
    expect(unpaid).toMatchObject({ status: 'unpaid', isOverdue: false, dueDate: '2099-01-15' });
    const drawn = (await page(unpaid.invoiceNo, pair('portal_page'))).body;
    expect(metaOf(drawn)).toMatch(/content="invoice banner-unpaid status-unpaid"/);
    expect(slot(drawn, 'invoice-banner')).toBe(`Not paid yet. Payment is due by ${formatDateList(unpaid.dueDate, locale)}.`);
    expect(slot(drawn, 'invoice-status')).toBe('Unpaid');

    const [paid] = await invoicesOf(accessToken, 'paid');
    expect(paid).toBeDefined();
    const paidPage = (await page(paid!.invoiceNo, pair('portal_page'))).body;
    expect(metaOf(paidPage)).toMatch(/content="invoice banner-paid status-paid"/);
    expect(slot(paidPage, 'invoice-banner')).toBe('');
    expect(slot(paidPage, 'invoice-status')).toBe('Paid');
  });

  it("draws nothing of another client's invoice, of one that does not exist, or for a contact who may not see invoices", async () => {
    const us = await signIn('us.admin@demo.test');
    const [theirs] = await invoicesOf(us.accessToken, 'paid');
    expect(theirs).toBeDefined();
    const school = await signIn('school.admin@demo.test');
    expect((await page(theirs!.invoiceNo, school.pair('portal_page'))).body).toBe(INDEX);
    expect((await page('INV-0000-NONE', school.pair('portal_page'))).body).toBe(INDEX);
    // Allowed to see bookings, not invoices: GetInvoice refuses this contact, and so does the page.
    const viewer = await signIn('bookings.viewer@demo.test');
    const mine = await invoicesOf(school.accessToken, 'paid');
    expect(mine.length).toBeGreaterThan(0);
    expect((await page(mine[0]!.invoiceNo, viewer.pair('portal_page'))).body).toBe(INDEX);
    // Without a cookie, or with a forged one.
    expect((await page(theirs!.invoiceNo)).body).toBe(INDEX);
    const [name, value] = us.pair('portal_page').split('=') as [string, string];
    expect((await page(theirs!.invoiceNo, `${name}=${value.slice(0, -4)}AAAA`)).body).toBe(INDEX);
    // The owner does get it, until signing out.
    expect(metaOf((await page(theirs!.invoiceNo, us.pair('portal_page'))).body)).toMatch(/content="invoice /);
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { authorization: `Bearer ${us.accessToken}`, cookie: us.pair('portal_rt') },
    });
    expect(out.statusCode).toBe(204);
    expect((await page(theirs!.invoiceNo, us.pair('portal_page'))).body).toBe(INDEX);
  });

  it('escapes what an invoice or its client is called, and answers hostile or odd addresses without an error or an echo', async () => {
    const { pair, accessToken } = await signIn('ca.admin@demo.test');
    const [invoice] = await invoicesOf(accessToken, 'paid');
    expect(invoice).toBeDefined();
    // An invoice number is letters, digits and hyphens (GetInvoice's own rule), so only the client's name can carry markup.
    await t.database.db.execute(sql`update clients set name = '<img src=x onerror=alert(1)>' where id = ${invoice!.clientId}`);
    const drawn = await page(invoice!.invoiceNo, pair('portal_page'));
    expect(drawn.statusCode).toBe(200);
    expect(metaOf(drawn.body)).toMatch(new RegExp(`data-invoice="${invoice!.invoiceNo}"`));
    expect(slot(drawn.body, 'invoice-billed-to')).toBe('&#60;img src=x onerror=alert(1)&#62;');
    expect(drawn.body).not.toMatch(/<img|<script/);

    for (const url of [
      '/finance/invoices/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      `/finance/invoices/${'9'.repeat(5000)}`,
      '/finance/invoices/%E0%A4%A',
      '/finance/invoices/..%2F..%2Fv1%2Fprofile',
      '/finance/invoices/%00',
      '/finance/invoices/',
      '/finance/invoices/a/b',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: pair('portal_page') } });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toMatch(/<script>alert|<meta name="portal-first-page" content="invoice/);
    }
  });

  it('answers HEAD, and JSON with the not-found problem', async () => {
    const { pair, accessToken } = await signIn('school.admin@demo.test');
    const [invoice] = await invoicesOf(accessToken, 'paid');
    const head = await page(invoice!.invoiceNo, pair('portal_page'), 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const json = await t.app.inject({
      method: 'GET',
      url: `/finance/invoices/${encodeURIComponent(invoice!.invoiceNo)}`,
      headers: { accept: 'application/json', cookie: pair('portal_page') },
    });
    expect(json.statusCode).toBe(404);
  });
});

describe('A first page that takes too long to draw', () => {
  /** An app whose drawings may take `budgetMs`, and a contact's first-page cookie on it. */
  async function appWithBudget(budgetMs: number) {
    const app = await buildTestApp({ env: { WEB_DIST_DIR: dist, FIRST_PAGE_BUDGET_MS: String(budgetMs) } });
    const res = await app.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'school.admin@demo.test', password: DEMO_PASSWORD },
    });
    const cookie = [res.headers['set-cookie'] ?? []]
      .flat()
      .find((c) => c.startsWith('portal_page='))
      ?.split(';')[0];
    expect(cookie).toBeDefined();
    const get = (url: string) => app.app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: cookie! } });
    const counted = async () => (await app.app.metrics.registry.getSingleMetric('portal_first_pages_total')?.get())?.values ?? [];
    return { app, get, counted };
  }

  it('sends the page as built when the drawing has not finished within its budget, or failed, and counts each answer', async () => {
    const { app, get, counted } = await appWithBudget(50);
    try {
      // A drawing within its budget (its reads answered at once; the real ones are the other tests').
      const home = vi
        .spyOn(app.app.services.firstPage, 'home')
        .mockResolvedValue({ locale: 'en', firstName: 'Ada', parts: ['period'], clientIds: [1] });
      expect(slot((await get('/')).body, 'greeting')).toBe('Welcome back, Ada');
      // A database that does not answer: the drawing never ends.
      const stalled = home.mockReturnValue(new Promise(() => {}));
      const late = await get('/');
      expect(late.statusCode).toBe(200);
      expect(late.headers['cache-control']).toBe('no-cache');
      expect(late.body).toBe(INDEX);
      stalled.mockRejectedValue(new Error('connection refused'));
      expect((await get('/')).body).toBe(INDEX);
      vi.spyOn(app.app.services.firstPage, 'invoice').mockReturnValue(new Promise(() => {}));
      expect((await get('/finance/invoices/INV-0001')).body).toBe(INDEX);
      expect((await counted()).map(({ labels, value }) => ({ ...labels, value }))).toEqual([
        { page: 'home', outcome: 'drawn', value: 1 },
        { page: 'home', outcome: 'late', value: 1 },
        { page: 'home', outcome: 'failed', value: 1 },
        { page: 'invoice', outcome: 'late', value: 1 },
      ]);
    } finally {
      vi.restoreAllMocks();
      await app.close();
    }
  });

  it('draws nothing with a budget of 0', async () => {
    const { app, get } = await appWithBudget(0);
    try {
      const drawn = vi.spyOn(app.app.services.firstPage, 'home');
      expect((await get('/')).body).toBe(INDEX);
      expect(drawn).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
      await app.close();
    }
  });
});

describe('drawInvoice', () => {
  const template = { html: INDEX, texts: TEXTS };
  const invoice = (over: Partial<InvoiceSummary>) =>
    ({
      invoiceNo: 'INV-000001',
      locale: 'en-GB',
      clientName: 'Elm Park Primary',
      issueDate: '2026-11-02',
      dueDate: '2026-12-02',
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
      currency: 'GBP',
      status: 'overdue',
      isPaid: false,
      isOverdue: true,
      daysOverdue: 1,
      paidAt: null,
      ...over,
    }) as InvoiceSummary;

  it("says one day in the singular, as i18next's _one form, and names a UK invoice a VAT invoice", () => {
    const html = drawInvoice(template, { locale: 'en-GB', invoice: invoice({}) });
    expect(slot(html, 'invoice-banner')).toBe('This invoice is 1 day overdue. Please arrange payment.');
    expect(slot(html, 'invoice-status')).toBe('Overdue 1 day');
    expect(slot(html, 'invoice-number')).toBe('VAT invoice INV-000001');
    expect(slot(html, 'invoice-period')).toBe('1 Oct 2026 – 31 Oct 2026');
  });

  it('shows the plain status word when an overdue invoice counts no day, as the status chip does', () => {
    const html = drawInvoice(template, { locale: 'en-US', invoice: invoice({ locale: 'en-US', daysOverdue: 0 }) });
    expect(slot(html, 'invoice-status')).toBe('Overdue');
    expect(slot(html, 'invoice-number')).toMatch(/^(Invoice|Tax invoice) INV-000001$/);
    expect(slot(html, 'invoice-issued')).toBe(formatDateList('2026-11-02', 'en-US'));
  });
});
