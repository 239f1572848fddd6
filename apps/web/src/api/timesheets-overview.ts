import { TimesheetsOverviewResponse } from '@portal/contract/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

/**
 * GET /v1/timesheets/overview (spec §3 'Timesheet summary'): totals, per school and per educator, for the
 * dashboard's tile and the timesheets page's summary. One query key under `['timesheets']`, so both read one
 * cache entry and a submit (which refreshes every timesheets query) refreshes both.
 */
export function getTimesheetsOverview(clientIds: readonly number[], signal?: AbortSignal) {
  return apiRequest('timesheets/overview', { query: { clientIds }, schema: TimesheetsOverviewResponse, ...(signal ? { signal } : {}) });
}

export function timesheetsOverviewQueryOptions(clientIds: readonly number[]) {
  return queryOptions({
    queryKey: ['timesheets', 'overview', [...clientIds]],
    queryFn: ({ signal }) => getTimesheetsOverview(clientIds, signal),
  });
}

export function useTimesheetsOverview(clientIds: readonly number[], enabled = true) {
  return useQuery({ ...timesheetsOverviewQueryOptions(clientIds), enabled: enabled && clientIds.length > 0 });
}
