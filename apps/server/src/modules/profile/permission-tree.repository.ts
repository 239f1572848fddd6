import { eq, inArray, or } from 'drizzle-orm';
import { clientGroups, clients, locations, permissionEntries } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';
import { withInheritance, type ClientLink, type PermissionTree } from '@portal/contract/permissions';

/**
 * Builds a contact's permission tree from its entries: a group entry brings the whole group, a client entry the
 * whole client, a location entry that location under its client (and group). Ancestors' entries then flow down.
 */
export async function loadPermissionTree(db: DbOrTx, contactId: number): Promise<PermissionTree> {
  const entries = await db.select().from(permissionEntries).where(eq(permissionEntries.contactId, contactId));
  if (entries.length === 0) return { groups: [], clients: [] };
  const perm = (e: (typeof entries)[number]) => `${e.scope}_${e.modifier}`;
  const groupIds = [...new Set(entries.flatMap((e) => (e.groupId ? [e.groupId] : [])))];
  const clientIds = [...new Set(entries.flatMap((e) => (e.clientId ? [e.clientId] : [])))];
  const locationIds = [...new Set(entries.flatMap((e) => (e.locationId ? [e.locationId] : [])))];

  const locationRows = await db
    .select({ id: locations.id, clientId: locations.clientId, name: locations.name, timeZone: locations.timeZone, tags: locations.tags })
    .from(locations)
    .innerJoin(clients, eq(clients.id, locations.clientId))
    .where(
      or(
        groupIds.length ? inArray(clients.groupId, groupIds) : undefined,
        clientIds.length ? inArray(locations.clientId, clientIds) : undefined,
        locationIds.length ? inArray(locations.id, locationIds) : undefined,
      ),
    )
    .orderBy(locations.name, locations.id);
  const wholeClientIds = new Set(clientIds);
  const reachedClientIds = [...new Set([...clientIds, ...locationRows.map((l) => l.clientId)])];
  const clientRows = await db
    .select({ id: clients.id, name: clients.name, groupId: clients.groupId })
    .from(clients)
    .where(
      or(
        groupIds.length ? inArray(clients.groupId, groupIds) : undefined,
        reachedClientIds.length ? inArray(clients.id, reachedClientIds) : undefined,
      ),
    )
    .orderBy(clients.name, clients.id);
  const allGroupIds = [...new Set([...groupIds, ...clientRows.flatMap((c) => (c.groupId ? [c.groupId] : []))])];
  const groupRows = allGroupIds.length
    ? await db
        .select({ id: clientGroups.id, name: clientGroups.name })
        .from(clientGroups)
        .where(inArray(clientGroups.id, allGroupIds))
        .orderBy(clientGroups.name)
    : [];

  const wholeGroupIds = new Set(groupIds);
  const clientLinks = new Map<number, ClientLink>();
  for (const c of clientRows) {
    const whole = wholeClientIds.has(c.id) || (c.groupId !== null && wholeGroupIds.has(c.groupId));
    clientLinks.set(c.id, {
      clientId: c.id,
      clientName: c.name,
      access: { permissions: entries.filter((e) => e.clientId === c.id).map(perm) },
      locations: locationRows
        .filter((l) => l.clientId === c.id && (whole || locationIds.includes(l.id)))
        .map((l) => ({
          locationId: l.id,
          locationName: l.name,
          timeZone: l.timeZone,
          tags: l.tags,
          access: { permissions: entries.filter((e) => e.locationId === l.id).map(perm) },
        })),
    });
  }
  const tree: PermissionTree = {
    groups: groupRows.map((g) => ({
      groupId: g.id,
      groupName: g.name,
      access: { permissions: entries.filter((e) => e.groupId === g.id).map(perm) },
      clients: clientRows.filter((c) => c.groupId === g.id).map((c) => clientLinks.get(c.id)!),
    })),
    clients: clientRows.filter((c) => c.groupId === null).map((c) => clientLinks.get(c.id)!),
  };
  return withInheritance(tree);
}
