import { get, type IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { InvoicesResponse, INVOICE_SORTS, type InvoiceSummary } from '@portal/contract/invoices';
import { CSV_ACCEPT, expectSameRefusal, parseCsv, readCsvAnswer, useExportTestApp, type ExportAccount } from '../../../test/csv-client';
import { loadPermissionTree } from '../profile/permission-tree.repository';
import { INVOICE_CSV_COLUMNS } from './invoice-export';

/** GET /v1/invoices with Accept: text/csv: every invoice of the list's filters, streamed, for finance teams. */

const x = useExportTestApp();
const TODAY = x.today;
const csv = x.csv;
const jsonInvoices = (url: string, email: ExportAccount) => x.pages(url, email, (body) => InvoicesResponse.parse(body).invoices, 100);
async function firstInvoice(email: ExportAccount): Promise<InvoiceSummary> {
  return InvoicesResponse.parse((await x.json('/v1/invoices?take=1', email)).json()).invoices[0]!;
}

/** Minor units as major, worked out apart from the module under test (BigInt: no floating point). */
function major(minor: number): string {
  const n = BigInt(minor);
  const abs = n < 0n ? -n : n;
  return `${n < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

function expectSameInvoices(rows: Record<string, string>[], json: InvoiceSummary[]) {
  expect(rows.length).toBe(json.length);
  expect(rows.map((r) => r['Invoice number'])).toEqual(json.map((i) => i.invoiceNo));
  rows.forEach((row, n) => {
    const i = json[n]!;
    expect(row).toEqual({
      'Invoice number': i.invoiceNo,
      School: i.clientName,
      'School ID': String(i.clientId),
      'Issue date': i.issueDate,
      'Due date': i.dueDate,
      'Period start': i.periodStart,
      'Period end': i.periodEnd,
      Status: i.status,
      'Days overdue': String(i.daysOverdue),
      'Paid at (UTC)': i.paidAt ?? '',
      Currency: i.currency,
      Subtotal: major(i.subtotalMinor),
      'Tax label': i.taxLabel,
      Tax: major(i.taxMinor),
      Total: major(i.totalMinor),
    });
  });
}

describe('GET /v1/invoices as CSV', () => {
  it('answers every invoice of the list, in its order, with the same amounts, as a UTF-8 attachment with a BOM and CRLF', async () => {
    const json = await jsonInvoices('/v1/invoices', 'group.admin');
    expect(json.length).toBeGreaterThan(100);
    const { header, rows } = readCsvAnswer(await csv('/v1/invoices', 'group.admin'), 'invoices', TODAY);
    expect(header).toEqual(INVOICE_CSV_COLUMNS.map((c) => c.header));
    expectSameInvoices(rows, json);
  });

  it('honours every sort and the status filter, and ignores skip and take', async () => {
    for (const sort of INVOICE_SORTS) {
      const url = `/v1/invoices?sort=${encodeURIComponent(sort)}`;
      expectSameInvoices(readCsvAnswer(await csv(url, 'group.admin'), 'invoices', TODAY).rows, await jsonInvoices(url, 'group.admin'));
    }
    for (const status of ['paid', 'unpaid', 'overdue']) {
      const url = `/v1/invoices?status=${status}&sort=dueDate`;
      const { rows } = readCsvAnswer(await csv(`${url}&skip=5&take=1`, 'finance'), 'invoices', TODAY);
      expectSameInvoices(rows, await jsonInvoices(url, 'finance'));
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.Status))).toEqual(status === 'unpaid' ? new Set(['unpaid', 'overdue']) : new Set([status]));
    }
  });

  it('reads the same rows in the same order whatever the keyset page size (the seams between pages)', async () => {
    const [contact] = await queryRows<{ id: number }>(
      x.t().database.db,
      sql`select id from contacts where email = 'group.admin@demo.test'`,
    );
    const tree = await loadPermissionTree(x.t().database.db, contact!.id);
    for (const sort of INVOICE_SORTS) {
      const json = await jsonInvoices(`/v1/invoices?sort=${encodeURIComponent(sort)}`, 'group.admin');
      for (const pageSize of [3, 50]) {
        const read: string[] = [];
        for await (const page of x.t().app.services.invoices.exportBatches(tree, { sort, skip: 0, take: 25 }, pageSize)) {
          expect(page.length).toBeLessThanOrEqual(pageSize);
          read.push(...page.map((i) => i.invoiceNo));
        }
        expect(read, `${sort} by ${pageSize}`).toEqual(json.map((i) => i.invoiceNo));
      }
    }
  });

  it('scopes to the clients asked for and refuses the callers the list refuses, with the same problem', async () => {
    const one = await firstInvoice('finance');
    const url = `/v1/invoices?clientIds=${one.clientId}`;
    const { rows } = readCsvAnswer(await csv(url, 'finance'), 'invoices', TODAY);
    expect(new Set(rows.map((r) => r['School ID']))).toEqual(new Set([String(one.clientId)]));

    for (const [email, path] of [
      ['bookings.viewer', '/v1/invoices'],
      ['finance', '/v1/invoices?clientIds=999999'],
    ] as const) {
      expectSameRefusal(await csv(path, email), await x.json(path, email));
    }
  });

  it('keeps JSON for any other Accept, and for JSON preferred over CSV', async () => {
    for (const accept of ['*/*', 'application/json', 'text/html', 'text/csv;q=0.5, application/json', 'text/csv;q=0']) {
      const res = await csv('/v1/invoices?take=2', 'finance', accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-type'], accept).toMatch(/^application\/json/);
      expect(InvoicesResponse.parse(res.json()).invoices.length).toBe(2);
    }
    const csvFirst = await csv('/v1/invoices', 'finance', 'text/csv, application/json;q=0.9');
    expect(csvFirst.headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it('answers HEAD with the headers of the file and reads nothing', async () => {
    const res = await x.t().app.inject({ method: 'HEAD', url: '/v1/invoices', headers: { ...x.headers('finance'), ...CSV_ACCEPT } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toMatch(`attachment; filename="invoices-${TODAY}.csv"`);
    expect(res.rawPayload.length).toBe(0);
  });

  it('writes a school name a spreadsheet would run as a formula as text, and keeps it exactly otherwise', async () => {
    const one = await firstInvoice('finance');
    const hostile = '=HYPERLINK("http://evil.test","Kōwhai, Bay")';
    const [before] = await queryRows<{ name: string }>(x.t().database.db, sql`select name from clients where id = ${one.clientId}`);
    await x.t().database.db.execute(sql`update clients set name = ${hostile} where id = ${one.clientId}`);
    try {
      const { rows } = readCsvAnswer(await csv(`/v1/invoices?clientIds=${one.clientId}`, 'finance'), 'invoices', TODAY);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.School).toBe(`'${hostile}`);
    } finally {
      await x.t().database.db.execute(sql`update clients set name = ${before!.name} where id = ${one.clientId}`);
    }
  });
});

/**
 * Memory: a very large export is written as it is read. 40,000 invoices by default (a 5.5 MB file, some 5–10 s);
 * EXPORT_MEMORY_ROWS sets another size (100000 for the full proof: some 25 s on two cores). The answer is read over a
 * real socket, and the heap after a full collection is sampled every 256 kB read: it must stay below half the size of
 * the whole CSV and not grow with it. Below 4 MiB the heap's own noise (the database driver's and the sockets' buffers,
 * some 3 MB on PostgreSQL) is what is measured, so the bound is never under that.
 */
describe('a large export', () => {
  const ROWS = Number(process.env.EXPORT_MEMORY_ROWS ?? 40_000);

  /** V8's collector, for measuring what is still held (not what is garbage not yet collected). */
  function collector(): () => void {
    setFlagsFromString('--expose_gc');
    return runInNewContext('gc') as () => void;
  }

  it(`streams ${ROWS.toLocaleString('en')} invoices without holding them in memory`, { timeout: 300_000 }, async () => {
    const mine = await firstInvoice('finance');
    const [client] = await queryRows<{ id: number; n: number }>(
      x.t().database.db,
      sql`select ${mine.clientId}::int as id, count(*)::int as n from invoices where client_id = ${mine.clientId}`,
    );
    await x.t().database.db.execute(sql`
      insert into invoices (invoice_no, client_id, issue_date, due_date, period_start, period_end, currency, tax_label,
                            subtotal_minor, tax_minor, total_minor, paid_at)
      select 'BULK-' || lpad(g::text, 7, '0'), ${client!.id}, date '2020-01-01' + (g % 2000), date '2020-01-31' + (g % 2000),
             date '2019-12-01' + (g % 2000), date '2019-12-31' + (g % 2000), 'AUD', 'GST',
             g * 137, g * 13, g * 150, case when g % 3 = 0 then timestamptz '2024-01-01 00:00Z' + g * interval '1 minute' end
      from generate_series(1, ${ROWS}) g`);
    const expected = client!.n + ROWS;

    const gc = collector();
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let bytes = 0;
    let lines = 0;
    let chunks = 0;
    let sampledAt = 0;
    const samples: number[] = [];
    let first = '';
    let tail = '';
    const started = performance.now();
    // Over a real socket, as a browser downloads it (an injected request keeps what it was sent).
    const origin = await x.t().app.listen({ port: 0, host: '127.0.0.1' });
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      get(`${origin}/v1/invoices?clientIds=${client!.id}&sort=total`, { headers: { ...x.headers('finance'), ...CSV_ACCEPT } }, resolve).on(
        'error',
        reject,
      ),
    );
    expect(res.statusCode).toBe(200);
    for await (const chunk of res) {
      const text = (chunk as Buffer).toString('latin1');
      bytes += text.length;
      chunks += 1;
      // Only counts and the ends are kept: the test itself must not hold the file.
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines += 1;
      if (first.length < 400) first += text.slice(0, 400);
      tail = (tail + text).slice(-400);
      // Measured about every 256 kB read (and at the end).
      if (bytes >= sampledAt + 2 ** 18) {
        sampledAt = bytes;
        gc();
        samples.push(process.memoryUsage().heapUsed - baseline);
      }
    }
    const peak = Math.max(...samples);
    const half = Math.ceil(samples.length / 2);
    const growth = Math.max(...samples.slice(half)) - Math.max(...samples.slice(0, half));
    console.warn(
      `export of ${expected} invoices: ${(bytes / 2 ** 20).toFixed(1)} MB of CSV in ${chunks} chunks, ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s with the heap measured; ` +
        `the heap (after collection) at most ${(Math.max(0, peak) / 2 ** 20).toFixed(1)} MB above where it started`,
    );
    expect(lines).toBe(expected + 1);
    // The whole CSV held as JS strings would take at least its bytes; the export holds a page of rows at a time, so
    // what it holds does not grow as the file does.
    expect(peak).toBeLessThan(Math.max(bytes / 2, 4 * 2 ** 20));
    expect(growth).toBeLessThan(Math.max(bytes / 8, 2 * 2 ** 20));

    const header = first.split('\r\n')[0]!;
    expect(Buffer.from(header, 'latin1').toString('utf8')).toBe(`\ufeff${INVOICE_CSV_COLUMNS.map((c) => c.header).join(',')}`);
    // Sorted by total: the last row is the largest total (the last id among equals).
    const [largest] = await queryRows<{ invoice_no: string; total: string }>(
      x.t().database.db,
      sql`select invoice_no, total_minor::text as total from invoices where client_id = ${client!.id} order by total_minor desc, id desc limit 1`,
    );
    const lastLine = tail.trimEnd().split('\r\n').pop()!;
    const last = parseCsv(`${INVOICE_CSV_COLUMNS.map((c) => c.header).join(',')}\r\n${lastLine}\r\n`).rows[0]!;
    expect(last['Invoice number']).toBe(largest!.invoice_no);
    expect(last.Total).toBe(major(Number(largest!.total)));
  });
});
