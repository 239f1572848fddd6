import { TimesheetsResponse, type TimesheetBooking } from '@portal/contract/timesheets';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequestWithHeaders } from '../../../lib/api-client';
import { readPagination, type Pagination } from '../../../lib/pagination';

/** Every timesheet query sits under this key: selecting clients clears it (spec §4), a submit refreshes it. */
export const timesheetsKey = ['timesheets'] as const;

export interface PendingPageQuery {
  clientIds: readonly number[];
  /** Only the bookings of the week starting on this Monday ('YYYY-MM-DD'). */
  weekOf?: string | undefined;
  skip: number;
  take: number;
}

/** A page of timesheets pending approval, with the counts spec §3 gives a timesheet list. */
export interface PendingTimesheetsPage {
  approvedCount: number;
  pendingReviewCount: number;
  timesheets: TimesheetBooking[];
  pagination: Pagination;
}

/** GET /v1/timesheets: the selected clients' timesheets pending approval, oldest booking first (skip/take, `x-pagination`). */
export function getPendingTimesheets(query: PendingPageQuery, signal?: AbortSignal): Promise<PendingTimesheetsPage> {
  return timesheetsPage('timesheets', query, {}, signal);
}

/** A page of the timesheets answer (GET /v1/timesheets and its one-educator twin), read as the lists show it. */
export async function timesheetsPage(
  path: string,
  query: PendingPageQuery,
  extra: Record<string, number>,
  signal?: AbortSignal,
): Promise<PendingTimesheetsPage> {
  const { data, headers } = await apiRequestWithHeaders(path, {
    query: { clientIds: query.clientIds, ...extra, weekOf: query.weekOf, skip: query.skip, take: query.take },
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

export function pendingTimesheetsQueryOptions(query: PendingPageQuery) {
  return queryOptions({
    queryKey: [...timesheetsKey, 'pending', { ...query, clientIds: [...query.clientIds] }],
    queryFn: ({ signal }) => getPendingTimesheets(query, signal),
    // The next page keeps the current rows on screen until it arrives.
    placeholderData: keepPreviousData,
  });
}
