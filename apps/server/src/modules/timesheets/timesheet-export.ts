import type { TimesheetStatus } from '@portal/contract/domain';
import type { PermissionTree } from '@portal/contract/permissions';
import type { TimesheetBooking } from '@portal/contract/timesheets';
import type { Db } from '@portal/db/client';
import { EXPORT_BATCH_SIZE, keysetBatches, type CsvColumn } from '../../lib/csv-export';
import { viewScope } from '../data-scope/data-scope';
import { timesheetsAfter, type TimesheetRow } from './timesheets.repository';
import { toTimesheetBooking } from './timesheets.service';

/**
 * The timesheets CSV (GET /v1/timesheets/list with Accept: text/csv): each timesheet as the list answers it, with what
 * it bills taken from the answer's `billing` (the contract's decide rules), so the export, the list and the invoice
 * agree on the hours.
 */

/** The history's statuses when none is asked for: the list's own default (GET /v1/timesheets/list). */
const HISTORY_STATUSES: readonly TimesheetStatus[] = ['pending_review', 'approved_for_invoice', 'invoiced'];

/** 'YYYY-MM-DDTHH:mm' (local) → 'HH:mm'. */
const timeOf = (local: string) => local.slice(11, 16);

type Hours = Extract<TimesheetBooking['billing'], { kind: 'hours' }>;
const billedHours = (t: TimesheetBooking): Hours | undefined => (t.billing.kind === 'hours' ? t.billing : undefined);

export const TIMESHEET_CSV_COLUMNS: readonly CsvColumn<TimesheetBooking>[] = [
  { header: 'Booking ID', number: (t) => t.bookingId },
  { header: 'Date', date: (t) => t.dateLocal },
  { header: 'School', text: (t) => t.clientName },
  { header: 'Location', text: (t) => t.locationName },
  { header: 'Time zone', text: (t) => t.locationTimeZone },
  { header: 'Educator', text: (t) => t.candidateFullName },
  { header: 'Status', text: (t) => t.status },
  { header: 'Decision', text: (t) => t.decision },
  { header: 'Decided by', text: (t) => t.decidedByName },
  { header: 'Decided at (UTC)', instant: (t) => t.decidedAt },
  { header: 'Start', text: (t) => timeOf(t.startTimeLocal) },
  { header: 'End', text: (t) => timeOf(t.endTimeLocal) },
  { header: 'Break (minutes)', number: (t) => t.breakMinutes },
  { header: 'Worked minutes', number: (t) => t.workedMinutes },
  // 'hours', or 'no_charge' when the booking did not happen (cancelled, or Approve would cancel it).
  { header: 'Billing', text: (t) => t.billing.kind },
  { header: 'Billing basis', text: (t) => t.billing.basis },
  { header: 'Billing final', text: (t) => String(t.billing.final) },
  { header: 'Billed start', text: (t) => billedHours(t)?.startTime },
  { header: 'Billed end', text: (t) => billedHours(t)?.endTime },
  { header: 'Billed break (minutes)', number: (t) => billedHours(t)?.breakMinutes },
  { header: 'Billed minutes', number: (t) => billedHours(t)?.minutes ?? 0 },
  // Hours to two decimals, as an invoice line's quantity; the minutes are the exact figure.
  { header: 'Billed hours', number: (t) => Math.round(((billedHours(t)?.minutes ?? 0) * 100) / 60) / 100 },
  { header: 'Invoice number', text: (t) => t.invoiceNo },
];

/** The timesheets of GET /v1/timesheets/list for the CSV export, read a keyset page at a time. */
export class TimesheetExportService {
  constructor(private readonly db: Db) {}

  /**
   * Every timesheet the list's filters match, in its sort (skip and take aside). The scope is decided now (403 before
   * anything is sent); the pages are read as they are written.
   */
  exportBatches(
    tree: PermissionTree,
    query: {
      clientIds?: number[] | undefined;
      status?: TimesheetStatus[] | undefined;
      candidateId?: number | undefined;
      sort: 'date' | '-date';
    },
    pageSize = EXPORT_BATCH_SIZE,
  ): AsyncIterable<readonly TimesheetBooking[]> {
    const scope = viewScope(tree, 'timesheets', query.clientIds);
    const filter = { scope, statuses: query.status ?? HISTORY_STATUSES, candidateId: query.candidateId };
    const oldestFirst = query.sort === 'date';
    return keysetBatches(
      (last: TimesheetRow | undefined) =>
        timesheetsAfter(this.db, filter, {
          oldestFirst,
          after: last && { startUtc: last.startUtc, timesheetId: last.timesheetId },
          limit: pageSize,
        }),
      (rows) => rows.map(toTimesheetBooking),
      pageSize,
    );
  }
}
