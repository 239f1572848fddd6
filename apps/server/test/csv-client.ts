import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { signIn, type SignedIn } from './auth-client';
import { buildTestApp, type TestApp } from './helpers';

/** Reads list exports (Accept: text/csv) as a spreadsheet would, and the JSON lists page by page, to compare them. */

export const CSV_ACCEPT = { accept: 'text/csv' };
const BOM = '\ufeff';

export interface ParsedCsv {
  header: string[];
  /** Each row as header → cell. */
  rows: Record<string, string>[];
}

/** Checks the export's framing (type, attachment, BOM, CRLF) and parses it with csv-parse (RFC 4180). */
export function readCsvAnswer(res: LightMyRequestResponse, list: string, date: string): ParsedCsv {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(String(res.headers['content-disposition'])).toMatch(new RegExp(`^attachment; filename="${list}-${date}\\.csv"`));
  expect(String(res.headers.vary)).toMatch(/\bAccept\b/);
  const bytes = res.rawPayload;
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text.startsWith(BOM)).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  // Every line break between records is CRLF: no bare LF outside a quoted cell.
  expect(text.replace(/"(?:[^"]|"")*"/g, '').match(/[^\r]\n/)).toBeNull();
  return parseCsv(text.slice(BOM.length));
}

export function parseCsv(text: string): ParsedCsv {
  const records = parse(text, { relax_column_count: false, record_delimiter: '\r\n' }) as string[][];
  const [header, ...rest] = records;
  expect(header).toBeDefined();
  return { header: header!, rows: rest.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!]))) };
}

/** Every row of a JSON list, read page by page with skip and take as the web app does. */
export async function allJsonPages<T>(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  rowsOf: (body: unknown) => T[],
  take = 200,
): Promise<T[]> {
  const all: T[] = [];
  for (let skip = 0; ; skip += take) {
    const res = await app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}skip=${skip}&take=${take}`, headers });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const rows = rowsOf(res.json());
    all.push(...rows);
    if (rows.length < take) return all;
  }
}

/** A cell as the export writes a missing value: empty. */
export const cell = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The accounts the export tests call as: all three lists, accounts view only, booking view only. */
const ACCOUNTS = ['group.admin', 'finance', 'bookings.viewer'] as const;
export type ExportAccount = (typeof ACCOUNTS)[number];

/**
 * The app on a copy of the seeded world at its fixed today, with the export tests' accounts signed in: `csv` asks a
 * list for its export, `json` for its JSON answer, `pages` reads the JSON list page by page.
 */
export function useExportTestApp() {
  const now = inject('testNow');
  let built: TestApp | undefined;
  const who = {} as Record<ExportAccount, SignedIn>;
  beforeAll(async () => {
    built = await buildTestApp({ now: () => new Date(now) });
    for (const email of ACCOUNTS) who[email] = await signIn(built.app, `${email}@demo.test`);
  });
  afterAll(async () => {
    await built?.close();
  });
  const t = () => built!;
  const get = (url: string, email: ExportAccount, headers: Record<string, string> = {}) =>
    t().app.inject({ method: 'GET', url, headers: { ...who[email].headers, ...headers } });
  return {
    today: now.slice(0, 10),
    t,
    headers: (email: ExportAccount) => who[email].headers,
    csv: (url: string, email: ExportAccount, accept = 'text/csv') => get(url, email, { accept }),
    json: (url: string, email: ExportAccount) => get(url, email),
    pages: <T>(url: string, email: ExportAccount, rowsOf: (body: unknown) => T[], take?: number) =>
      allJsonPages(t().app, url, who[email].headers, rowsOf, take),
  };
}

/** The export refuses as the list does: the same status and problem (its trace id aside), and no file. */
export function expectSameRefusal(asCsv: LightMyRequestResponse, asJson: LightMyRequestResponse, status = 403) {
  expect(asJson.statusCode).toBe(status);
  expect(asCsv.statusCode).toBe(status);
  expect(asCsv.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(asCsv.headers['content-disposition']).toBeUndefined();
  const { traceId: _a, ...problem } = asCsv.json<Record<string, unknown>>();
  const { traceId: _b, ...listProblem } = asJson.json<Record<string, unknown>>();
  expect(problem).toEqual(listProblem);
}
