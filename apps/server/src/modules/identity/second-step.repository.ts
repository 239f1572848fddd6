import { and, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { authChallenges, clientGroups, contactTotp, contacts, passkeys, recoveryCodes } from '@portal/db/schema';
import { queryRows, type DbOrTx } from '@portal/db/client';
import { contactGroupIds, hashSecret } from './identity.repository';

/** Queries of the second sign-in step. Challenges and recovery codes are stored only as SHA-256 hashes. */

export type ChallengePurpose = 'second-step' | 'enrolment' | 'passkey-registration';

export async function insertChallenge(
  db: DbOrTx,
  row: { token: string; contactId: number; purpose: ChallengePurpose; expiresAt: Date; webauthnChallenge?: string },
) {
  await db.insert(authChallenges).values({
    idHash: hashSecret(row.token),
    contactId: row.contactId,
    purpose: row.purpose,
    expiresAt: row.expiresAt,
    webauthnChallenge: row.webauthnChallenge ?? null,
  });
}

/** A live challenge (unused, unexpired) of the purpose, locked for the transaction that may consume it. */
export async function liveChallengeForUpdate(db: DbOrTx, token: string, purpose: ChallengePurpose, at: Date) {
  const [row] = await db
    .select({ idHash: authChallenges.idHash, contactId: authChallenges.contactId, webauthnChallenge: authChallenges.webauthnChallenge })
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.idHash, hashSecret(token)),
        eq(authChallenges.purpose, purpose),
        isNull(authChallenges.consumedAt),
        gt(authChallenges.expiresAt, at),
      ),
    )
    .for('update')
    .limit(1);
  return row;
}

/** The newest live passkey-registration challenge of a contact. */
export async function liveRegistrationChallenge(db: DbOrTx, contactId: number, at: Date) {
  const [row] = await db
    .select({ idHash: authChallenges.idHash, webauthnChallenge: authChallenges.webauthnChallenge })
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.contactId, contactId),
        eq(authChallenges.purpose, 'passkey-registration'),
        isNull(authChallenges.consumedAt),
        gt(authChallenges.expiresAt, at),
      ),
    )
    .orderBy(desc(authChallenges.createdAt))
    .limit(1);
  return row;
}

export async function setWebauthnChallenge(db: DbOrTx, idHash: string, webauthnChallenge: string) {
  await db.update(authChallenges).set({ webauthnChallenge }).where(eq(authChallenges.idHash, idHash));
}

/** Uses a challenge up; false when another request did first. */
export async function consumeChallenge(db: DbOrTx, idHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(authChallenges)
    .set({ consumedAt: at })
    .where(and(eq(authChallenges.idHash, idHash), isNull(authChallenges.consumedAt)))
    .returning({ idHash: authChallenges.idHash });
  return rows.length === 1;
}

/** A contact's challenges past their life or used: nothing in them is needed afterwards (cleared at each new one). */
export async function deleteDeadChallenges(db: DbOrTx, contactId: number, at: Date) {
  await db
    .delete(authChallenges)
    .where(and(eq(authChallenges.contactId, contactId), or(lt(authChallenges.expiresAt, at), isNotNull(authChallenges.consumedAt))));
}

export async function findTotp(db: DbOrTx, contactId: number) {
  const [row] = await db.select().from(contactTotp).where(eq(contactTotp.contactId, contactId)).limit(1);
  return row;
}

/** Starts (or restarts, while unconfirmed) an enrolment with a new sealed secret. */
export async function upsertPendingTotp(db: DbOrTx, contactId: number, secretSealed: string) {
  await db
    .insert(contactTotp)
    .values({ contactId, secretSealed })
    .onConflictDoUpdate({
      target: contactTotp.contactId,
      set: { secretSealed, lastTimeStep: null },
      where: isNull(contactTotp.confirmedAt),
    });
}

/**
 * Records an accepted code's time step, only when it is later than the last accepted one: false when a code of that
 * step (or a later one) was accepted before, so a code cannot be used twice, even by two requests at once.
 */
export async function acceptTimeStep(db: DbOrTx, contactId: number, timeStep: number, confirmAt?: Date): Promise<boolean> {
  const rows = await db
    .update(contactTotp)
    .set({ lastTimeStep: timeStep, ...(confirmAt ? { confirmedAt: confirmAt } : {}) })
    .where(
      and(
        eq(contactTotp.contactId, contactId),
        or(isNull(contactTotp.lastTimeStep), lt(contactTotp.lastTimeStep, timeStep)),
        confirmAt ? isNull(contactTotp.confirmedAt) : isNotNull(contactTotp.confirmedAt),
      ),
    )
    .returning({ contactId: contactTotp.contactId });
  return rows.length === 1;
}

export async function resealTotp(db: DbOrTx, contactId: number, secretSealed: string) {
  await db.update(contactTotp).set({ secretSealed }).where(eq(contactTotp.contactId, contactId));
}

export async function deleteTotp(db: DbOrTx, contactId: number) {
  await db.delete(contactTotp).where(eq(contactTotp.contactId, contactId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.contactId, contactId));
}

export async function replaceRecoveryCodes(db: DbOrTx, contactId: number, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.contactId, contactId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ contactId, codeHash })));
}

/** Uses a recovery code up; false when it is not the contact's or was used. */
export async function useRecoveryCode(db: DbOrTx, contactId: number, code: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(recoveryCodes.contactId, contactId), eq(recoveryCodes.codeHash, hashSecret(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function recoveryCodesLeft(db: DbOrTx, contactId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.contactId, contactId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function listPasskeys(db: DbOrTx, contactId: number) {
  return db.select().from(passkeys).where(eq(passkeys.contactId, contactId)).orderBy(passkeys.createdAt);
}

export async function findPasskey(db: DbOrTx, contactId: number, id: string) {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.contactId, contactId), eq(passkeys.id, id)))
    .limit(1);
  return row;
}

export async function insertPasskey(db: DbOrTx, row: typeof passkeys.$inferInsert) {
  const rows = await db.insert(passkeys).values(row).onConflictDoNothing().returning({ id: passkeys.id });
  return rows.length === 1;
}

export async function passkeyUsed(db: DbOrTx, id: string, signCount: number, at: Date) {
  await db.update(passkeys).set({ signCount, lastUsedAt: at }).where(eq(passkeys.id, id));
}

export async function deletePasskey(db: DbOrTx, contactId: number, id: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.contactId, contactId), eq(passkeys.id, id)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/** What the second step of a contact's sign-in may be: a confirmed authenticator app, passkeys, recovery codes. */
export async function methodsOf(db: DbOrTx, contactId: number) {
  const [row] = await db
    .select({
      totp: sql<boolean>`exists (select 1 from ${contactTotp} where ${contactTotp.contactId} = ${contactId} and ${contactTotp.confirmedAt} is not null)`,
      passkeys: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.contactId} = ${contactId})`,
      recovery: sql<boolean>`exists (select 1 from ${recoveryCodes} where ${recoveryCodes.contactId} = ${contactId} and ${recoveryCodes.usedAt} is null)`,
    })
    .from(contacts)
    .where(eq(contacts.id, contactId));
  return { totp: Boolean(row?.totp), passkeys: Boolean(row?.passkeys), recovery: Boolean(row?.recovery) };
}

/**
 * Whether any group the contact belongs to requires a second step: a permission entry on the group itself, on one of
 * its clients, or on a location of one of them.
 */
export async function groupRequiresSecondStep(db: DbOrTx, contactId: number): Promise<boolean> {
  const rows = await queryRows<{ required: boolean }>(
    db,
    sql`select exists (
          select 1 from client_groups g where g.second_step_required and g.id in ${contactGroupIds(contactId)}
        ) as required`,
  );
  return rows[0]?.required === true;
}

/** Whether the group requires a second step of its contacts; undefined when there is no such group. */
export async function groupRequirement(db: DbOrTx, groupId: number): Promise<boolean | undefined> {
  const [row] = await db
    .select({ required: clientGroups.secondStepRequired })
    .from(clientGroups)
    .where(eq(clientGroups.id, groupId))
    .limit(1);
  return row?.required;
}

/** Sets whether the group requires a second step; false when there is no such group. */
export async function setGroupRequirement(db: DbOrTx, groupId: number, required: boolean): Promise<boolean> {
  const rows = await db
    .update(clientGroups)
    .set({ secondStepRequired: required })
    .where(eq(clientGroups.id, groupId))
    .returning({ id: clientGroups.id });
  return rows.length === 1;
}
