import { allClients, canAtLocation, holds, type Action, type PermissionTree } from '@portal/contract/permissions';
import type { PermissionScope } from '@portal/contract/domain';
import { liveEventArea } from '@portal/contract/live-events';
import type { LiveEventRow } from './live-events.repository';

/** What a contact needs, where the event happened, to receive it. Service status goes to everyone. */
const NEEDS: Record<string, Array<{ scope: PermissionScope; action: Action }>> = {
  booking: [{ scope: 'booking', action: 'view' }],
  // Approvers (modify) see requests arrive; those who ask (view, create) see their outcome.
  pendingApproval: [
    { scope: 'pendingBooking', action: 'modify' },
    { scope: 'pendingBooking', action: 'view' },
  ],
  timesheet: [{ scope: 'timesheets', action: 'view' }],
  invoice: [{ scope: 'accounts', action: 'view' }],
};

/**
 * May this contact (its permission tree now) receive this event? Events of a client outside the tree never; at a
 * location, the permission must hold there (the client whole or the location); an event of a client without a
 * location, at the client.
 */
export function mayReceive(tree: PermissionTree, event: Pick<LiveEventRow, 'kind' | 'clientId' | 'locationId'>): boolean {
  const area = liveEventArea(event.kind);
  if (area === undefined) return false;
  if (area === 'serviceStatus' && event.clientId === null) return true;
  if (event.clientId === null) return false;
  const client = allClients(tree).find((c) => c.clientId === event.clientId);
  if (!client) return false;
  const needs = NEEDS[area] ?? [];
  if (event.locationId !== null) {
    if (!client.locations.some((l) => l.locationId === event.locationId)) return false;
    return needs.some((n) => canAtLocation(tree, n.scope, n.action, event.locationId!));
  }
  return needs.some((n) => holds(client.access.permissions, n.scope, n.action));
}

/** The clients a contact may receive events of at all (the replay reads only these). */
export function clientIdsOf(tree: PermissionTree): number[] {
  return allClients(tree).map((c) => c.clientId);
}
