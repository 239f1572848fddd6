import { inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Scope } from '@portal/contract/permissions';

/**
 * The WHERE condition of a scope over a table that carries client_id and location_id: rows of the whole clients
 * or of the single locations. Both columns lead an index of every scoped table, so PostgreSQL can OR two index scans.
 */
export function inScope(clientId: AnyPgColumn, locationId: AnyPgColumn, scope: Scope): SQL {
  return (
    or(
      scope.clientIds.length > 0 ? inArray(clientId, scope.clientIds) : undefined,
      scope.locationIds.length > 0 ? inArray(locationId, scope.locationIds) : undefined,
    ) ?? sql`false`
  );
}
