import { apiRequestBlob } from '../lib/api-client';
import type { QueryValue } from '../lib/api-url';
import { saveBlob } from '../lib/save-file';

export interface DownloadOptions {
  /** The query string (a list's filters, for its export). */
  query?: Record<string, QueryValue>;
  /** The media type asked for, where the path answers more than one (a list's `text/csv` export). */
  accept?: string;
}

/**
 * A file the API answers as a blob (spec §7: timesheet and invoice PDFs, the lists' CSV exports), fetched with the
 * bearer token and saved under the name of its Content-Disposition, or `fallbackName` when it gives none.
 */
export async function downloadFile(path: string, fallbackName: string, options: DownloadOptions = {}): Promise<void> {
  const { blob, fileName } = await apiRequestBlob(path, {
    ...(options.query ? { query: options.query } : {}),
    ...(options.accept ? { headers: { Accept: `${options.accept}, application/problem+json` } } : {}),
  });
  saveBlob(blob, fileName ?? fallbackName);
}
