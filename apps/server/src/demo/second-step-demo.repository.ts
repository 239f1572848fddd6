import { eq, sql } from 'drizzle-orm';
import { contacts, contactTotp, permissionEntries } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';

/**
 * The demo account with two-step sign-in already on (README → Demo accounts): a contact of the same school, with the
 * same password and permissions as `like`, and a confirmed authenticator app whose secret is public (it is the demo).
 * Added once; a world that has it is left alone.
 */
export async function ensureSecondStepContact(
  db: DbOrTx,
  account: { email: string; like: string; secretSealed: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(sql`lower(${contacts.email}) = ${account.email}`)
      .limit(1);
    if (existing) return false;
    const [model] = await tx
      .select()
      .from(contacts)
      .where(sql`lower(${contacts.email}) = ${account.like}`)
      .limit(1);
    if (!model) return false;
    const [made] = await tx
      .insert(contacts)
      .values({
        firstName: 'Tomasz',
        lastName: 'Nowak',
        email: account.email,
        passwordHash: model.passwordHash,
        language: model.language,
        phone: model.phone,
      })
      .returning({ id: contacts.id });
    const entries = await tx.select().from(permissionEntries).where(eq(permissionEntries.contactId, model.id));
    if (entries.length > 0) {
      await tx.insert(permissionEntries).values(
        entries.map((e) => ({
          contactId: made!.id,
          groupId: e.groupId,
          clientId: e.clientId,
          locationId: e.locationId,
          scope: e.scope,
          modifier: e.modifier,
        })),
      );
    }
    await tx.insert(contactTotp).values({ contactId: made!.id, secretSealed: account.secretSealed, confirmedAt: sql`now()` });
    return true;
  });
}
