import { FillReportResponse, type FillGroupBy } from '@portal/contract/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface FillReportQuery {
  clientIds: readonly number[];
  from: string;
  to: string;
  groupBy: FillGroupBy;
}

/** The query string of the fill report (the JSON call and its CSV export send the same). */
export function fillReportParams(query: FillReportQuery) {
  return { clientIds: query.clientIds, from: query.from, to: query.to, groupBy: query.groupBy };
}

/** GET /v1/reports/fill: how the clients' bookings over the range were filled, grouped one way. */
export function getFillReport(query: FillReportQuery, signal?: AbortSignal): Promise<FillReportResponse> {
  return apiRequest('reports/fill', { query: fillReportParams(query), schema: FillReportResponse, ...(signal ? { signal } : {}) });
}

export function fillReportQueryOptions(query: FillReportQuery) {
  return queryOptions({
    queryKey: ['reports', 'fill', { ...query, clientIds: [...query.clientIds] }],
    queryFn: ({ signal }) => getFillReport(query, signal),
    retry: false,
  });
}

export function useFillReport(query: FillReportQuery | undefined) {
  return useQuery({
    ...fillReportQueryOptions(query ?? { clientIds: [], from: '', to: '', groupBy: 'week' }),
    enabled: query !== undefined && query.clientIds.length > 0,
  });
}
