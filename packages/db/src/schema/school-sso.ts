import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns';
import { contacts } from './contacts';
import { clientGroups } from './organisations';

/**
 * A school group's single sign-on: the group's own OpenID Connect provider, set by provider staff. The client
 * secret is stored sealed (AES-256-GCM under the server's `sso-client-secret` purpose key), never in clear.
 */
export const schoolSsoConnections = pgTable('school_sso_connections', {
  id: idColumn(),
  groupId: integer('group_id')
    .notNull()
    .references(() => clientGroups.id, { onDelete: 'cascade' })
    .unique('school_sso_connections_group_id_key'),
  /** The issuer identifier (its discovery document is read from `<issuer>/.well-known/openid-configuration`). */
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** `sealed:v2:<kid>:…` (lib/mail-secret.ts's seal), or null for a public client. */
  clientSecretSealed: text('client_secret_sealed'),
  /** The group's contacts must sign in through it: their passwords are refused. */
  required: boolean('required').notNull().default(false),
  createdAt: createdAt(),
});

/** The e-mail domains whose addresses sign in through a connection; a domain belongs to one group at most. */
export const schoolSsoDomains = pgTable(
  'school_sso_domains',
  {
    domain: text('domain').primaryKey(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => schoolSsoConnections.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('school_sso_domains_connection_id_idx').on(t.connectionId),
    check('school_sso_domains_lower_case', sql`${t.domain} = lower(${t.domain})`),
  ],
);

/** A contact's subject at a group's provider, linked at the first single sign-on by a verified e-mail. */
export const contactSsoLinks = pgTable(
  'contact_sso_links',
  {
    id: idColumn(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('contact_sso_links_issuer_subject_key').on(t.issuer, t.subject),
    unique('contact_sso_links_contact_issuer_key').on(t.contactId, t.issuer),
  ],
);
