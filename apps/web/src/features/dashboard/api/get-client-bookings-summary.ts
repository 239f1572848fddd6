import { ClientBookingsSummaryResponse } from '@portal/contract/dashboard';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /v1/clients/{clientId}/bookings/summary: one client's year, month by month. */
export function getClientBookingsSummary(
  clientId: number,
  query: { timeZone: string; dateFromLocal: string; dateToLocal: string },
  signal?: AbortSignal,
) {
  return apiRequest(`clients/${clientId}/bookings/summary`, {
    query,
    schema: ClientBookingsSummaryResponse,
    ...(signal ? { signal } : {}),
  });
}

export function clientBookingsSummaryQueryOptions(
  clientId: number,
  query: { timeZone: string; dateFromLocal: string; dateToLocal: string },
) {
  return queryOptions({
    queryKey: ['bookings', 'client-summary', clientId, query],
    queryFn: ({ signal }) => getClientBookingsSummary(clientId, query, signal),
  });
}
