import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, time } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { candidates } from './candidates';
import { createdAt, idColumn, timestamptz } from './columns';
import { contacts } from './contacts';
import { timesheetDecisionEnum, timesheetStatusEnum } from './enums';
import { invoices } from './invoices';
import { clients, locations } from './organisations';

export interface TimesheetBreak {
  type: string;
  /** 'HH:mm' local. */
  startTime: string;
  endTime: string;
}

/** What the educator changed before the client saw it: other times, or that the booking did not happen. */
export type CandidateModification =
  { startTimeLocal: string; endTimeLocal: string; breakMinutes: number } | { didNotHappen: true; reason: string };

/** What the school submitted with a 'modified' or 'did_not_happen' decision, kept while the provider settles it. */
export type ClientModification = CandidateModification;

/** The worked hours of one booking, as the educator reports them and the client decides on them. */
export const timesheets = pgTable(
  'timesheets',
  {
    id: idColumn(),
    bookingId: integer('booking_id')
      .notNull()
      .unique('timesheets_booking_id_key')
      .references(() => bookings.id, { onDelete: 'cascade' }),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidates.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    status: timesheetStatusEnum('status').notNull(),
    startTimeLocal: time('start_time_local').notNull(),
    endTimeLocal: time('end_time_local').notNull(),
    startUtc: timestamptz('start_utc').notNull(),
    endUtc: timestamptz('end_utc').notNull(),
    breakMinutes: integer('break_minutes').notNull().default(0),
    breaks: jsonb('breaks').$type<TimesheetBreak[]>().notNull().default([]),
    timesheetMethod: text('timesheet_method'),
    payOptionType: text('pay_option_type'),
    unitType: text('unit_type'),
    isApprovedByCandidate: boolean('is_approved_by_candidate').notNull().default(true),
    candidateModification: jsonb('candidate_modification').$type<CandidateModification>(),
    decision: timesheetDecisionEnum('decision'),
    clientModification: jsonb('client_modification').$type<ClientModification>(),
    decidedByContactId: integer('decided_by_contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('timesheets_client_id_status_idx').on(t.clientId, t.status),
    index('timesheets_candidate_id_idx').on(t.candidateId),
    index('timesheets_location_id_idx').on(t.locationId),
    index('timesheets_invoice_id_idx')
      .on(t.invoiceId)
      .where(sql`${t.invoiceId} is not null`),
    check('timesheets_invoiced_has_invoice', sql`(${t.status} = 'invoiced') = (${t.invoiceId} is not null)`),
  ],
);
