import { TimesheetsOverviewResponse } from '@portal/contract/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { timesheetsKey } from './get-timesheets';

/**
 * GET /v1/timesheets/overview (spec §3 'Timesheet summary'): totals, per school and per educator. The same query
 * key as the dashboard's tile, so both read one cache entry and a submit refreshes both.
 */
export function getTimesheetsSummary(clientIds: readonly number[], signal?: AbortSignal) {
  return apiRequest('timesheets/overview', { query: { clientIds }, schema: TimesheetsOverviewResponse, ...(signal ? { signal } : {}) });
}

export function timesheetsSummaryQueryOptions(clientIds: readonly number[]) {
  return queryOptions({
    queryKey: [...timesheetsKey, 'overview', [...clientIds]],
    queryFn: ({ signal }) => getTimesheetsSummary(clientIds, signal),
  });
}

export function useTimesheetsSummary(clientIds: readonly number[]) {
  return useQuery({ ...timesheetsSummaryQueryOptions(clientIds), enabled: clientIds.length > 0 });
}
