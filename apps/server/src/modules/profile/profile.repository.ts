import { eq } from 'drizzle-orm';
import { contacts } from '@portal/db/schema';
import type { Db } from '@portal/db/client';
import type { Locale } from '@portal/contract/domain';

/** Stores the contact's language; false when there is no such contact. */
export async function updateContactLanguage(db: Db, contactId: number, language: Locale, at: Date): Promise<boolean> {
  const rows = await db
    .update(contacts)
    .set({ language, lastUpdated: at })
    .where(eq(contacts.id, contactId))
    .returning({ id: contacts.id });
  return rows.length > 0;
}
