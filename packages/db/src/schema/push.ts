import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestamptz } from './columns';
import { contacts } from './contacts';

/**
 * A browser's Web Push subscription (RFC 8030, RFC 8291), one per endpoint, belonging to the signed-in contact who
 * turned browser notifications on. The push provider sends a contact's notifications to each of them; one the push
 * service no longer knows (404, 410) is marked expired and sent nothing more, and kept for a while so that the
 * browser's renewal of it can still be handed over by the contact's next visit (then the retention job removes it).
 * A contact keeps a few (the oldest go when there are too many).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idColumn(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The push service's URL for this browser: a capability, unique. */
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_key'),
    /** The browser's P-256 public key (base64url, 65 bytes uncompressed). */
    p256dh: text('p256dh').notNull(),
    /** The browser's authentication secret (base64url, 16 bytes). */
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    /** When a push to it was last accepted by the push service. */
    lastUsedAt: timestamptz('last_used_at'),
    /** When the push service said it no longer knows the subscription (404, 410); null while it is live. */
    expiredAt: timestamptz('expired_at'),
  },
  (t) => [index('push_subscriptions_contact_id_idx').on(t.contactId, t.createdAt)],
);
