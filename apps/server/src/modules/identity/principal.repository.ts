import { eq } from 'drizzle-orm';
import { contacts } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';

/** What every authenticated request needs of its contact (see principal-cache.ts). */
export type ContactRecord = Pick<
  typeof contacts.$inferSelect,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'language'
  | 'isClientGroupOverviewEnabled'
  | 'standardBookings'
  | 'lastUpdated'
  | 'tokenVersion'
  | 'features'
>;

export async function findPrincipalContact(db: DbOrTx, id: number): Promise<ContactRecord | undefined> {
  const [row] = await db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      email: contacts.email,
      language: contacts.language,
      isClientGroupOverviewEnabled: contacts.isClientGroupOverviewEnabled,
      standardBookings: contacts.standardBookings,
      lastUpdated: contacts.lastUpdated,
      tokenVersion: contacts.tokenVersion,
      features: contacts.features,
    })
    .from(contacts)
    .where(eq(contacts.id, id))
    .limit(1);
  return row;
}
