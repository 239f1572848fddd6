import { InvoicesResponse, type InvoiceSort, type InvoiceStatus } from '@portal/contract/invoices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithHeaders } from '../../../lib/api-client';
import { readPagination, type Pagination } from '../../../lib/pagination';

/** Every invoice query sits under this key: selecting clients clears it (spec §4, CLIENT_SCOPED_QUERY_KEYS). */
export const invoicesKey = ['invoices'] as const;

export interface InvoicesPageQuery {
  clientIds: readonly number[];
  status: InvoiceStatus | undefined;
  sort: InvoiceSort;
  /** 1-based, as the spec's page and pageSize. */
  page: number;
  pageSize: number;
}

export interface InvoicesPage extends InvoicesResponse {
  pagination: Pagination;
}

/** GET /v1/invoices: skip = (page - 1) × pageSize, take = pageSize (spec §7); `x-pagination` as every list. */
export async function getInvoices(query: InvoicesPageQuery, signal?: AbortSignal): Promise<InvoicesPage> {
  const skip = (query.page - 1) * query.pageSize;
  const take = query.pageSize;
  const { data, headers } = await apiRequestWithHeaders('invoices', {
    query: { clientIds: query.clientIds, status: query.status, sort: query.sort, skip, take },
    schema: InvoicesResponse,
    ...(signal ? { signal } : {}),
  });
  return { ...data, pagination: readPagination(headers.get('x-pagination'), { skip, take, count: data.invoices.length }) };
}

export function invoicesQueryOptions(query: InvoicesPageQuery) {
  return queryOptions({
    queryKey: [...invoicesKey, 'list', { ...query, clientIds: [...query.clientIds] }],
    queryFn: ({ signal }) => getInvoices(query, signal),
    // The next page keeps the current rows on screen until it arrives.
    placeholderData: keepPreviousData,
  });
}

export function useInvoices(query: InvoicesPageQuery) {
  return useQuery({ ...invoicesQueryOptions(query), enabled: query.clientIds.length > 0 });
}
