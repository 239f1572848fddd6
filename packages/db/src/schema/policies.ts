import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { contacts } from './contacts';
import { clients } from './organisations';

/**
 * A contact's acceptance of a client's booking policies, one row per version accepted: the version is a
 * fingerprint of the policy text (a changed text is a new version, asked for again). The first acceptance of a
 * version is kept; it is written with the booking request that agreed to it.
 */
export const policyAcceptances = pgTable(
  'policy_acceptances',
  {
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    policiesVersion: text('policies_version').notNull(),
    acceptedAt: timestamptz('accepted_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'policy_acceptances_pk', columns: [t.contactId, t.clientId, t.policiesVersion] }),
    index('policy_acceptances_client_id_idx').on(t.clientId),
  ],
);
