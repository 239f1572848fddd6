import { OutstandingInvoicesCountResponse } from '@portal/contract/dashboard';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /v1/invoices/outstanding-invoices-count (accounts permission only). */
export function getOutstandingInvoicesCount(clientIds: readonly number[], signal?: AbortSignal) {
  return apiRequest('invoices/outstanding-invoices-count', {
    query: { clientIds },
    schema: OutstandingInvoicesCountResponse,
    ...(signal ? { signal } : {}),
  });
}

export function outstandingInvoicesCountQueryOptions(clientIds: readonly number[]) {
  return queryOptions({
    queryKey: ['invoices', 'outstanding-count', [...clientIds]],
    queryFn: ({ signal }) => getOutstandingInvoicesCount(clientIds, signal),
  });
}
