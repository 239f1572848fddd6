import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { bookingRequests, clients, contacts, emailActionLinks, locations, permissionEntries } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';

/** Queries of the e-mailed Approve and Reject links. Only the SHA-256 hash of a link's secret is stored. */
export type { Db, DbOrTx } from '@portal/db/client';

export interface NewLink {
  tokenHash: string;
  contactId: number;
  bookingRequestId: number;
  action: 'approve' | 'reject';
  expiresAt: Date;
  createdAt: Date;
}

export async function insertLinks(db: DbOrTx, links: readonly NewLink[]): Promise<void> {
  if (links.length === 0) return;
  await db.insert(emailActionLinks).values([...links]);
}

/** The link of this secret's hash, used or not; undefined when unknown. */
export async function linkByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: emailActionLinks.id,
      contactId: emailActionLinks.contactId,
      requestId: emailActionLinks.bookingRequestId,
      action: emailActionLinks.action,
      expiresAt: emailActionLinks.expiresAt,
      usedAt: emailActionLinks.usedAt,
      firstName: contacts.firstName,
    })
    .from(emailActionLinks)
    .innerJoin(contacts, eq(contacts.id, emailActionLinks.contactId))
    .where(eq(emailActionLinks.tokenHash, tokenHash));
  return row;
}

/** How a request was decided, and by whom (null when the contact is gone); undefined while it waits or is unknown. */
export async function requestDecision(db: DbOrTx, requestId: number) {
  const [row] = await db
    .select({
      status: bookingRequests.status,
      decidedAt: bookingRequests.decidedAt,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
    })
    .from(bookingRequests)
    .leftJoin(contacts, eq(contacts.id, bookingRequests.decidedByContactId))
    .where(eq(bookingRequests.id, requestId));
  if (!row || row.status === 'pending_approval') return undefined;
  return {
    outcome: row.status,
    at: row.decidedAt,
    byName: row.firstName !== null ? `${row.firstName} ${row.lastName ?? ''}`.trim() : null,
  };
}

/**
 * Uses up the link and supersedes every other link of its request, in the caller's transaction. False when the
 * link was used meanwhile (two clicks racing): then nothing changes.
 */
export async function spendLinks(tx: DbOrTx, linkId: string, requestId: number, at: Date): Promise<boolean> {
  const spent = await tx
    .update(emailActionLinks)
    .set({ usedAt: at })
    .where(and(eq(emailActionLinks.id, linkId), isNull(emailActionLinks.usedAt)))
    .returning({ id: emailActionLinks.id });
  if (spent.length === 0) return false;
  await tx
    .update(emailActionLinks)
    .set({ usedAt: at })
    .where(and(eq(emailActionLinks.bookingRequestId, requestId), isNull(emailActionLinks.usedAt)));
  return true;
}

/**
 * Contacts holding any permission entry on the location, its client or the client's group: those who might
 * approve there (the service decides with each one's permission tree).
 */
export async function contactsLinkedTo(db: DbOrTx, locationId: number) {
  const [place] = await db
    .select({ clientId: clients.id, groupId: clients.groupId })
    .from(locations)
    .innerJoin(clients, eq(clients.id, locations.clientId))
    .where(eq(locations.id, locationId));
  if (!place) return [];
  return db
    .selectDistinct({ id: contacts.id, firstName: contacts.firstName, email: contacts.email, language: contacts.language })
    .from(permissionEntries)
    .innerJoin(contacts, eq(contacts.id, permissionEntries.contactId))
    .where(
      or(
        eq(permissionEntries.locationId, locationId),
        eq(permissionEntries.clientId, place.clientId),
        place.groupId !== null ? eq(permissionEntries.groupId, place.groupId) : undefined,
      ),
    )
    .orderBy(contacts.id);
}

/** Every link of these requests (tests and the demo read them). */
export function linksOf(db: DbOrTx, requestIds: readonly number[]) {
  return db
    .select()
    .from(emailActionLinks)
    .where(inArray(emailActionLinks.bookingRequestId, [...requestIds]));
}
