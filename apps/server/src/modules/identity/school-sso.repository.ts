import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { contactSsoLinks, contacts, schoolSsoConnections, schoolSsoDomains } from '@portal/db/schema';
import { queryRows, type DbOrTx } from '@portal/db/client';
import { contactGroupIds } from './identity.repository';

/** Queries of school single sign-on: connections by domain, contacts' linked subjects, group membership. */

export interface ConnectionRow {
  id: number;
  groupId: number;
  issuer: string;
  clientId: string;
  clientSecretSealed: string | null;
  required: boolean;
}

const connectionColumns = {
  id: schoolSsoConnections.id,
  groupId: schoolSsoConnections.groupId,
  issuer: schoolSsoConnections.issuer,
  clientId: schoolSsoConnections.clientId,
  clientSecretSealed: schoolSsoConnections.clientSecretSealed,
  required: schoolSsoConnections.required,
};

/** The connection an e-mail domain belongs to, if any: one indexed lookup whatever the answer. */
export async function findConnectionByDomain(db: DbOrTx, domain: string): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select(connectionColumns)
    .from(schoolSsoDomains)
    .innerJoin(schoolSsoConnections, eq(schoolSsoConnections.id, schoolSsoDomains.connectionId))
    .where(eq(schoolSsoDomains.domain, domain))
    .limit(1);
  return row;
}

export async function findConnection(db: DbOrTx, id: number): Promise<ConnectionRow | undefined> {
  const [row] = await db.select(connectionColumns).from(schoolSsoConnections).where(eq(schoolSsoConnections.id, id)).limit(1);
  return row;
}

/** Replaces the connection's sealed client secret by the same secret sealed again, if it still holds `was`. */
export async function resealClientSecret(db: DbOrTx, id: number, was: string, sealed: string): Promise<void> {
  await db
    .update(schoolSsoConnections)
    .set({ clientSecretSealed: sealed })
    .where(and(eq(schoolSsoConnections.id, id), eq(schoolSsoConnections.clientSecretSealed, was)));
}

export async function connectionDomains(db: DbOrTx, connectionId: number): Promise<string[]> {
  const rows = await db
    .select({ domain: schoolSsoDomains.domain })
    .from(schoolSsoDomains)
    .where(eq(schoolSsoDomains.connectionId, connectionId));
  return rows.map((r) => r.domain);
}

/** Sets a group's connection and its domains (a domain of another group's connection fails the unique key). */
export async function upsertConnection(
  db: DbOrTx,
  values: { groupId: number; issuer: string; clientId: string; clientSecretSealed: string | null; required: boolean; domains: string[] },
): Promise<number> {
  const { domains, ...connection } = values;
  const [row] = await db
    .insert(schoolSsoConnections)
    .values(connection)
    .onConflictDoUpdate({ target: schoolSsoConnections.groupId, set: connection })
    .returning({ id: schoolSsoConnections.id });
  const id = row!.id;
  await db.delete(schoolSsoDomains).where(eq(schoolSsoDomains.connectionId, id));
  if (domains.length > 0) await db.insert(schoolSsoDomains).values(domains.map((domain) => ({ domain, connectionId: id })));
  return id;
}

export async function findGroupIdByName(db: DbOrTx, name: string): Promise<number | undefined> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from client_groups where name = ${name} order by id limit 1`);
  return rows[0]?.id;
}

/** The contact linked to this subject of this issuer. */
export async function findLinkedContact(db: DbOrTx, issuer: string, subject: string): Promise<number | undefined> {
  const [row] = await db
    .select({ contactId: contactSsoLinks.contactId })
    .from(contactSsoLinks)
    .where(and(eq(contactSsoLinks.issuer, issuer), eq(contactSsoLinks.subject, subject)))
    .limit(1);
  return row?.contactId;
}

/** The contact of this e-mail address (any case) and whether it is already linked to a subject of this issuer. */
export async function findContactForLink(db: DbOrTx, email: string, issuer: string) {
  const [row] = await db
    .select({
      id: contacts.id,
      linked: sql<boolean>`exists (select 1 from ${contactSsoLinks} l where l.contact_id = ${contacts.id} and l.issuer = ${issuer})`,
    })
    .from(contacts)
    .where(sql`lower(${contacts.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

/** Links the subject to the contact; false when the contact or the subject was linked meanwhile. */
export async function linkSubject(db: DbOrTx, contactId: number, issuer: string, subject: string): Promise<boolean> {
  const rows = await db
    .insert(contactSsoLinks)
    .values({ contactId, issuer, subject })
    .onConflictDoNothing()
    .returning({ id: contactSsoLinks.id });
  return rows.length === 1;
}

/** Whether the contact holds a permission anywhere in the group: on it, on one of its clients or their locations. */
export async function contactInGroup(db: DbOrTx, contactId: number, groupId: number): Promise<boolean> {
  const rows = await queryRows<{ member: boolean }>(
    db,
    sql`select exists (select 1 where ${groupId}::int in ${contactGroupIds(contactId)}) as member`,
  );
  return rows[0]?.member === true;
}

/** Whether the contact holds a permission in a group whose connection requires single sign-on. */
export async function contactInRequiredGroup(db: DbOrTx, contactId: number): Promise<boolean> {
  const rows = await queryRows<{ required: boolean }>(
    db,
    sql`select exists (
          select 1 from school_sso_connections s where s.required and s.group_id in ${contactGroupIds(contactId)}
        ) as required`,
  );
  return rows[0]?.required === true;
}

export async function groupExists(db: DbOrTx, groupId: number): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(db, sql`select exists (select 1 from client_groups where id = ${groupId}) as found`);
  return rows[0]?.found === true;
}

/** Of these domains, those held by the connection of another group. */
export async function domainsHeldElsewhere(db: DbOrTx, groupId: number, domains: readonly string[]): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domain: schoolSsoDomains.domain })
    .from(schoolSsoDomains)
    .innerJoin(schoolSsoConnections, eq(schoolSsoConnections.id, schoolSsoDomains.connectionId))
    .where(and(inArray(schoolSsoDomains.domain, [...domains]), ne(schoolSsoConnections.groupId, groupId)));
  return rows.map((r) => r.domain).sort();
}
