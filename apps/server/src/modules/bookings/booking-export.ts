import type { BookingListRow } from '@portal/contract/bookings';
import type { CsvColumn } from '../../lib/csv-export';

/**
 * The bookings CSV (GET /v1/bookings with Accept: text/csv): each booking as the list shows it — when, where, what
 * role, who fills it and its state — with the ids and the block reference the portal shows, so a row can be matched
 * to a timesheet and an invoice line.
 */
export const BOOKING_CSV_COLUMNS: readonly CsvColumn<BookingListRow>[] = [
  { header: 'Booking ID', number: (b) => b.id },
  { header: 'Date', date: (b) => b.dateLocal },
  { header: 'Start', text: (b) => b.startTimeLocal },
  { header: 'End', text: (b) => b.endTimeLocal },
  { header: 'Break (minutes)', number: (b) => b.breakMinutes },
  { header: 'Time zone', text: (b) => b.timeZone },
  { header: 'School', text: (b) => b.client.name },
  { header: 'Location', text: (b) => b.location.name },
  { header: 'Classification', text: (b) => b.classification.onlineTitle },
  { header: 'Status', text: (b) => b.status },
  { header: 'Educator', text: (b) => b.candidate?.fullName },
  { header: 'Educator ID', number: (b) => b.candidate?.id },
  { header: 'Series reference', text: (b) => b.seriesReference },
  { header: 'Series position', number: (b) => b.seriesPosition },
  { header: 'Series total', number: (b) => b.seriesTotal },
  { header: 'Covering', text: (b) => b.covering?.name },
  { header: 'Unfilled risk (minutes left)', number: (b) => b.unfilledRisk?.minutesLeft },
];
