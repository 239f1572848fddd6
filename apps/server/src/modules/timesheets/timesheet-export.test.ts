import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { TimesheetListResponse, type TimesheetBooking } from '@portal/contract/timesheets';
import { cell, expectSameRefusal, readCsvAnswer, useExportTestApp, type ExportAccount } from '../../../test/csv-client';
import { loadPermissionTree } from '../profile/permission-tree.repository';
import { TIMESHEET_CSV_COLUMNS } from './timesheet-export';

/** GET /v1/timesheets/list with Accept: text/csv: every timesheet of the list's filters, with the hours each bills. */

const x = useExportTestApp();
const TODAY = x.today;
const csv = x.csv;
const jsonTimesheets = (url: string, email: ExportAccount) => x.pages(url, email, (body) => TimesheetListResponse.parse(body));

/** What the CSV must say of a timesheet, read from the list's answer (its `billing` is the contract's rule). */
function expectedRow(ts: TimesheetBooking): Record<string, string> {
  const hours = ts.billing.kind === 'hours' ? ts.billing : undefined;
  return {
    'Booking ID': String(ts.bookingId),
    Date: ts.dateLocal,
    School: ts.clientName,
    Location: ts.locationName,
    'Time zone': ts.locationTimeZone,
    Educator: ts.candidateFullName,
    Status: ts.status,
    Decision: cell(ts.decision),
    'Decided by': cell(ts.decidedByName),
    'Decided at (UTC)': cell(ts.decidedAt && new Date(ts.decidedAt).toISOString()),
    Start: ts.startTimeLocal.slice(11, 16),
    End: ts.endTimeLocal.slice(11, 16),
    'Break (minutes)': String(ts.breakMinutes),
    'Worked minutes': String(ts.workedMinutes),
    Billing: ts.billing.kind,
    'Billing basis': ts.billing.basis,
    'Billing final': String(ts.billing.final),
    'Billed start': cell(hours?.startTime),
    'Billed end': cell(hours?.endTime),
    'Billed break (minutes)': cell(hours?.breakMinutes),
    'Billed minutes': String(hours?.minutes ?? 0),
    'Billed hours': String(Math.round(((hours?.minutes ?? 0) / 60) * 100) / 100),
    'Invoice number': cell(ts.invoiceNo),
  };
}

async function expectExportMatchesList(url: string, email: ExportAccount = 'group.admin') {
  const json = await jsonTimesheets(url, email);
  const { header, rows } = readCsvAnswer(await csv(url, email), 'timesheets', TODAY);
  expect(header).toEqual(TIMESHEET_CSV_COLUMNS.map((c) => c.header));
  expect(rows.length).toBe(json.length);
  expect(rows.map((r) => Number(r['Booking ID']))).toEqual(json.map((ts) => ts.bookingId));
  rows.forEach((row, n) => expect(row).toEqual(expectedRow(json[n]!)));
  return { rows, json };
}

describe('GET /v1/timesheets/list as CSV', () => {
  it('answers every timesheet of the history, newest first or oldest first, with the billed hours of the list', async () => {
    for (const sort of ['-date', 'date']) {
      const { rows } = await expectExportMatchesList(`/v1/timesheets/list?sort=${sort}`);
      expect(rows.length).toBeGreaterThan(100);
      expect(new Set(rows.map((r) => r.Status))).toEqual(new Set(['pending_review', 'approved_for_invoice', 'invoiced']));
    }
  });

  it('respects the status and educator filters; pending approval bills what Approve would, no charge when it did not happen', async () => {
    const { rows, json } = await expectExportMatchesList('/v1/timesheets/list?status=pending_approval&sort=date');
    expect(rows.length).toBeGreaterThan(0);
    // The seeded world has educators who changed their times and who say a booking did not happen.
    expect(json.some((ts) => ts.billing.kind === 'hours' && ts.billing.basis === 'educator')).toBe(true);
    const noCharge = rows.filter((r) => r.Billing === 'no_charge');
    expect(noCharge.length).toBeGreaterThan(0);
    for (const r of noCharge) expect([r['Billed minutes'], r['Billed start']]).toEqual(['0', '']);

    await expectExportMatchesList('/v1/timesheets/list?status=invoiced&status=approved_for_invoice');
    const educator = json[0]!.candidateId;
    const mine = await expectExportMatchesList(`/v1/timesheets/list?candidateId=${educator}&status=pending_approval&status=invoiced`);
    expect(new Set(mine.json.map((ts) => ts.candidateId))).toEqual(new Set([educator]));
    const invoiced = (await expectExportMatchesList('/v1/timesheets/list?status=invoiced')).rows;
    expect(invoiced.every((r) => r['Invoice number'] !== '' && r['Billing final'] === 'true')).toBe(true);
    // skip and take page the JSON, not the export.
    expect(readCsvAnswer(await csv('/v1/timesheets/list?status=invoiced&skip=7&take=1', 'group.admin'), 'timesheets', TODAY).rows).toEqual(
      invoiced,
    );
  });

  it('reads the same rows in the same order whatever the keyset page size (the seams between pages)', async () => {
    const [contact] = await queryRows<{ id: number }>(
      x.t().database.db,
      sql`select id from contacts where email = 'group.admin@demo.test'`,
    );
    const tree = await loadPermissionTree(x.t().database.db, contact!.id);
    const pageSize = 13;
    for (const sort of ['-date', 'date'] as const) {
      const json = await jsonTimesheets(`/v1/timesheets/list?sort=${sort}&status=invoiced&status=pending_approval`, 'group.admin');
      const read: number[] = [];
      const query = { sort, status: ['invoiced' as const, 'pending_approval' as const] };
      for await (const page of x.t().app.services.timesheetExport.exportBatches(tree, query, pageSize)) {
        expect(page.length).toBeLessThanOrEqual(pageSize);
        read.push(...page.map((ts) => ts.bookingId));
      }
      expect(read, sort).toEqual(json.map((ts) => ts.bookingId));
    }
  });

  it('refuses a caller without timesheets view with the list’s 403', async () => {
    for (const email of ['finance', 'bookings.viewer'] as const) {
      expectSameRefusal(await csv('/v1/timesheets/list', email), await x.json('/v1/timesheets/list', email));
    }
  });

  it('writes an educator name a spreadsheet would run as a formula as text', async () => {
    const [first] = await jsonTimesheets('/v1/timesheets/list?status=invoiced', 'group.admin');
    const hostile = '+SUM(1+1)*cmd|" /C calc"!A0';
    const [before] = await queryRows<{ preferred_name: string | null }>(
      x.t().database.db,
      sql`select preferred_name from candidates where id = ${first!.candidateId}`,
    );
    await x.t().database.db.execute(sql`update candidates set preferred_name = ${hostile} where id = ${first!.candidateId}`);
    try {
      const url = `/v1/timesheets/list?candidateId=${first!.candidateId}`;
      const json = await jsonTimesheets(url, 'group.admin');
      const { rows } = readCsvAnswer(await csv(url, 'group.admin'), 'timesheets', TODAY);
      expect(rows.length).toBe(json.length);
      for (const [n, row] of rows.entries()) {
        expect(json[n]!.candidateFullName.startsWith(hostile)).toBe(true);
        expect(row.Educator).toBe(`'${json[n]!.candidateFullName}`);
      }
    } finally {
      await x
        .t()
        .database.db.execute(sql`update candidates set preferred_name = ${before!.preferred_name} where id = ${first!.candidateId}`);
    }
  });
});
