import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gte, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { contacts, passwordResetTokens, refreshTokens, staffUsers, auditLog } from '@portal/db/schema';
import type { Db, DbOrTx } from '@portal/db/client';
import { deleteInBatches } from '../../lib/retention.repository';

/** Queries of the identity module. Secrets (refresh, reset and unlock tokens) are stored only as SHA-256 hashes. */

/**
 * The groups a contact belongs to, as a subquery of group ids: a permission entry on the group itself, on one of its
 * clients, or on a location of one of them. Single sign-on and the second step's requirement both go by it.
 */
export function contactGroupIds(contactId: number): SQL {
  return sql`(select coalesce(p.group_id, c.group_id, lc.group_id) from permission_entries p
    left join clients c on c.id = p.client_id
    left join locations l on l.id = p.location_id
    left join clients lc on lc.id = l.client_id
    where p.contact_id = ${contactId})`;
}

export function newSecret(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecret(token) };
}

export function hashSecret(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function findContactByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      id: contacts.id,
      email: contacts.email,
      passwordHash: contacts.passwordHash,
      firstName: contacts.firstName,
      language: contacts.language,
    })
    .from(contacts)
    .where(sql`lower(${contacts.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findContactAuthState(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: contacts.id, tokensNotBefore: contacts.tokensNotBefore, passwordHash: contacts.passwordHash, email: contacts.email })
    .from(contacts)
    .where(eq(contacts.id, id))
    .limit(1);
  return row;
}

export async function findStaffByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(sql`lower(${staffUsers.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findStaffBySubject(db: DbOrTx, subject: string) {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.oidcSubject, subject)).limit(1);
  return row;
}

/** Binds the identity provider's subject to a staff user that has none yet; false when one was already bound. */
export async function linkStaffSubject(db: DbOrTx, staffUserId: number, subject: string): Promise<boolean> {
  const rows = await db
    .update(staffUsers)
    .set({ oidcSubject: subject })
    .where(and(eq(staffUsers.id, staffUserId), isNull(staffUsers.oidcSubject)))
    .returning({ id: staffUsers.id });
  return rows.length > 0;
}

export async function findStaff(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.name })
    .from(staffUsers)
    .where(eq(staffUsers.id, id))
    .limit(1);
  return row;
}

export interface FamilySubject {
  contactId?: number | null;
  staffUserId?: number | null;
}

/** Starts a sign-in (a refresh-token family) and returns its first token. */
export async function startFamily(
  db: DbOrTx,
  subject: FamilySubject,
  lifetime: { idleSeconds: number; absoluteSeconds: number },
  at: Date,
) {
  const familyId = randomUUID();
  const { token, hash } = newSecret();
  const now = at.getTime();
  await db.insert(refreshTokens).values({
    contactId: subject.contactId ?? null,
    staffUserId: subject.staffUserId ?? null,
    familyId,
    tokenHash: hash,
    familyStartedAt: new Date(now),
    lastUsedAt: new Date(now),
    expiresAt: new Date(now + Math.min(lifetime.idleSeconds, lifetime.absoluteSeconds) * 1000),
  });
  return { familyId, token };
}

export async function findRefreshTokenForUpdate(db: DbOrTx, token: string) {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashSecret(token)))
    .for('update')
    .limit(1);
  return row;
}

/**
 * The family's live token (neither rotated nor revoked) if it was issued at or after `since`, locked for the
 * caller's transaction: the successor of a token rotated at `since`, or of a later rotation.
 */
export async function findLiveTokenIssuedSinceForUpdate(db: DbOrTx, familyId: string, since: Date) {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gte(refreshTokens.lastUsedAt, since),
      ),
    )
    .for('update')
    .limit(1);
  return row;
}

export async function rotateRefreshToken(
  db: DbOrTx,
  current: typeof refreshTokens.$inferSelect,
  lifetime: { idleSeconds: number; absoluteSeconds: number },
  at: Date,
) {
  const now = at.getTime();
  await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date(now) })
    .where(eq(refreshTokens.id, current.id));
  const { token, hash } = newSecret();
  const absoluteEnd = current.familyStartedAt.getTime() + lifetime.absoluteSeconds * 1000;
  await db.insert(refreshTokens).values({
    contactId: current.contactId,
    staffUserId: current.staffUserId,
    impersonatedContactId: current.impersonatedContactId,
    familyId: current.familyId,
    tokenHash: hash,
    familyStartedAt: current.familyStartedAt,
    lastUsedAt: new Date(now),
    expiresAt: new Date(Math.min(now + lifetime.idleSeconds * 1000, absoluteEnd)),
  });
  return token;
}

export async function revokeFamily(db: DbOrTx, familyId: string, at: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every sign-in of a contact, except `keepFamilyId` when given. */
export async function revokeContactFamilies(db: DbOrTx, contactId: number, at: Date, keepFamilyId?: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.contactId, contactId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
}

export async function isFamilyActive(db: DbOrTx, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  return (row?.n ?? 0) > 0;
}

/** Every access token issued so far stops working: the contact's token version goes up by one (returned). */
export async function endAccessTokens(db: DbOrTx, contactId: number): Promise<number> {
  const [row] = await db
    .update(contacts)
    .set({ tokenVersion: sql`${contacts.tokenVersion} + 1`, tokensNotBefore: sql`now()` })
    .where(eq(contacts.id, contactId))
    .returning({ tokenVersion: contacts.tokenVersion });
  return row?.tokenVersion ?? 0;
}

/** The token version a new access token of the contact is issued under. */
export async function tokenVersion(db: DbOrTx, contactId: number): Promise<number> {
  const [row] = await db.select({ tokenVersion: contacts.tokenVersion }).from(contacts).where(eq(contacts.id, contactId)).limit(1);
  return row?.tokenVersion ?? 0;
}

export async function setPassword(db: DbOrTx, contactId: number, passwordHash: string, at: Date) {
  await db.update(contacts).set({ passwordHash, lastUpdated: at }).where(eq(contacts.id, contactId));
}

/**
 * Adds a reset link for the contact with this e-mail, if there is one. One statement either way, so a request
 * for an unknown e-mail does the same database work as one for a known e-mail.
 */
export async function createResetToken(db: DbOrTx, email: string, ttlMinutes: number): Promise<string> {
  const { token, hash } = newSecret();
  await db.execute(sql`
    insert into ${passwordResetTokens} (contact_id, token_hash, expires_at)
    select ${contacts.id}, ${hash}, now() + make_interval(mins => ${ttlMinutes}) from ${contacts}
    where lower(${contacts.email}) = ${email.trim().toLowerCase()}`);
  return token;
}

const liveResetToken = (token: string) =>
  and(
    eq(passwordResetTokens.tokenHash, hashSecret(token)),
    isNull(passwordResetTokens.usedAt),
    sql`${passwordResetTokens.expiresAt} > now()`,
  );

/** The contact of a reset link that still works, without using it up. */
export async function findResetToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ contactId: passwordResetTokens.contactId })
    .from(passwordResetTokens)
    .where(liveResetToken(token))
    .limit(1);
  return row;
}

export async function consumeResetToken(db: DbOrTx, token: string) {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(liveResetToken(token))
    .returning({ contactId: passwordResetTokens.contactId });
  return row;
}

/** Ends every reset link of the contact that is still outstanding. */
export async function endResetTokens(db: DbOrTx, contactId: number) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.contactId, contactId), isNull(passwordResetTokens.usedAt)));
}

/** Stores the hash of a new unlock link (replacing an earlier one), valid for `ttlHours`. */
export async function setUnlockToken(db: DbOrTx, contactId: number, hash: string, ttlHours: number) {
  await db
    .update(contacts)
    .set({ unlockTokenHash: hash, unlockTokenExpiresAt: sql`now() + make_interval(hours => ${ttlHours})` })
    .where(eq(contacts.id, contactId));
}

export async function clearUnlockToken(db: DbOrTx, contactId: number) {
  await db.update(contacts).set({ unlockTokenHash: null, unlockTokenExpiresAt: null, lockedUntil: null }).where(eq(contacts.id, contactId));
}

/** Uses up an unlock link that has not expired: the contact it belonged to, or nothing. */
export async function consumeUnlockToken(db: DbOrTx, token: string) {
  const [row] = await db
    .update(contacts)
    .set({ unlockTokenHash: null, unlockTokenExpiresAt: null, lockedUntil: null })
    .where(and(eq(contacts.unlockTokenHash, hashSecret(token)), sql`${contacts.unlockTokenExpiresAt} > now()`))
    .returning({ id: contacts.id, email: contacts.email });
  return row;
}

export interface AuditEntry {
  contactId?: number | null;
  staffUserId?: number | null;
  action: string;
  entityType?: string;
  entityId?: string;
  details?: Record<string, unknown>;
  requestId?: string;
  ip?: string;
}

/** The contacts a staff sign-in (refresh family) impersonated, as its audit rows say. */
export async function impersonatedInFamily(db: DbOrTx, familyId: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ contactId: auditLog.contactId })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'impersonation.started'), sql`${auditLog.details}->>'familyId' = ${familyId}`));
  return rows.map((r) => r.contactId).filter((id): id is number => id !== null);
}

export async function audit(db: DbOrTx, entry: AuditEntry) {
  await db.insert(auditLog).values({
    contactId: entry.contactId ?? null,
    staffUserId: entry.staffUserId ?? null,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    details: entry.details ?? null,
    requestId: entry.requestId ?? null,
    ip: entry.ip ?? null,
  });
}

/** Refresh tokens that expired, or were revoked, before `before` (the retention job). */
export function pruneRefreshTokens(db: Db, before: Date): Promise<number> {
  const at = before.toISOString();
  return deleteInBatches(db, sql`refresh_tokens`, sql`(expires_at < ${at} or revoked_at < ${at})`);
}

/** Audit entries written before `before` (the retention job). */
export function pruneAuditLog(db: Db, before: Date): Promise<number> {
  return deleteInBatches(db, sql`audit_log`, sql`at < ${before.toISOString()}`);
}
