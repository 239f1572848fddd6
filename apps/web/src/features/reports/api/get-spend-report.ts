import { SpendReportResponse, type SpendGroupBy } from '@portal/contract/reports';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface SpendReportQuery {
  clientIds: readonly number[];
  from: string;
  to: string;
  groupBy: SpendGroupBy;
}

/** The query string of the spend report (the JSON call and its CSV export send the same). */
export function spendReportParams(query: SpendReportQuery) {
  return { clientIds: query.clientIds, from: query.from, to: query.to, groupBy: query.groupBy };
}

/** GET /v1/reports/spend: spend before tax of the clients over the range, grouped one way. */
export function getSpendReport(query: SpendReportQuery, signal?: AbortSignal): Promise<SpendReportResponse> {
  return apiRequest('reports/spend', { query: spendReportParams(query), schema: SpendReportResponse, ...(signal ? { signal } : {}) });
}

export function spendReportQueryOptions(query: SpendReportQuery) {
  return queryOptions({
    queryKey: ['reports', 'spend', { ...query, clientIds: [...query.clientIds] }],
    queryFn: ({ signal }) => getSpendReport(query, signal),
    // A 403 (no accounts view at these schools) or a 400 does not change by asking again.
    retry: false,
  });
}

export function useSpendReport(query: SpendReportQuery | undefined) {
  return useQuery({
    ...spendReportQueryOptions(query ?? { clientIds: [], from: '', to: '', groupBy: 'month' }),
    enabled: query !== undefined && query.clientIds.length > 0,
  });
}

/**
 * Spend by month of each school apart (the chart stacks them for a group): one call per school, as the report
 * groups one way at a time.
 */
export function useSpendByMonthPerSchool(clientIds: readonly number[], range: { from: string; to: string } | undefined, enabled: boolean) {
  return useQueries({
    queries: clientIds.map((clientId) => ({
      ...spendReportQueryOptions({ clientIds: [clientId], from: range?.from ?? '', to: range?.to ?? '', groupBy: 'month' }),
      enabled: enabled && range !== undefined,
    })),
  });
}
