import { useMutation } from '@tanstack/react-query';
import { apiRequestBlob } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

/** GET /v1/timesheets/download/{bookingId}: the timesheet PDF, fetched with the bearer token (spec §7, blob). */
export async function downloadTimesheet(bookingId: number): Promise<void> {
  const { blob, fileName } = await apiRequestBlob(`timesheets/download/${bookingId}`);
  saveBlob(blob, fileName ?? `timesheet-${bookingId}.pdf`);
}

export function useDownloadTimesheet() {
  return useMutation({ mutationFn: (bookingId: number) => downloadTimesheet(bookingId) });
}
