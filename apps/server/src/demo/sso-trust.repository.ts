import { sql } from 'drizzle-orm';
import { clientGroups, clients, contacts, locations, permissionEntries } from '@portal/db/schema';
import { queryRows, type DbOrTx } from '@portal/db/client';
import type { InsertRow } from './world-rows.repository';

/** Writes of the SSO trust (sso-trust.ts): its group, school, site, contact and the contact's permissions. */

export async function findGroupByName(db: DbOrTx, name: string): Promise<number | undefined> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from client_groups where name = ${name} order by id limit 1`);
  return rows[0]?.id;
}

export async function insertTrust(
  db: DbOrTx,
  rows: {
    group: InsertRow<'clientGroups'>;
    client: (groupId: number) => InsertRow<'clients'>;
    location: (clientId: number) => InsertRow<'locations'>;
    contact: InsertRow<'contacts'>;
    grants: (groupId: number, contactId: number) => InsertRow<'permissionEntries'>[];
  },
): Promise<Record<string, number>> {
  const [group] = await db.insert(clientGroups).values(rows.group).returning({ id: clientGroups.id });
  const [client] = await db.insert(clients).values(rows.client(group!.id)).returning({ id: clients.id });
  await db.insert(locations).values(rows.location(client!.id));
  const [contact] = await db.insert(contacts).values(rows.contact).returning({ id: contacts.id });
  const grants = rows.grants(group!.id, contact!.id);
  await db.insert(permissionEntries).values(grants);
  return { client_groups: 1, clients: 1, locations: 1, contacts: 1, permission_entries: grants.length };
}
