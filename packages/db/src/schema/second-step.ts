import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestamptz } from './columns';
import { contacts } from './contacts';

/**
 * A contact's authenticator app (TOTP, RFC 6238). The secret is sealed (AES-256-GCM under the server's `totp-secret`
 * key, docs/decisions/024) and is in use once confirmed with a first code. `last_time_step` is the time step of the
 * last code accepted: a code of that step or an earlier one is refused, so a code cannot be replayed.
 */
export const contactTotp = pgTable('contact_totp', {
  contactId: integer('contact_id')
    .primaryKey()
    .references(() => contacts.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: timestamptz('confirmed_at'),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes of a contact's second step, stored only as SHA-256 of the (80-bit random) code. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: idColumn(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_contact_id_idx').on(t.contactId)],
);

/** A contact's passkey (WebAuthn credential), usable as the second step of a password sign-in. */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id (base64url), unique across every contact. */
    id: text('id').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [index('passkeys_contact_id_idx').on(t.contactId)],
);

/**
 * Short-lived, single-use challenges of the second step, bound to one contact and stored only as the SHA-256 of the
 * random id handed out: `second-step` (after the right password, until a code or passkey completes the sign-in),
 * `enrolment` (after the right password when the contact's group requires a second step and none is set up) and
 * `passkey-registration` (a signed-in contact registering a passkey). `webauthn_challenge` is the WebAuthn challenge
 * issued for it, when one was.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    idHash: text('id_hash').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    webauthnChallenge: text('webauthn_challenge'),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_challenges_contact_id_idx').on(t.contactId),
    index('auth_challenges_expires_at_idx').on(t.expiresAt),
    check('auth_challenges_purpose', sql`${t.purpose} in ('second-step', 'enrolment', 'passkey-registration')`),
  ],
);
