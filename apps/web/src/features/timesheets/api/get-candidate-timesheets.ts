import { TimesheetsResponse } from '@portal/contract/timesheets';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithHeaders } from '../../../lib/api-client';
import { readPagination } from '../../../lib/pagination';
import { timesheetsKey, type PendingPageQuery, type PendingTimesheetsPage } from './get-timesheets';

export interface CandidatePageQuery extends PendingPageQuery {
  candidateId: number;
}

/** GET /v1/timesheets/candidate: the same answer as GET /v1/timesheets, one educator's (spec §7). */
export async function getCandidateTimesheets(query: CandidatePageQuery, signal?: AbortSignal): Promise<PendingTimesheetsPage> {
  const { data, headers } = await apiRequestWithHeaders('timesheets/candidate', {
    query: { clientIds: query.clientIds, candidateId: query.candidateId, weekOf: query.weekOf, skip: query.skip, take: query.take },
    schema: TimesheetsResponse,
    ...(signal ? { signal } : {}),
  });
  return {
    approvedCount: data.approvedCount,
    pendingReviewCount: data.pendingReviewCount,
    timesheets: data.pendingApprovalList,
    pagination: readPagination(headers.get('x-pagination'), { skip: query.skip, take: query.take, count: data.pendingApprovalList.length }),
  };
}

export function candidateTimesheetsQueryOptions(query: CandidatePageQuery) {
  return queryOptions({
    queryKey: [...timesheetsKey, 'candidate', { ...query, clientIds: [...query.clientIds] }],
    queryFn: ({ signal }) => getCandidateTimesheets(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCandidateTimesheets(query: CandidatePageQuery, enabled = true) {
  return useQuery({ ...candidateTimesheetsQueryOptions(query), enabled: enabled && query.clientIds.length > 0 });
}
