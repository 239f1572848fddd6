import type { TimesheetStatus } from '@portal/contract/domain';
import { TimesheetListResponse, type TimesheetBooking } from '@portal/contract/timesheets';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequestWithHeaders } from '../../../lib/api-client';
import { readPagination, type Pagination } from '../../../lib/pagination';
import { timesheetsKey } from './get-timesheets';

export interface HistoryQuery {
  clientIds: readonly number[];
  /** Empty: the server's default (pending review, approved for invoice and invoiced). */
  status: readonly TimesheetStatus[];
  candidateId?: number | undefined;
  sort: '-date' | 'date';
  skip: number;
  take: number;
}

export interface HistoryPage {
  timesheets: TimesheetBooking[];
  pagination: Pagination;
}

/** GET /v1/timesheets/list: decided timesheets by status (approved, in review, invoiced), newest first by default. */
export async function getTimesheetHistory(query: HistoryQuery, signal?: AbortSignal): Promise<HistoryPage> {
  const { data, headers } = await apiRequestWithHeaders('timesheets/list', {
    query: {
      clientIds: query.clientIds,
      status: query.status.length > 0 ? query.status : undefined,
      candidateId: query.candidateId,
      sort: query.sort,
      skip: query.skip,
      take: query.take,
    },
    schema: TimesheetListResponse,
    ...(signal ? { signal } : {}),
  });
  return {
    timesheets: data,
    pagination: readPagination(headers.get('x-pagination'), { skip: query.skip, take: query.take, count: data.length }),
  };
}

export function timesheetHistoryQueryOptions(query: HistoryQuery) {
  return queryOptions({
    queryKey: [...timesheetsKey, 'history', { ...query, clientIds: [...query.clientIds], status: [...query.status] }],
    queryFn: ({ signal }) => getTimesheetHistory(query, signal),
    placeholderData: keepPreviousData,
  });
}
