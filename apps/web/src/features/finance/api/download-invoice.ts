import { downloadFile } from '../../../api/download-file';

export interface InvoiceFile {
  id: number;
  invoiceNo: string;
}

/** GET /v1/invoices/{id}/file: the invoice PDF (spec §7, blob). */
export function downloadInvoice({ id, invoiceNo }: InvoiceFile): Promise<void> {
  return downloadFile(`invoices/${id}/file`, `${invoiceNo}.pdf`);
}
