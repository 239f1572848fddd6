import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../api/download-file';

/** GET /v1/timesheets/download/{bookingId}: the timesheet PDF (spec §7, blob). */
export function downloadTimesheet(bookingId: number): Promise<void> {
  return downloadFile(`timesheets/download/${bookingId}`, `timesheet-${bookingId}.pdf`);
}

export function useDownloadTimesheet() {
  return useMutation({ mutationFn: (bookingId: number) => downloadTimesheet(bookingId) });
}
