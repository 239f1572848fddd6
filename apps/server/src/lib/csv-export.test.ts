import { parse } from 'csv-parse/sync';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { csvFileName, csvRecord, csvStream, keysetBatches, majorUnits, neutralise, wantsCsv, type CsvColumn } from './csv-export';

/** The one CSV writer of the list exports: framing, quoting, formula neutralising, amounts. */

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

async function* batchesOf<T>(...batches: T[][]) {
  for (const batch of batches) yield batch;
}

interface Row {
  name: string | null;
  minor: number;
  day: string;
  at: string | null;
  n: number;
}

const COLUMNS: CsvColumn<Row>[] = [
  { header: 'Name', text: (r) => r.name },
  { header: 'Amount', amount: (r) => r.minor },
  { header: 'Date', date: (r) => r.day },
  { header: 'At (UTC)', instant: (r) => r.at },
  { header: 'Count', number: (r) => r.n },
];

describe('neutralise', () => {
  it('prefixes text a spreadsheet would evaluate, and nothing else', () => {
    for (const hostile of ['=1+1', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x","y")']) {
      expect(neutralise(hostile)).toBe(`'${hostile}`);
    }
    for (const plain of ['Kōwhai Bay School', 'a=b', ' =1', "'quoted", '', '1-2', 'O’Neil']) expect(neutralise(plain)).toBe(plain);
  });
});

describe('majorUnits', () => {
  it('writes integer minor units as major units exactly, whatever their size or sign', () => {
    expect(majorUnits(123450)).toBe('1234.50');
    expect(majorUnits(5)).toBe('0.05');
    expect(majorUnits(0)).toBe('0.00');
    expect(majorUnits(-5)).toBe('-0.05');
    expect(majorUnits(-123456)).toBe('-1234.56');
    // 0.1 + 0.2 style drift cannot happen: no division is done.
    expect(majorUnits(265059)).toBe('2650.59');
    expect(majorUnits(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(() => majorUnits(1.5)).toThrow(RangeError);
  });
});

describe('csvRecord', () => {
  it('neutralises text cells only: a negative amount stays a number a spreadsheet sums', () => {
    const row: Row = { name: '-Refund', minor: -1250, day: '2026-03-16', at: '2026-03-02T04:12:00.000Z', n: -3 };
    expect(csvRecord(COLUMNS, row)).toEqual(["'-Refund", '-12.50', '2026-03-16', '2026-03-02T04:12:00.000Z', '-3']);
  });

  it('writes nothing for a missing value, and a malformed date or instant as neutralised text', () => {
    expect(csvRecord(COLUMNS, { name: null, minor: 0, day: '=1+1', at: null, n: 0 })).toEqual(['', '0.00', "'=1+1", '', '0']);
    expect(csvRecord(COLUMNS, { name: 'x', minor: 1, day: '', at: '+not a date', n: 1 })[3]).toBe("'+not a date");
  });
});

describe('csvStream', () => {
  it('writes a BOM, a header row, CRLF line ends and RFC 4180 quoting that csv-parse reads back exactly', async () => {
    const rows: Row[] = [
      { name: 'Kōwhai Bay School, "Māori medium"', minor: 100, day: '2026-01-02', at: null, n: 1 },
      { name: 'two\nlines', minor: 200, day: '2026-01-03', at: null, n: 2 },
      { name: 'lone\rreturn', minor: 300, day: '2026-01-04', at: null, n: 3 },
      { name: '=cmd|" /C calc"!A0', minor: -400, day: '2026-01-05', at: '2026-01-05T00:00:00Z', n: 4 },
    ];
    const csv = await text(csvStream(COLUMNS, batchesOf(rows.slice(0, 2), [], rows.slice(2))));
    expect(csv.startsWith('\ufeffName,Amount,Date,At (UTC),Count\r\n')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv).toContain('"Kōwhai Bay School, ""Māori medium"""');
    expect(csv).toContain('"lone\rreturn"');
    const records = parse(csv.slice(1), { record_delimiter: '\r\n' }) as string[][];
    expect(records).toEqual([
      ['Name', 'Amount', 'Date', 'At (UTC)', 'Count'],
      ['Kōwhai Bay School, "Māori medium"', '1.00', '2026-01-02', '', '1'],
      ['two\nlines', '2.00', '2026-01-03', '', '2'],
      ['lone\rreturn', '3.00', '2026-01-04', '', '3'],
      ['\'=cmd|" /C calc"!A0', '-4.00', '2026-01-05', '2026-01-05T00:00:00.000Z', '4'],
    ]);
  });

  it('writes the header alone for no rows', async () => {
    expect(await text(csvStream(COLUMNS, batchesOf<Row>()))).toBe('\ufeffName,Amount,Date,At (UTC),Count\r\n');
  });

  it('ends with an error when reading fails part way, so a broken download never looks whole', async () => {
    async function* failing() {
      yield [{ name: 'a', minor: 1, day: '2026-01-01', at: null, n: 1 }];
      throw new Error('database went away');
    }
    await expect(text(csvStream(COLUMNS, failing()))).rejects.toThrow('database went away');
  });
});

describe('keysetBatches', () => {
  it('asks for the page after the last row until a short page, and maps each page', async () => {
    const asked: (number | undefined)[] = [];
    const pages = keysetBatches(
      async (last: number | undefined) => {
        asked.push(last);
        const from = (last ?? 0) + 1;
        return Array.from({ length: Math.max(0, Math.min(3, 7 - from + 1)) }, (_, i) => from + i);
      },
      (page) => page.map((n) => n * 10),
      3,
    );
    const seen: number[][] = [];
    for await (const page of pages) seen.push([...page]);
    expect(seen).toEqual([[10, 20, 30], [40, 50, 60], [70]]);
    expect(asked).toEqual([undefined, 3, 6]);
  });
});

describe('content negotiation and naming', () => {
  const asking = (accept?: string) => ({ headers: accept === undefined ? {} : { accept } }) as FastifyRequest;

  it('answers CSV only when text/csv is asked for and not less preferred than JSON', () => {
    expect(wantsCsv(asking('text/csv'))).toBe(true);
    expect(wantsCsv(asking('text/csv, application/problem+json'))).toBe(true);
    expect(wantsCsv(asking('TEXT/CSV; charset=utf-8'))).toBe(true);
    expect(wantsCsv(asking('application/json;q=0.5, text/csv'))).toBe(true);
    for (const accept of [undefined, '', '*/*', 'text/*', 'application/json', 'text/csv;q=0', 'text/csv;q=0.2, application/json']) {
      expect(wantsCsv(asking(accept)), String(accept)).toBe(false);
    }
  });

  it("names the file after the list and the clock's date", () => {
    expect(csvFileName('invoices', new Date('2026-03-16T01:00:00Z'))).toBe('invoices-2026-03-16.csv');
  });
});
