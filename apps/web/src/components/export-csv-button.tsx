import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../api/download-file';
import type { QueryValue } from '../lib/api-url';
import { useFileDownload } from '../lib/use-file-download';

export interface ExportCsvButtonProps {
  /** The list's path under the API root, as its page reads it: 'invoices', 'bookings', 'timesheets/list'. */
  path: string;
  /** The list's query as the page sends it (clients, filters, sort); its skip and take are left out. */
  query: Record<string, QueryValue>;
  /** The file's name when the answer does not give one (it does: `invoices-2026-03-16.csv`). */
  fallbackName: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

/**
 * "Export CSV": every row of a list that matches the filters shown, as the file the API streams (`Accept: text/csv`),
 * saved through the browser. Busy while the file downloads; on failure the server's message, else a generic one.
 */
export function ExportCsvButton({ path, query, fallbackName, disabled = false, size = 'medium', sx }: ExportCsvButtonProps) {
  const { t } = useTranslation();
  const download = useFileDownload(() => {
    // An export is every row: paging does not apply to it.
    const { skip: _skip, take: _take, ...filters } = query;
    return downloadFile(path, fallbackName, { query: filters, accept: 'text/csv' });
  }, t('exportCsv.failed'));
  return (
    <Button
      variant="outlined"
      size={size}
      onClick={() => download.mutate()}
      disabled={disabled}
      loading={download.isPending}
      loadingPosition="start"
      startIcon={<FileDownloadOutlinedIcon />}
      aria-busy={download.isPending}
      data-testid="export-csv"
      sx={[{ whiteSpace: 'nowrap' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {t('exportCsv.label')}
    </Button>
  );
}
