import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { contacts, staffUsers } from './contacts';

/**
 * Rotating refresh tokens. A family is one sign-in; reusing a rotated token revokes the whole family.
 * A staff session impersonating a contact carries both staff_user_id and impersonated_contact_id.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique('refresh_tokens_token_hash_key'),
    staffUserId: integer('staff_user_id').references(() => staffUsers.id, { onDelete: 'cascade' }),
    impersonatedContactId: integer('impersonated_contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    familyStartedAt: timestamptz('family_started_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
    expiresAt: timestamptz('expires_at').notNull(),
    rotatedAt: timestamptz('rotated_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    index('refresh_tokens_family_id_idx').on(t.familyId),
    index('refresh_tokens_contact_id_idx').on(t.contactId),
    index('refresh_tokens_expires_at_idx').on(t.expiresAt),
    // The retention job removes revoked tokens some time after their revocation.
    index('refresh_tokens_revoked_at_idx')
      .on(t.revokedAt)
      .where(sql`${t.revokedAt} is not null`),
    check('refresh_tokens_has_subject', sql`${t.contactId} is not null or ${t.staffUserId} is not null`),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('password_reset_tokens_token_hash_key'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('password_reset_tokens_contact_id_idx').on(t.contactId)],
);

/** Brute-force counters (per account, per IP, ...) shared by every server process. */
export const authCounters = pgTable('auth_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStartedAt: timestamptz('window_started_at').notNull().defaultNow(),
  lockedUntil: timestamptz('locked_until'),
});

/** Who did what. No foreign keys on purpose: the trail outlives the rows it talks about. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamptz('at').notNull().defaultNow(),
    contactId: integer('contact_id'),
    staffUserId: integer('staff_user_id'),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    requestId: text('request_id'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_contact_id_at_idx').on(t.contactId, t.at),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_at_idx').on(t.at),
  ],
);
