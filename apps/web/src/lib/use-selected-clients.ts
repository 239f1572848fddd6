import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { CLIENT_SCOPED_QUERY_KEYS, selectedClientIdsSnapshot, setSelectedClientIds, subscribeToSelectedClients } from './selected-clients';

/** The selected clients, re-rendering when the client selector changes them. */
export function useSelectedClientIds(): number[] {
  return useSyncExternalStore(subscribeToSelectedClients, selectedClientIdsSnapshot);
}

/**
 * Spec §4: selecting clients stores them and clears the cached invoices, bookings, contacts and timesheets, so
 * no page shows another selection's data.
 */
export function useSelectClients(): (ids: readonly number[]) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (ids) => {
      for (const queryKey of CLIENT_SCOPED_QUERY_KEYS) queryClient.removeQueries({ queryKey: [...queryKey] });
      setSelectedClientIds(ids);
    },
    [queryClient],
  );
}
