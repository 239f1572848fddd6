import { TimesheetsOverviewResponse } from '@portal/contract/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /v1/timesheets/overview: timesheets awaiting the user, by status. */
export function getTimesheetsOverview(clientIds: readonly number[], signal?: AbortSignal) {
  return apiRequest('timesheets/overview', { query: { clientIds }, schema: TimesheetsOverviewResponse, ...(signal ? { signal } : {}) });
}

export function timesheetsOverviewQueryOptions(clientIds: readonly number[]) {
  return queryOptions({
    queryKey: ['timesheets', 'overview', [...clientIds]],
    queryFn: ({ signal }) => getTimesheetsOverview(clientIds, signal),
  });
}

export function useTimesheetsOverview(clientIds: readonly number[], enabled: boolean) {
  return useQuery({ ...timesheetsOverviewQueryOptions(clientIds), enabled: enabled && clientIds.length > 0 });
}
