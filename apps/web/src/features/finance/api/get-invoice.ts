import { InvoiceDetailsResponse } from '@portal/contract/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invoicesKey } from './get-invoices';

/** GET /v1/invoices/GetInvoice/{invoiceNo} (spec §7): the invoice with its lines; 403 for another client's. */
export function getInvoice(invoiceNo: string, signal?: AbortSignal): Promise<InvoiceDetailsResponse> {
  return apiRequest(`invoices/GetInvoice/${encodeURIComponent(invoiceNo)}`, {
    schema: InvoiceDetailsResponse,
    ...(signal ? { signal } : {}),
  });
}

export function invoiceQueryOptions(invoiceNo: string) {
  return queryOptions({
    queryKey: [...invoicesKey, 'detail', invoiceNo],
    queryFn: ({ signal }) => getInvoice(invoiceNo, signal),
    // A 403 or 404 will not change by asking again.
    retry: false,
  });
}

export function useInvoice(invoiceNo: string) {
  return useQuery(invoiceQueryOptions(invoiceNo));
}
