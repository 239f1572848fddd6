import { or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Scope } from '@portal/contract/permissions';

/** `column = any($n::int[])`: one parameter for the whole list, so the text is the same whatever its length. */
function inIds(column: AnyPgColumn | SQLWrapper, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::int[])`;
}

/**
 * The WHERE condition of a scope over a table that carries client_id and location_id: rows of the whole clients
 * or of the single locations. The columns may be raw SQL (`sql`b.client_id`` in a hand-written query). Both columns lead an index of every scoped table, so PostgreSQL can OR two index scans.
 * Each list is one array parameter (not `in ($1, $2, …)`): a group's scope names many clients, and every id was a
 * parameter Drizzle had to build and PostgreSQL to parse, with a different statement text for each length.
 */
export function inScope(clientId: AnyPgColumn | SQLWrapper, locationId: AnyPgColumn | SQLWrapper, scope: Scope): SQL {
  return (
    or(
      scope.clientIds.length > 0 ? inIds(clientId, scope.clientIds) : undefined,
      scope.locationIds.length > 0 ? inIds(locationId, scope.locationIds) : undefined,
    ) ?? sql`false`
  );
}
