import { TimesheetSubmitResponse, type TimesheetBooking, type TimesheetSubmitBody } from '@portal/contract/timesheets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { timesheetsKey, type PendingTimesheetsPage } from './get-timesheets';

/**
 * POST /v1/timesheets/submit with an Idempotency-Key: one decision for the whole selection (spec §4). 200 when
 * every timesheet was decided; 207 'submitted with issues' names the ones that were not, with the reason.
 */
export function submitTimesheets(body: TimesheetSubmitBody, idempotencyKey: string): Promise<TimesheetSubmitResponse> {
  return apiRequest('timesheets/submit', {
    method: 'POST',
    body,
    schema: TimesheetSubmitResponse,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Removes the decided timesheets from every cached pending page, so they leave the list at once. */
function dropFromPendingPages(pages: PendingTimesheetsPage | undefined, decided: ReadonlySet<number>): PendingTimesheetsPage | undefined {
  if (!pages) return pages;
  const kept = pages.timesheets.filter((row: TimesheetBooking) => !decided.has(row.bookingId));
  if (kept.length === pages.timesheets.length) return pages;
  const removed = pages.timesheets.length - kept.length;
  return { ...pages, timesheets: kept, pagination: { ...pages.pagination, total: Math.max(0, pages.pagination.total - removed) } };
}

export function useSubmitTimesheets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TimesheetSubmitBody; idempotencyKey: string }) => submitTimesheets(body, idempotencyKey),
    onSuccess: (result) => {
      // Decided or not (an issue means someone else got there first), none of them is pending any more.
      const gone = new Set([...result.submitted, ...result.issues.map((issue) => issue.bookingId)]);
      for (const kind of ['pending', 'candidate'] as const)
        queryClient.setQueriesData<PendingTimesheetsPage>({ queryKey: [...timesheetsKey, kind] }, (pages) =>
          dropFromPendingPages(pages, gone),
        );
    },
    // Counts, lists, history and the dashboard's tile all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: timesheetsKey }),
  });
}
