import { sql } from 'drizzle-orm';
import { bookingContacts, clientGroups, clients, contacts, locations, permissionEntries } from '@portal/db/schema';
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
  const [location] = await db.insert(locations).values(rows.location(client!.id)).returning({ id: locations.id });
  const [contact] = await db.insert(contacts).values(rows.contact).returning({ id: contacts.id });
  const grants = rows.grants(group!.id, contact!.id);
  await db.insert(permissionEntries).values(grants);
  const equipped = await equipLikeCountry(db, { clientId: client!.id, locationId: location!.id, contactId: contact!.id, country: 'GB' });
  return { client_groups: 1, clients: 1, locations: 1, contacts: 1, permission_entries: grants.length, ...equipped };
}

/**
 * Makes the new school bookable as the world's first school of its country is: its classifications, grades and the
 * certifications of its first site, and two booking contacts (the admin and the office).
 */
async function equipLikeCountry(
  db: DbOrTx,
  to: { clientId: number; locationId: number; contactId: number; country: string },
): Promise<Record<string, number>> {
  const model = sql`(select id from clients where country = ${to.country} and id <> ${to.clientId} order by id limit 1)`;
  const copied = await queryRows<{ classifications: number; grades: number; certifications: number }>(
    db,
    sql`
    with c as (
      insert into classifications (client_id, online_title, rate_unit_type, minimum_duration_in_mins, earliest_end_time_24hr,
        default_break_in_mins, should_show_breaks, active)
      select ${to.clientId}, online_title, rate_unit_type, minimum_duration_in_mins, earliest_end_time_24hr, default_break_in_mins,
        should_show_breaks, active from classifications where client_id = ${model} order by id returning 1
    ), g as (
      insert into grades (client_id, title, sort_order)
      select ${to.clientId}, title, sort_order from grades where client_id = ${model} order by sort_order, id returning 1
    ), l as (
      insert into location_certifications (location_id, certification_id)
      select ${to.locationId}, certification_id from location_certifications
      where location_id = (select min(id) from locations where client_id = ${model}) returning 1
    )
    select (select count(*)::int from c) as classifications, (select count(*)::int from g) as grades,
      (select count(*)::int from l) as certifications`,
  );
  await db.insert(bookingContacts).values([
    {
      locationId: to.locationId,
      contactId: to.contactId,
      name: 'Samira Okafor',
      email: 'sso.admin@trust.demo.test',
      mobile: '+447700900123',
      canReceiveVoice: true,
    },
    { locationId: to.locationId, name: 'Northgate Academy office', email: 'office@trust.demo.test', mobile: '+447700900456' },
  ]);
  const n = copied[0]!;
  return { classifications: n.classifications, grades: n.grades, location_certifications: n.certifications, booking_contacts: 2 };
}
