import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { ApiError } from '../../../lib/api-error';
import { useToast } from '../../../lib/toast';
import { useDownloadTimesheet } from '../api/download-timesheet';
import { useTimesheetsText } from '../use-timesheets-text';

/** The timesheet PDF (spec §7 blob call); on failure the server's message, else 'Download Failed' (spec §8). */
export function DownloadButton({ bookingId, label }: { bookingId: number; label: string }) {
  const { t } = useTimesheetsText();
  const toast = useToast();
  const download = useDownloadTimesheet();
  const start = () =>
    download.mutate(bookingId, {
      onError: (error) => toast.error((error instanceof ApiError && error.serverMessage) || t('download.failed')),
    });
  return (
    <Tooltip title={t('actions.download')}>
      <span>
        <IconButton
          aria-label={label}
          onClick={start}
          disabled={download.isPending}
          aria-busy={download.isPending}
          data-testid="timesheet-download"
          size="small"
        >
          {download.isPending ? <CircularProgress size={20} aria-hidden="true" /> : <FileDownloadOutlinedIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
