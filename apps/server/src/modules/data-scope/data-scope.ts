import { allClients, scopeOf, type PermissionTree, type Scope } from '@portal/contract/permissions';
import type { PermissionScope } from '@portal/contract/domain';
import { AppError } from '../../lib/app-error';

/**
 * Data scoping of the list and aggregate endpoints (contract `CLIENT_IDS_RULES`): ids from the request are only a
 * filter over the caller's permission tree, never a grant.
 */

export const FORBIDDEN_TEXT = "You don't have sufficient permissions to view this page";

export function forbidden(detail = FORBIDDEN_TEXT): AppError {
  return new AppError('forbidden', { detail });
}

/** The requested clients, all of which must be in the caller's tree (else 403); all clients of the tree when none are asked for. */
export function visibleClients(tree: PermissionTree, requested: readonly number[] | undefined) {
  const clients = allClients(tree);
  if (!requested) return clients;
  const wanted = new Set(requested);
  const visible = clients.filter((c) => wanted.has(c.clientId));
  if (visible.length !== wanted.size) throw forbidden();
  return visible;
}

/** The ids of `visibleClients`: the clients whose data versions name a versioned answer of theirs. */
export function visibleClientIds(tree: PermissionTree, requested: readonly number[] | undefined): number[] {
  return visibleClients(tree, requested).map((c) => c.clientId);
}

/**
 * Whole clients and single locations where the caller may view `scope`, among the requested clients. 403 when a
 * requested client is outside the tree, or when nothing at all is left.
 */
export function viewScope(tree: PermissionTree, scope: PermissionScope, requested: readonly number[] | undefined): Scope {
  const clientIds = visibleClientIds(tree, requested);
  const result = scopeOf(tree, scope, 'view', clientIds);
  if (result.clientIds.length === 0 && result.locationIds.length === 0) throw forbidden();
  return result;
}
