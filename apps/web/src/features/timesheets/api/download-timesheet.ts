import { downloadFile } from '../../../api/download-file';

/** GET /v1/timesheets/download/{bookingId}: the timesheet PDF (spec §7, blob). */
export function downloadTimesheet(bookingId: number): Promise<void> {
  return downloadFile(`timesheets/download/${bookingId}`, `timesheet-${bookingId}.pdf`);
}
