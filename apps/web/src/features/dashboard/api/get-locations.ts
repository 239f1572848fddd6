import { LocationsResponse } from '@portal/contract/locations';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /v1/locations: the selected clients' locations with addresses (the map layout). */
export function getLocations(clientIds: readonly number[], signal?: AbortSignal) {
  return apiRequest('locations', { query: { clientIds }, schema: LocationsResponse, ...(signal ? { signal } : {}) });
}

export function locationsQueryOptions(clientIds: readonly number[]) {
  return queryOptions({
    queryKey: ['locations', [...clientIds]],
    queryFn: ({ signal }) => getLocations(clientIds, signal),
    staleTime: 10 * 60_000,
  });
}
