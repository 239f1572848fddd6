import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { ApiError } from '../../../lib/api-error';
import { useToast } from '../../../lib/toast';
import { useDownloadInvoice, type InvoiceFile } from '../api/download-invoice';
import { useFinanceText } from '../use-finance-text';

/** The invoice PDF (spec §7 blob call); on failure the server's message, else 'Download Failed' (spec §8). */
export function DownloadInvoiceButton({ invoice, variant = 'icon' }: { invoice: InvoiceFile; variant?: 'icon' | 'button' }) {
  const { t } = useFinanceText();
  const toast = useToast();
  const download = useDownloadInvoice();
  const start = () =>
    download.mutate(invoice, {
      onError: (error) => toast.error((error instanceof ApiError && error.serverMessage) || t('download.failed')),
    });
  const label = t('download.label', { invoiceNo: invoice.invoiceNo });
  if (variant === 'button')
    return (
      <Button
        variant="contained"
        onClick={start}
        loading={download.isPending}
        startIcon={<FileDownloadOutlinedIcon />}
        aria-label={label}
        data-testid="invoice-download"
      >
        {t('download.button')}
      </Button>
    );
  return (
    <Tooltip title={t('download.button')}>
      <span>
        <IconButton
          aria-label={label}
          onClick={start}
          disabled={download.isPending}
          aria-busy={download.isPending}
          data-testid="invoice-download"
          size="small"
        >
          {download.isPending ? <CircularProgress size={20} aria-hidden="true" /> : <FileDownloadOutlinedIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
