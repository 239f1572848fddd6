import { date, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns';
import { contacts } from './contacts';
import { absenceReasonEnum } from './enums';
import { locations } from './organisations';

/**
 * A day the contact (usually a teacher) will be away: "my availability". At a location with replace-me, a day
 * away today or tomorrow can become a replace-me request.
 */
export const contactDaysAway = pgTable(
  'contact_days_away',
  {
    id: idColumn(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    dateLocal: date('date_local', { mode: 'string' }).notNull(),
    /** Where the contact would have worked that day (optional). */
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    reason: absenceReasonEnum('reason').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  // The unique constraint's index also serves the list by contact and date.
  (t) => [unique('contact_days_away_contact_date_key').on(t.contactId, t.dateLocal)],
);
