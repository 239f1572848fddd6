import { LOCATION_TAGS } from '@portal/contract/domain';
import { allClients, canAtLocation } from '@portal/contract/permissions';
import { useMemo } from 'react';
import { useProfile } from '../../lib/profile';
import { useReplaceMeStatuses } from './api/get-replace-me-status';

/** Spec §6: replace-me where a location is tagged for it and the user holds replace-me there; the clients of those. */
export function useReplaceMeClientIds(): number[] {
  const tree = useProfile().data?.links;
  return useMemo(() => {
    if (!tree) return [];
    return allClients(tree)
      .filter((client) =>
        client.locations.some(
          (location) => location.tags.includes(LOCATION_TAGS.replaceMe) && canAtLocation(tree, 'replaceMe', 'create', location.locationId),
        ),
      )
      .map((client) => client.clientId);
  }, [tree]);
}

/**
 * Whether the contact has a replace-me request from today on (someone is being found, or was found, to take the
 * class): then the page does not say they are present and accounted for.
 */
export function useBeingReplaced(clientIds: readonly number[]): boolean {
  const statuses = useReplaceMeStatuses(clientIds);
  return statuses.some((query) => (query.data?.requests.length ?? 0) > 0);
}
