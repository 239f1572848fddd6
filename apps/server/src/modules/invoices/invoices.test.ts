import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { queryRows } from '@portal/db/client';
import { Pagination } from '@portal/contract/bookings';
import {
  ageingBucketOf,
  formatMinorAmount,
  InvoiceDetailsResponse,
  InvoicesAgeingResponse,
  InvoicesResponse,
} from '@portal/contract/invoices';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';
import * as pdf from './invoice-pdf';
import { DEMO_PROVIDER_ENTITIES, providerEntitiesOf, providerEntity } from './provider-entities';
import { DEMO_PROVIDER_CONTACTS } from '../system/provider-contacts';

/** The seeded world's today (Monday 16 March 2026). */
const TEST_NOW = inject('testNow');
let t: TestApp;
const who: Record<string, SignedIn> = {};
const ACCOUNTS = ['group.admin', 'finance', 'bookings.viewer', 'school.admin', 'uk.admin', 'ca.admin', 'no.access'];

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(TEST_NOW) });
  for (const email of ACCOUNTS) who[email] = await signIn(t.app, `${email}@demo.test`);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, email?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(email ? who[email]!.headers : {}), ...headers } });

/** Clients where the contact holds accounts view at the client or its group. */
async function accountsClients(email: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`select distinct c.id from clients c join permission_entries pe on (pe.group_id = c.group_id or pe.client_id = c.id)
        join contacts ct on ct.id = pe.contact_id
        where ct.email = ${`${email}@demo.test`} and pe.scope = 'accounts' and pe.modifier in ('view', 'all') order by c.id`,
  );
  return rows.map((r) => r.id);
}

async function invoiceOf(clientIds: number[], paid: boolean) {
  const [row] = await queryRows<{ id: number; invoice_no: string; client_id: number; total_minor: number }>(
    t.database.db,
    sql`select id, invoice_no, client_id, total_minor::int8 as total_minor from invoices
        where client_id = any(${sql.param(clientIds)}::int[]) and (paid_at is not null) = ${paid} order by issue_date desc, id limit 1`,
  );
  return { ...row!, total_minor: Number(row!.total_minor) };
}

const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;

describe('GET /v1/invoices', () => {
  it('pages the invoices of every client with accounts view, with total, currentPage and x-pagination', async () => {
    const clients = await accountsClients('group.admin');
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from invoices where client_id = any(${sql.param(clients)}::int[])`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(25);
    const res = await get('/v1/invoices?skip=25&take=25', 'group.admin');
    expect(res.statusCode).toBe(200);
    const body = InvoicesResponse.parse(res.json());
    expect(body.total).toBe(n);
    expect(body.currentPage).toBe(2);
    expect(body.invoices.length).toBe(Math.min(25, n - 25));
    expect(Pagination.parse(JSON.parse(String(res.headers['x-pagination'])))).toEqual({ total: n, skip: 25, take: 25 });
    // A page past the end has no invoice and still the total.
    const past = InvoicesResponse.parse((await get(`/v1/invoices?skip=${n + 50}&take=25`, 'group.admin')).json());
    expect(past).toMatchObject({ invoices: [], total: n });
    // Newest first by default.
    const dates = body.invoices.map((i) => i.issueDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const i of body.invoices) {
      expect(clients).toContain(i.clientId);
      expect(i.total).toBeCloseTo(i.subtotal + i.tax, 2);
      expect(i.totalMinor).toBe(i.subtotalMinor + i.taxMinor);
      expect(i.currency).toBe('AUD');
      expect(i.taxLabel).toBe('GST');
    }
  });

  it('answers each region in its currency and tax label: uk.admin GBP/VAT, ca.admin CAD/Tax', async () => {
    for (const [email, currency, taxLabel] of [
      ['uk.admin', 'GBP', 'VAT'],
      ['ca.admin', 'CAD', 'Tax'],
      ['school.admin', 'NZD', 'GST'],
    ] as const) {
      const body = InvoicesResponse.parse((await get('/v1/invoices?take=100', email)).json());
      expect(body.invoices.length, email).toBeGreaterThan(0);
      expect(new Set(body.invoices.map((i) => i.currency)), email).toEqual(new Set([currency]));
      expect(new Set(body.invoices.map((i) => i.taxLabel)), email).toEqual(new Set([taxLabel]));
    }
  });

  it('filters by status and sorts', async () => {
    const all = InvoicesResponse.parse((await get('/v1/invoices?take=100', 'group.admin')).json());
    const paid = InvoicesResponse.parse((await get('/v1/invoices?take=100&status=paid', 'group.admin')).json());
    const unpaid = InvoicesResponse.parse((await get('/v1/invoices?take=100&status=unpaid', 'group.admin')).json());
    const overdue = InvoicesResponse.parse((await get('/v1/invoices?take=100&status=overdue', 'group.admin')).json());
    expect(paid.total + unpaid.total).toBe(all.total);
    expect(paid.invoices.every((i) => i.isPaid && i.paidAt !== null && i.status === 'paid')).toBe(true);
    expect(unpaid.invoices.every((i) => !i.isPaid && i.paidAt === null)).toBe(true);
    expect(overdue.invoices.every((i) => i.isOverdue && i.daysOverdue > 0 && i.status === 'overdue')).toBe(true);
    expect(overdue.total).toBe(unpaid.invoices.filter((i) => i.isOverdue).length);
    const byTotal = InvoicesResponse.parse((await get('/v1/invoices?take=50&sort=-total', 'group.admin')).json());
    const totals = byTotal.invoices.map((i) => i.totalMinor);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
  });

  it('needs accounts view at every client asked for', async () => {
    expect((await get('/v1/invoices', 'bookings.viewer')).statusCode).toBe(403);
    expect((await get('/v1/invoices', 'no.access')).statusCode).toBe(403);
    expect((await get('/v1/invoices')).statusCode).toBe(401);
    const [nz] = await accountsClients('school.admin');
    const [au] = await accountsClients('group.admin');
    const mixed = await get(`/v1/invoices?clientIds=${au}&clientIds=${nz}`, 'group.admin');
    expect(mixed.statusCode).toBe(403);
    expect(mixed.json()).toMatchObject({ code: 'forbidden' });
    const finance = await accountsClients('finance');
    expect((await get(`/v1/invoices?clientIds=${finance[0]}`, 'finance')).statusCode).toBe(200);
  });

  it('refuses bad paging, status and sort with problems naming the field', async () => {
    for (const [query, field] of [
      ['take=100000', 'take'],
      ['take=0', 'take'],
      ['skip=-1', 'skip'],
      ['take=abc', 'take'],
      ['status=late', 'status'],
      ['sort=name', 'sort'],
      ['clientIds=-3', 'clientIds.0'],
    ] as const) {
      const res = await get(`/v1/invoices?${query}`, 'finance');
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors, query).toHaveProperty([field]);
    }
  });
});

describe('GET /v1/invoices/GetInvoice/{invoiceNo}', () => {
  it('answers the invoice with its lines adding up to its totals', async () => {
    const inv = await invoiceOf(await accountsClients('finance'), false);
    const res = await get(`/v1/invoices/GetInvoice/${inv.invoice_no}`, 'finance');
    expect(res.statusCode).toBe(200);
    const body = InvoiceDetailsResponse.parse(res.json());
    expect(body).toMatchObject({ id: inv.id, invoiceNo: inv.invoice_no, totalMinor: inv.total_minor, isPaid: false, paidAt: null });
    expect(body.lines.length).toBeGreaterThan(0);
    expect(body.lines.reduce((s, l) => s + l.amountMinor, 0)).toBe(body.subtotalMinor);
    expect(body.lines.reduce((s, l) => s + l.taxMinor, 0)).toBe(body.taxMinor);
    for (const l of body.lines) {
      expect(l.candidateName).toBeTruthy();
      expect(['day', 'half_day', 'hour']).toContain(l.unit);
      expect(l.amount).toBeCloseTo(l.amountMinor / 100, 2);
    }
  });

  it('403 for an invoice of a client outside the accounts view, 404 for an unknown number, 400 for a malformed one', async () => {
    const nz = await invoiceOf(await accountsClients('school.admin'), true);
    expect((await get(`/v1/invoices/GetInvoice/${nz.invoice_no}`, 'finance')).statusCode).toBe(403);
    const mine = await invoiceOf(await accountsClients('finance'), true);
    // bookings.viewer works at the same school but without accounts view.
    expect((await get(`/v1/invoices/GetInvoice/${mine.invoice_no}`, 'bookings.viewer')).statusCode).toBe(403);
    expect((await get('/v1/invoices/GetInvoice/INV-999999999', 'finance')).statusCode).toBe(404);
    const bad = await get('/v1/invoices/GetInvoice/%27%3B--', 'finance');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(['invoiceNo']);
  });
});

describe('GET /v1/invoices/{id}/file', () => {
  it('is a real PDF: number, dates, the tax label, the total in the currency, the addresses; paid ones stamped', async () => {
    for (const [email, currency, label, locale] of [
      ['uk.admin', 'GBP', 'VAT', 'en-GB'],
      ['ca.admin', 'CAD', 'Tax', 'en-CA'],
      ['finance', 'AUD', 'GST', 'en-AU'],
    ] as const) {
      for (const paid of [true, false]) {
        const inv = await invoiceOf(await accountsClients(email), paid);
        const res = await get(`/v1/invoices/${inv.id}/file`, email);
        expect(res.statusCode, `${email} ${paid}`).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toContain(`invoice-${inv.invoice_no}.pdf`);
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        const text = await pdfText(res.rawPayload);
        expect(text).toContain(inv.invoice_no);
        expect(text).toContain(label);
        expect(text).toContain(`Total ${currency}`);
        expect(text).toContain(formatMinorAmount(inv.total_minor, currency, locale));
        expect(text).toContain('Bill to');
        // The region's invoicing entity and its office (demo defaults here), never another region's.
        expect(text).toContain(DEMO_PROVIDER_ENTITIES[locale]!.name);
        expect(text).toContain(DEMO_PROVIDER_ENTITIES[locale]!.lines[0]);
        expect(text).toContain(DEMO_PROVIDER_CONTACTS[locale]!.email);
        if (paid) expect(text).toContain('PAID');
        else expect(text).not.toContain('PAID');
      }
    }
  });

  it('renders in well under a second (figure printed, not asserted)', async () => {
    const inv = await invoiceOf(await accountsClients('group.admin'), true);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      expect((await get(`/v1/invoices/${inv.id}/file`, 'group.admin')).statusCode).toBe(200);
      times.push(performance.now() - started);
    }
    process.stdout.write(`invoice PDF over HTTP: ${times.map((ms) => ms.toFixed(0)).join(', ')} ms\n`);
    const details = InvoiceDetailsResponse.parse((await get(`/v1/invoices/GetInvoice/${inv.invoice_no}`, 'group.admin')).json());
    const renders: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const bytes = await pdf.invoicePdf(details, providerEntity(DEMO_PROVIDER_ENTITIES, 'en-AU', null), {
        name: details.clientName,
        lines: ['1 Test Street'],
      });
      renders.push(performance.now() - started);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    }
    process.stdout.write(`invoice PDF render (${details.lines.length} lines): ${renders.map((ms) => ms.toFixed(0)).join(', ')} ms\n`);
  });

  it('403 for another client, 404 for an unknown id, 400 for a negative or non-numeric one', async () => {
    const nz = await invoiceOf(await accountsClients('school.admin'), true);
    expect((await get(`/v1/invoices/${nz.id}/file`, 'uk.admin')).statusCode).toBe(403);
    expect((await get('/v1/invoices/2000000000/file', 'uk.admin')).statusCode).toBe(404);
    expect((await get('/v1/invoices/-1/file', 'uk.admin')).statusCode).toBe(400);
    expect((await get('/v1/invoices/abc/file', 'uk.admin')).statusCode).toBe(400);
    expect((await get(`/v1/invoices/${nz.id}/file`, 'bookings.viewer')).statusCode).toBe(403);
  });

  it('answers a problem, never a broken file, when the render fails', async () => {
    const spy = vi.spyOn(pdf, 'invoicePdf');
    const inv = await invoiceOf(await accountsClients('uk.admin'), true);
    // The service took the renderer at start-up; a fresh app picks up the failing one.
    const failing = await buildTestApp();
    try {
      spy.mockRejectedValue(new Error('font missing'));
      const admin = await signIn(failing.app, 'uk.admin@demo.test');
      const res = await failing.app.inject({ method: 'GET', url: `/v1/invoices/${inv.id}/file`, headers: admin.headers });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'internal' });
      expect(res.body).not.toContain('font missing');
    } finally {
      spy.mockRestore();
      await failing.close();
    }
  });
});

describe('GET /v1/invoices/ageing', () => {
  it('sums what is unpaid per currency into the contract buckets', async () => {
    const clients = await accountsClients('group.admin');
    const res = await get('/v1/invoices/ageing', 'group.admin');
    expect(res.statusCode).toBe(200);
    const body = InvoicesAgeingResponse.parse(res.json());
    const unpaid = InvoicesResponse.parse((await get('/v1/invoices?status=unpaid&take=100', 'group.admin')).json());
    expect(body.currencies.map((c) => c.currency)).toEqual(['AUD']);
    const row = body.currencies[0]!;
    expect(row.invoiceCount).toBe(unpaid.total);
    expect(row.totalMinor).toBe(unpaid.invoices.reduce((s, i) => s + i.totalMinor, 0));
    const expected: Record<string, number> = { notDue: 0, days1To30: 0, days31To60: 0, days61To90: 0, over90: 0 };
    for (const i of unpaid.invoices) expected[ageingBucketOf(i.daysOverdue)]! += i.totalMinor;
    expect({
      notDue: row.notDueMinor,
      days1To30: row.days1To30Minor,
      days31To60: row.days31To60Minor,
      days61To90: row.days61To90Minor,
      over90: row.over90Minor,
    }).toEqual(expected);
    expect(row.total).toBeCloseTo(row.totalMinor / 100, 2);
    expect(clients.length).toBeGreaterThan(0);
  });

  it('needs accounts view', async () => {
    expect((await get('/v1/invoices/ageing', 'bookings.viewer')).statusCode).toBe(403);
    const [nz] = await accountsClients('school.admin');
    expect((await get(`/v1/invoices/ageing?clientIds=${nz}`, 'uk.admin')).statusCode).toBe(403);
  });
});

describe('the issuer of an invoice (PROVIDER_ENTITIES)', () => {
  const office = { phone: '0800 000 000', email: 'office@provider.test' };
  const configured = { 'en-NZ': { name: 'Configured NZ Ltd', lines: ['1 Configured Street'] } };

  it("is the region's entity, else the `en` one, with the region's office; in demo mode configured ones override the defaults", () => {
    const entities = providerEntitiesOf({ demo: true, providerEntities: configured });
    expect(providerEntity(entities, 'en-NZ', office)).toEqual({
      name: 'Configured NZ Ltd',
      lines: ['1 Configured Street', '0800 000 000 · office@provider.test'],
    });
    const uk = DEMO_PROVIDER_ENTITIES['en-GB']!;
    expect(providerEntity(entities, 'en-GB', null)).toEqual({ name: uk.name, lines: [...uk.lines, 'United Kingdom'] });
    const sg = DEMO_PROVIDER_ENTITIES.en!;
    expect(providerEntity({ en: sg }, 'en-GB', null)).toEqual({ name: sg.name, lines: [...sg.lines, 'Singapore'] });
  });

  it('outside demo mode prints only what is configured: no entity means the office contact alone, no invented address', async () => {
    const entities = providerEntitiesOf({ demo: false, providerEntities: {} });
    expect(entities).toEqual({});
    const issuer = providerEntity(entities, 'en-AU', office);
    expect(issuer).toEqual({ name: '', lines: ['0800 000 000 · office@provider.test'] });
    const inv = await invoiceOf(await accountsClients('finance'), false);
    const details = InvoiceDetailsResponse.parse((await get(`/v1/invoices/GetInvoice/${inv.invoice_no}`, 'finance')).json());
    // Outside demo mode no bank account is configured either.
    const unconfigured = { ...details, paymentDetails: null };
    const text = await pdfText(await pdf.invoicePdf(unconfigured, issuer, { name: details.clientName, lines: [] }));
    expect(text).toContain('office@provider.test');
    expect(text).not.toContain('Chalkline Education');
    expect(text).toContain(inv.invoice_no);
  });
});
