import { GroupOverviewResponse } from '@portal/contract/group-overview';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /v1/client-groups/{groupId}/overview: each location's fill rate on one day. */
export function getGroupOverview(groupId: number, filterDate: string, timeZone: string, signal?: AbortSignal) {
  return apiRequest(`client-groups/${groupId}/overview`, {
    query: { filterDate, timeZone },
    schema: GroupOverviewResponse,
    ...(signal ? { signal } : {}),
  });
}

export function groupOverviewQueryOptions(groupId: number, filterDate: string, timeZone: string) {
  return queryOptions({
    queryKey: ['group-overview', groupId, filterDate, timeZone],
    queryFn: ({ signal }) => getGroupOverview(groupId, filterDate, timeZone, signal),
    retry: false,
  });
}

export function useGroupOverview(groupId: number | undefined, filterDate: string, timeZone: string) {
  return useQuery({
    ...groupOverviewQueryOptions(groupId ?? 0, filterDate, timeZone),
    enabled: groupId !== undefined && filterDate.length === 10,
  });
}
