import type { FillRow, SpendRow } from '@portal/contract/reports';
import type { CsvColumn } from '../../lib/csv-export';

/**
 * The reports as CSV (Accept: text/csv): the rows of the JSON answer, one a line, with the key and the label; the
 * totals are not a line (a spreadsheet sums the column).
 */
export const SPEND_CSV_COLUMNS: readonly CsvColumn<SpendRow>[] = [
  { header: 'Key', text: (r) => r.key },
  { header: 'Label', text: (r) => r.label },
  { header: 'Currency', text: (r) => r.currency },
  { header: 'Amount', amount: (r) => r.amountMinor },
  { header: 'Days', number: (r) => r.days },
  { header: 'Hours', number: (r) => r.hours },
];

export const FILL_CSV_COLUMNS: readonly CsvColumn<FillRow>[] = [
  { header: 'Key', text: (r) => r.key },
  { header: 'Label', text: (r) => r.label },
  { header: 'Bookings', number: (r) => r.bookings },
  { header: 'Filled', number: (r) => r.filled },
  { header: 'Unfilled', number: (r) => r.unfilled },
  { header: 'Cancelled', number: (r) => r.cancelled },
  { header: 'Fill rate (%)', number: (r) => r.fillRatePercentage },
  { header: 'Median hours to fill', number: (r) => r.medianHoursToFill },
];

/** The rows as the one batch of an export. */
export async function* oneBatch<T>(rows: () => Promise<readonly T[]>): AsyncGenerator<readonly T[]> {
  yield await rows();
}
