import { DownloadButton as FileDownloadButton } from '../../../components/download-button';
import { downloadTimesheet } from '../api/download-timesheet';
import { useTimesheetsText } from '../use-timesheets-text';

/** The timesheet PDF (spec §7 blob call); on failure the server's message, else 'Download Failed' (spec §8). */
export function DownloadButton({ bookingId, label }: { bookingId: number; label: string }) {
  const { t } = useTimesheetsText();
  return (
    <FileDownloadButton
      download={() => downloadTimesheet(bookingId)}
      label={label}
      text={t('actions.download')}
      failedText={t('download.failed')}
      data-testid="timesheet-download"
    />
  );
}
