import { apiRequestBlob } from '../lib/api-client';
import { saveBlob } from '../lib/save-file';

/**
 * A file the API answers as a blob (spec §7: timesheet and invoice PDFs), fetched with the bearer token and saved
 * under the name of its Content-Disposition, or `fallbackName` when it gives none.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await apiRequestBlob(path);
  saveBlob(blob, fileName ?? fallbackName);
}
