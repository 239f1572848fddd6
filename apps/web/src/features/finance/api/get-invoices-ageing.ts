import { InvoicesAgeingResponse } from '@portal/contract/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invoicesKey } from './get-invoices';

/** GET /v1/invoices/ageing: what is outstanding per currency, by days past due. */
export function getInvoicesAgeing(clientIds: readonly number[], signal?: AbortSignal): Promise<InvoicesAgeingResponse> {
  return apiRequest('invoices/ageing', { query: { clientIds }, schema: InvoicesAgeingResponse, ...(signal ? { signal } : {}) });
}

export function invoicesAgeingQueryOptions(clientIds: readonly number[]) {
  return queryOptions({
    queryKey: [...invoicesKey, 'ageing', [...clientIds]],
    queryFn: ({ signal }) => getInvoicesAgeing(clientIds, signal),
  });
}

export function useInvoicesAgeing(clientIds: readonly number[]) {
  return useQuery({ ...invoicesAgeingQueryOptions(clientIds), enabled: clientIds.length > 0 });
}
