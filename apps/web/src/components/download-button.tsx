import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useFileDownload } from '../lib/use-file-download';

export interface DownloadButtonProps {
  /** Fetches the file and saves it (api/download-file). */
  download: () => Promise<void>;
  /** The accessible name, saying which file: 'Download the PDF of invoice INV-000101'. */
  label: string;
  /** Said when the download fails and the server gives no message of its own. */
  failedText: string;
  /**
   * A small icon button whose tooltip says `text` (in a table row or a card), or a contained button showing `text`
   * (a page's own action).
   */
  variant?: 'icon' | 'button';
  text: string;
  'data-testid'?: string;
}

/** One file behind a button (a timesheet's or an invoice's PDF): busy while it downloads, a toast when it fails. */
export function DownloadButton({ download, label, failedText, variant = 'icon', text, 'data-testid': testId }: DownloadButtonProps) {
  const mutation = useFileDownload(download, failedText);
  const start = () => mutation.mutate();
  if (variant === 'button')
    return (
      <Button
        variant="contained"
        onClick={start}
        loading={mutation.isPending}
        startIcon={<FileDownloadOutlinedIcon />}
        aria-label={label}
        data-testid={testId}
      >
        {text}
      </Button>
    );
  return (
    <Tooltip title={text}>
      <span>
        <IconButton
          aria-label={label}
          onClick={start}
          disabled={mutation.isPending}
          aria-busy={mutation.isPending}
          data-testid={testId}
          size="small"
        >
          {mutation.isPending ? <CircularProgress size={20} aria-hidden="true" /> : <FileDownloadOutlinedIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
