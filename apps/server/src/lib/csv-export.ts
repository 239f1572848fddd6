import { pipeline, Readable } from 'node:stream';
import { stringify, type Options } from 'csv-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MINOR_PER_MAJOR } from '@portal/contract/invoices';
import { attachmentDisposition } from './content-disposition';

/**
 * CSV exports of the lists (invoices, timesheets, bookings) for finance teams: one way to write them, so every export
 * opens the same in Excel, Numbers and LibreOffice and reads back the same through a CSV parser.
 *
 * - UTF-8 with a byte-order mark (Excel reads a file without one in the machine's code page: "Kōwhai" breaks), CRLF
 *   line ends, a header row, RFC 4180 quoting by csv-stringify (a field is quoted when it holds a comma, a quote or a
 *   line break; a lone carriage return as well, which csv-stringify leaves alone unless told).
 * - Each column is typed. Text cells that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a
 *   tab or a carriage return: OWASP's list) get a leading single quote, which spreadsheets show as text and do not
 *   evaluate. Amounts and counts are not text: they are written by this module from integers (`-12.50` is a negative
 *   number, which a spreadsheet reads as the number, not a formula), so nothing a user typed can reach them, and
 *   quoting them would turn them into text that no longer sums. Dates are written as ISO 8601 (`YYYY-MM-DD`) and
 *   instants as ISO 8601 UTC; a value that is not one is treated as text.
 * - Amounts are major units with exactly the currency's decimals, from integer minor units without floating point
 *   (`123450` → `1234.50`), with the currency in a column of its own.
 * - Rows are written as they are read: the lists hand over batches (keyset pages) and the stream asks for the next
 *   only when the client has taken the last, so memory stays bounded by a batch whatever the export's size.
 */

/** A column: its header and how a row becomes its cell. */
export type CsvColumn<T> =
  | { header: string; text: (row: T) => string | null | undefined }
  /** Integer minor units of the row's currency (which the export writes in a column of its own). */
  | { header: string; amount: (row: T) => number | null | undefined }
  | { header: string; number: (row: T) => number | null | undefined }
  | { header: string; date: (row: T) => string | null | undefined }
  | { header: string; instant: (row: T) => string | Date | null | undefined };

/** Rows per keyset page: a page is one statement, and the bound on what an export holds at once. */
export const EXPORT_BATCH_SIZE = 2000;

const FORMULA_START = /^[=+\-@\t\r]/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Decimals of a major unit: the contract's minor units per major unit (100 → 2), as the JSON amounts use. */
const DECIMALS = String(MINOR_PER_MAJOR).length - 1;

/** A text cell a spreadsheet will not evaluate: a leading `'` before a formula's first character. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Integer minor units as major units with the contract's decimals, exactly: 123450 → '1234.50', -5 → '-0.05'. */
export function majorUnits(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`an amount in minor units must be a safe integer, not ${minor}`);
  const digits = String(Math.abs(minor)).padStart(DECIMALS + 1, '0');
  const sign = minor < 0 ? '-' : '';
  return DECIMALS === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -DECIMALS)}.${digits.slice(-DECIMALS)}`;
}

function cell<T>(column: CsvColumn<T>, row: T): string {
  if ('text' in column) return neutralise(column.text(row) ?? '');
  if ('amount' in column) {
    const minor = column.amount(row);
    return minor === null || minor === undefined ? '' : majorUnits(minor);
  }
  if ('number' in column) {
    const n = column.number(row);
    if (n === null || n === undefined) return '';
    if (!Number.isFinite(n)) throw new RangeError(`${column.header}: ${n} is not a number`);
    return String(n);
  }
  if ('date' in column) {
    const date = column.date(row) ?? '';
    return date === '' || ISO_DATE.test(date) ? date : neutralise(date);
  }
  const instant = column.instant(row);
  if (instant === null || instant === undefined || instant === '') return '';
  const parsed = instant instanceof Date ? instant : new Date(instant);
  return Number.isNaN(parsed.getTime()) ? neutralise(String(instant)) : parsed.toISOString();
}

/** One row's cells, in the columns' order. */
export function csvRecord<T>(columns: readonly CsvColumn<T>[], row: T): string[] {
  return columns.map((column) => cell(column, row));
}

const STRINGIFY_OPTIONS: Options = { bom: true, header: true, record_delimiter: '\r\n', quoted_match: /\r/ };

/**
 * The CSV of every row of `batches`, as a stream of bytes. A batch is read only when the previous one has been
 * written out (the stringifier's buffer full stops the reading); a failure while reading ends the stream with an
 * error, which ends the response (the client sees a broken download, never a short file that looks whole); a
 * client that goes away stops the reading.
 */
export function csvStream<T>(columns: readonly CsvColumn<T>[], batches: AsyncIterable<readonly T[]>): Readable {
  async function* records() {
    for await (const batch of batches) for (const row of batch) yield csvRecord(columns, row);
  }
  const stringifier = stringify({ ...STRINGIFY_OPTIONS, columns: columns.map((c) => c.header) });
  return pipeline(Readable.from(records()), stringifier, () => {
    // The error (if any) reaches the response through the stringifier, which pipeline destroys with it.
  });
}

/**
 * Rows read a keyset page at a time: `next(last)` answers the rows after `last` (the first page when undefined), at
 * most `size` of them, a short page being the last; `toRows` turns each page into the export's rows.
 */
export async function* keysetBatches<R, T>(
  next: (last: R | undefined) => Promise<readonly R[]>,
  toRows: (page: readonly R[]) => readonly T[] | Promise<readonly T[]>,
  size = EXPORT_BATCH_SIZE,
): AsyncGenerator<readonly T[]> {
  let last: R | undefined;
  for (;;) {
    const page = await next(last);
    if (page.length > 0) yield await toRows(page);
    if (page.length < size) return;
    last = page[page.length - 1];
  }
}

/** q of one media range in an Accept header (0 when absent). */
function qualityOf(accept: string, mediaType: string): number {
  let best = 0;
  for (const part of accept.split(',')) {
    const [range, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (range !== mediaType) continue;
    const q = params.find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    if (Number.isFinite(value)) best = Math.max(best, value);
  }
  return best;
}

/**
 * The caller asks for CSV: `text/csv` named in Accept and preferred at least as much as `application/json` when
 * both are named. Wildcard ranges alone (what a browser sends) and anything else keep the JSON answer.
 */
export function wantsCsv(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  if (!accept) return false;
  const csv = qualityOf(accept, 'text/csv');
  return csv > 0 && csv >= qualityOf(accept, 'application/json');
}

/** `invoices-2026-03-16.csv`: the list and the date (UTC) of the app's clock. */
export function csvFileName(list: string, now: Date): string {
  return `${list}-${now.toISOString().slice(0, 10)}.csv`;
}

/** The lists answer JSON or CSV at one URL: caches must keep them apart. */
export function varyOnAccept(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  if (typeof current === 'string' && /(^|,)\s*accept\s*(,|$)/i.test(current)) return;
  reply.header('vary', typeof current === 'string' && current ? `${current}, Accept` : 'Accept');
}

/**
 * Sends the export as an attachment, named by the date of the app's clock (`app.now`). `batches` comes from the
 * service, which has already refused a caller outside the list's scope (403 before any header of the file is set);
 * it is not read for a HEAD request.
 */
export function sendCsv<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { list: string; columns: readonly CsvColumn<T>[]; batches: AsyncIterable<readonly T[]> },
): FastifyReply {
  varyOnAccept(reply);
  const named = csvFileName(file.list, request.server.now());
  reply.header('content-disposition', attachmentDisposition(named)).type('text/csv; charset=utf-8');
  if (request.method === 'HEAD') return reply.send();
  return reply.send(csvStream(file.columns, file.batches));
}

/** The CSV answer of a list route's OpenAPI 200 (beside its JSON), with the columns it holds. */
export function csvAnswer(columns: readonly CsvColumn<never>[]) {
  return {
    schema: z
      .string()
      .describe(
        'With `Accept: text/csv`: every row matching the filters (skip and take do not apply; sort does), streamed as an ' +
          'attachment. UTF-8 with a byte-order mark, CRLF line ends, RFC 4180 quoting, a header row. Amounts in major ' +
          'units (1234.50) beside a currency column, dates YYYY-MM-DD, instants ISO 8601 UTC; text cells starting with ' +
          `= + - @, a tab or a carriage return are prefixed with '. Columns: ${columns.map((c) => c.header).join(', ')}.`,
      ),
  };
}
