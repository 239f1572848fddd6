import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { timesheetsKey, timesheetsPage, type PendingPageQuery, type PendingTimesheetsPage } from './get-timesheets';

export interface CandidatePageQuery extends PendingPageQuery {
  candidateId: number;
}

/** GET /v1/timesheets/candidate: the same answer as GET /v1/timesheets, one educator's (spec §7). */
export function getCandidateTimesheets(query: CandidatePageQuery, signal?: AbortSignal): Promise<PendingTimesheetsPage> {
  return timesheetsPage('timesheets/candidate', query, { candidateId: query.candidateId }, signal);
}

export function candidateTimesheetsQueryOptions(query: CandidatePageQuery) {
  return queryOptions({
    queryKey: [...timesheetsKey, 'candidate', { ...query, clientIds: [...query.clientIds] }],
    queryFn: ({ signal }) => getCandidateTimesheets(query, signal),
    placeholderData: keepPreviousData,
  });
}
