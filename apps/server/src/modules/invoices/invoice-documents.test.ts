import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { queryRows } from '@portal/db/client';
import { formatMinorAmount, InvoiceDetailsResponse } from '@portal/contract/invoices';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { DEMO_PROVIDER_PAYMENT_DETAILS } from './provider-entities';

/**
 * Invoices a payer can read and trust: the PDF in a Unicode font and tagged, titled as the region's tax needs, with
 * how to pay, dated lines and units in words, both countries named alike; and every invoice taxed by the one
 * documented rule (docs/decisions/011-invoice-tax-rounding.md), recomputed here on its own.
 */

const TEST_NOW = inject('testNow');
let t: TestApp;
const who: Record<string, SignedIn> = {};
const ACCOUNTS = ['school.admin', 'finance', 'uk.admin', 'us.admin', 'intl.admin'] as const;

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(TEST_NOW) });
  for (const email of ACCOUNTS) who[email] = await signIn(t.app, `${email}@demo.test`);
});
afterAll(async () => {
  await t?.close();
});

type Account = (typeof ACCOUNTS)[number];
const get = (url: string, email: Account) => t.app.inject({ method: 'GET', url, headers: who[email]!.headers });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;

/** The newest invoice of the account's first client with accounts view, paid or not. */
async function latestInvoice(email: Account, paid: boolean): Promise<{ id: number; invoice_no: string }> {
  const [row] = await rows<{ id: number; invoice_no: string }>(
    sql`select i.id, i.invoice_no from invoices i
        where i.client_id in (select pe.client_id from permission_entries pe join contacts ct on ct.id = pe.contact_id
                              where ct.email = ${`${email}@demo.test`} and pe.client_id is not null
                              union select c.id from clients c join permission_entries pe on pe.group_id = c.group_id
                              join contacts ct on ct.id = pe.contact_id where ct.email = ${`${email}@demo.test`})
          and (i.paid_at is not null) = ${paid}
        order by i.issue_date desc, i.id desc limit 1`,
  );
  return row!;
}

async function invoicePdfText(email: Account, paid: boolean): Promise<{ text: string; bytes: Buffer; details: InvoiceDetailsResponse }> {
  const invoice = await latestInvoice(email, paid);
  const res = await get(`/v1/invoices/${invoice.id}/file`, email);
  expect(res.statusCode).toBe(200);
  const details = InvoiceDetailsResponse.parse((await get(`/v1/invoices/GetInvoice/${invoice.invoice_no}`, email)).json());
  return { text: await pdfText(res.rawPayload), bytes: res.rawPayload, details };
}

describe('the invoice PDF', () => {
  it('prints Kōwhai Bay School and the Māori-medium classification exactly, in an embedded Unicode font, tagged', async () => {
    const { text, bytes } = await invoicePdfText('school.admin', true);
    expect(text).toContain('Kōwhai Bay School');
    expect(text).toContain('Tax invoice');
    expect(text).not.toMatch(/K.{0,3}v.{0,3}y School/u);
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+NotoSans-Regular/);
    expect(raw).not.toContain('/BaseFont /Helvetica');
    for (const marker of ['/StructTreeRoot', '/MarkInfo', '/Lang (en-NZ)', '/DisplayDocTitle true', '/S /Table', '/S /TH', '/S /H1'])
      expect(raw).toContain(marker);
    expect(raw.startsWith('%PDF-1.7')).toBe(true);
  });

  it('prints an educator’s classification with a macron as stored', async () => {
    const [line] = await rows<{ id: number }>(
      sql`select i.id from invoices i join invoice_lines l on l.invoice_id = i.id join clients c on c.id = i.client_id
          where c.name = 'Kōwhai Bay School' and l.description like '%Māori%' order by i.id desc limit 1`,
    );
    expect(line).toBeDefined();
    const res = await get(`/v1/invoices/${line!.id}/file`, 'school.admin');
    expect((await pdfText(res.rawPayload)).replace(/\s+/g, ' ')).toContain('Kaiako Relief Teacher (Māori medium)');
  });

  it('is titled as the region’s tax needs: Tax invoice (AU, NZ), VAT invoice (UK), Invoice without a 0% tax line (US, en)', async () => {
    const cases: Array<[Account, string, RegExp | null]> = [
      ['finance', 'Tax invoice', /GST \(10%\)/],
      ['uk.admin', 'VAT invoice', /VAT \(20%\)/],
      ['us.admin', 'Invoice', null],
      ['intl.admin', 'Invoice', null],
    ];
    for (const [email, title, taxLine] of cases) {
      const { text } = await invoicePdfText(email, false);
      expect(text, email).toContain(title);
      if (taxLine) {
        expect(text).toMatch(taxLine);
        expect(text.replace(/\s+/g, ' ')).toMatch(/calculated once on the invoice \(not line by line\) and rounded half up to the cent/);
      } else {
        expect(text, email).not.toMatch(/Tax \(0%\)|Tax invoice|VAT invoice|Subtotal/);
      }
    }
  });

  it('says how to pay, quoting the invoice number, and names both countries alike', async () => {
    const { text, details } = await invoicePdfText('uk.admin', false);
    const bank = DEMO_PROVIDER_PAYMENT_DETAILS['en-GB']!;
    for (const value of [bank.accountName, bank.bank, bank.sortCode!, bank.accountNumber, bank.iban!]) expect(text).toContain(value);
    expect(text).toContain(`quoting reference ${details.invoiceNo}`);
    expect(text).toContain(formatMinorAmount(details.totalMinor, 'GBP', 'en-GB'));
    const lines = text.split('\n').map((l) => l.trim());
    expect(lines.filter((l) => l === 'United Kingdom').length).toBe(2);
    expect(lines).not.toContain('GB');
  });

  it('gives every line its dates and its quantity in words', async () => {
    const { text, details } = await invoicePdfText('finance', false);
    const flat = text.replace(/\s+/g, ' ');
    for (const line of details.lines) {
      expect(line.serviceDates.length).toBeGreaterThan(0);
      expect(flat).toContain(line.description);
    }
    expect(flat).toMatch(/\d+ (days?|half days?)|\d+ h( \d+ min)?/);
    expect(flat).toMatch(/\d{1,2}(–\d{1,2})?(, \d{1,2}(–\d{1,2})?)* [A-Z][a-z]{2,3} \d{4}/);
  });
});

describe('GET /v1/invoices/GetInvoice/{invoiceNo}', () => {
  it('answers each line’s dates (in the period) and the region’s payment details', async () => {
    const invoice = await latestInvoice('school.admin', false);
    const details = InvoiceDetailsResponse.parse((await get(`/v1/invoices/GetInvoice/${invoice.invoice_no}`, 'school.admin')).json());
    expect(details.paymentDetails).toEqual(DEMO_PROVIDER_PAYMENT_DETAILS['en-NZ']);
    for (const line of details.lines) {
      expect(line.serviceDates.length).toBeGreaterThan(0);
      expect([...line.serviceDates].sort()).toEqual(line.serviceDates);
      for (const date of line.serviceDates) {
        expect(date >= details.periodStart && date <= details.periodEnd, `${date} in ${details.periodStart}–${details.periodEnd}`).toBe(
          true,
        );
      }
      if (line.unit !== 'hour') expect(line.quantity).toBe(line.serviceDates.length);
    }
  });
});

describe('the tax of every seeded invoice', () => {
  it('is subtotal × rate rounded half up once, the lines’ shares add up to it, and the total is subtotal + tax', async () => {
    const invoices = await rows<{ id: number; invoice_no: string; rate: number; subtotal: string; tax: string; total: string }>(
      sql`select i.id, i.invoice_no, c.tax_rate_basis_points as rate, i.subtotal_minor::text as subtotal, i.tax_minor::text as tax,
                 i.total_minor::text as total
          from invoices i join clients c on c.id = i.client_id order by i.id`,
    );
    const lines = await rows<{ invoice_id: number; amount: string; tax: string }>(
      sql`select invoice_id, amount_minor::text as amount, tax_minor::text as tax from invoice_lines order by id`,
    );
    expect(invoices.length).toBeGreaterThan(100);
    const byInvoice = new Map<number, Array<{ amount: bigint; tax: bigint }>>();
    for (const l of lines)
      byInvoice.set(l.invoice_id, [...(byInvoice.get(l.invoice_id) ?? []), { amount: BigInt(l.amount), tax: BigInt(l.tax) }]);
    const wrong: string[] = [];
    for (const i of invoices) {
      const own = byInvoice.get(i.id) ?? [];
      const subtotal = own.reduce((s, l) => s + l.amount, 0n);
      const rate = BigInt(i.rate);
      // Half up on non-negative amounts: floor((2 × subtotal × rate + 10,000) / 20,000).
      const tax = (2n * subtotal * rate + 10_000n) / 20_000n;
      const linesTax = own.reduce((s, l) => s + l.tax, 0n);
      const sharesClose = own.every((l) => {
        const exact = l.amount * rate; // in 1/10,000 of a minor unit
        const diff = l.tax * 10_000n - exact;
        return diff > -10_000n && diff < 10_000n;
      });
      if (
        BigInt(i.subtotal) !== subtotal ||
        BigInt(i.tax) !== tax ||
        linesTax !== tax ||
        BigInt(i.total) !== subtotal + tax ||
        !sharesClose
      ) {
        wrong.push(`${i.invoice_no}: subtotal ${i.subtotal}/${subtotal} tax ${i.tax}/${tax} lines ${linesTax} total ${i.total}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
