import { ReplaceMeRequest, type ReplaceMeBody, type ReplaceMeStatus } from '@portal/contract/replace-me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { daysAwayKey } from './get-days-away';
import { replaceMeStatusKey } from './get-replace-me-status';

/**
 * POST /v1/bookings/replaceMe with an Idempotency-Key: a replacement for today or the next school day (labelled
 * next Monday when isNextMonday). 201 with the request (scheduled); 409 when one exists for that day; 403 when
 * replace-me is not available; 400 naming the field (locationId, isNextMonday).
 */
export function requestReplaceMe(body: ReplaceMeBody, idempotencyKey: string): Promise<ReplaceMeRequest> {
  return apiRequest('bookings/replaceMe', {
    method: 'POST',
    body,
    schema: ReplaceMeRequest,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useRequestReplaceMe() {
  const queryClient = useQueryClient();
  return useMutation({
    // The caller keeps the key of one intent across a retry (lib/use-idempotency-key), so a lost answer cannot ask twice.
    mutationFn: ({ body, idempotencyKey }: { body: ReplaceMeBody; idempotencyKey: string }) => requestReplaceMe(body, idempotencyKey),
    // The status is kept five minutes (spec §9): the new request is added to the cached status at once.
    onSuccess: (request) =>
      queryClient.setQueriesData<ReplaceMeStatus | null>({ queryKey: replaceMeStatusKey }, (status) =>
        status && status.locations.some((l) => l.id === request.locationId) ? withRequest(status, request) : status,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: daysAwayKey }),
  });
}

/** The status with the request added (or replaced), by day. */
export function withRequest(status: ReplaceMeStatus, request: ReplaceMeRequest): ReplaceMeStatus {
  const requests = [...status.requests.filter((r) => r.id !== request.id), request].sort((a, b) =>
    a.selectedDay.localeCompare(b.selectedDay),
  );
  return { ...status, requests };
}
