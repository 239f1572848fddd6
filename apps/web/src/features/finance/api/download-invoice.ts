import { useMutation } from '@tanstack/react-query';
import { apiRequestBlob } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

export interface InvoiceFile {
  id: number;
  invoiceNo: string;
}

/** GET /v1/invoices/{id}/file: the invoice PDF, fetched with the bearer token (spec §7, blob). */
export async function downloadInvoice({ id, invoiceNo }: InvoiceFile): Promise<void> {
  const { blob, fileName } = await apiRequestBlob(`invoices/${id}/file`);
  saveBlob(blob, fileName ?? `${invoiceNo}.pdf`);
}

export function useDownloadInvoice() {
  return useMutation({ mutationFn: downloadInvoice });
}
