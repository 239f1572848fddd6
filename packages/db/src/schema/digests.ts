import { date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { contacts } from './contacts';

/**
 * The weekly digest e-mails sent: one row per contact and ISO week (its Monday), claimed in the transaction that
 * queues the mail, so a second run of the same week (another server, a retry) finds it taken and sends nothing.
 */
export const weeklyDigestSends = pgTable(
  'weekly_digest_sends',
  {
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    weekOf: date('week_of', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'weekly_digest_sends_pk', columns: [t.contactId, t.weekOf] })],
);
