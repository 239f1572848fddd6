import { DownloadButton } from '../../../components/download-button';
import { downloadInvoice, type InvoiceFile } from '../api/download-invoice';
import { useFinanceText } from '../use-finance-text';

/** The invoice PDF (spec §7 blob call); on failure the server's message, else 'Download Failed' (spec §8). */
export function DownloadInvoiceButton({ invoice, variant = 'icon' }: { invoice: InvoiceFile; variant?: 'icon' | 'button' }) {
  const { t } = useFinanceText();
  return (
    <DownloadButton
      download={() => downloadInvoice(invoice)}
      label={t('download.label', { invoiceNo: invoice.invoiceNo })}
      text={t('download.button')}
      failedText={t('download.failed')}
      variant={variant}
      data-testid="invoice-download"
    />
  );
}
