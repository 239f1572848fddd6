import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { candidates } from './candidates';
import { bookingContacts, certifications, classifications } from './catalogue';
import { createdAt, idColumn, timestamptz } from './columns';
import { contacts, staffUsers } from './contacts';
import { absenceReasonEnum, bookingRequestStatusEnum, bookingStatusEnum, replaceMeStatusEnum } from './enums';
import { clients, locations } from './organisations';

/**
 * What a contact submitted: one classification, times and people to confirm, for one or more dates. Each date
 * (and each head when bookings_per_day > 1) becomes a row of bookings.
 */
export const bookingRequests = pgTable(
  'booking_requests',
  {
    id: idColumn(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    createdByContactId: integer('created_by_contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    createdByStaffUserId: integer('created_by_staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    status: bookingRequestStatusEnum('status').notNull(),
    classificationId: integer('classification_id')
      .notNull()
      .references(() => classifications.id),
    gradeIds: integer('grade_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    startTimeLocal: time('start_time_local').notNull(),
    endTimeLocal: time('end_time_local').notNull(),
    breakMinutes: integer('break_minutes').notNull().default(0),
    isFullDay: boolean('is_full_day').notNull().default(true),
    bookingsPerDay: integer('bookings_per_day').notNull().default(1),
    /** The absent staff member being covered, if any (a contact or just a name). */
    coveringContactId: integer('covering_contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    coveringName: text('covering_name'),
    absenceReason: absenceReasonEnum('absence_reason'),
    room: text('room'),
    notes: text('notes'),
    policiesAgreedAt: timestamptz('policies_agreed_at'),
    /** Block bookings share a reference such as 'BLK-…'; each booking then has its position of the total. */
    seriesReference: text('series_reference'),
    decidedByContactId: integer('decided_by_contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    rejectReason: text('reject_reason'),
    /** The educator the school asked for (a favourite or one who worked there); the provider tries them first. */
    requestedCandidateId: integer('requested_candidate_id').references(() => candidates.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('booking_requests_client_id_status_created_at_idx').on(t.clientId, t.status, t.createdAt),
    index('booking_requests_location_id_idx').on(t.locationId),
    index('booking_requests_created_by_contact_id_idx').on(t.createdByContactId),
    index('booking_requests_series_reference_idx')
      .on(t.seriesReference)
      .where(sql`${t.seriesReference} is not null`),
    check('booking_requests_times', sql`${t.endTimeLocal} > ${t.startTimeLocal}`),
    check('booking_requests_bookings_per_day', sql`${t.bookingsPerDay} >= 1`),
  ],
);

export const bookingRequestCertifications = pgTable(
  'booking_request_certifications',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => bookingRequests.id, { onDelete: 'cascade' }),
    certificationId: integer('certification_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'booking_request_certifications_pk', columns: [t.requestId, t.certificationId] })],
);

/** Who is told about a request, and how. */
export const bookingConfirmations = pgTable(
  'booking_confirmations',
  {
    id: idColumn(),
    requestId: integer('request_id')
      .notNull()
      .references(() => bookingRequests.id, { onDelete: 'cascade' }),
    bookingContactId: integer('booking_contact_id')
      .notNull()
      .references(() => bookingContacts.id, { onDelete: 'cascade' }),
    email: boolean('email').notNull().default(false),
    sms: boolean('sms').notNull().default(false),
    voice: boolean('voice').notNull().default(false),
    push: boolean('push').notNull().default(false),
  },
  (t) => [
    index('booking_confirmations_request_id_idx').on(t.requestId),
    index('booking_confirmations_booking_contact_id_idx').on(t.bookingContactId),
  ],
);

/**
 * One booked day (per head). client_id and location_id are copied from the request so scoped lists need no join;
 * times are kept as the location's local date and times, its zone, and the UTC instants.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: idColumn(),
    requestId: integer('request_id')
      .notNull()
      .references(() => bookingRequests.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    dateLocal: date('date_local', { mode: 'string' }).notNull(),
    startTimeLocal: time('start_time_local').notNull(),
    endTimeLocal: time('end_time_local').notNull(),
    timeZone: text('time_zone').notNull(),
    startUtc: timestamptz('start_utc').notNull(),
    endUtc: timestamptz('end_utc').notNull(),
    breakMinutes: integer('break_minutes').notNull().default(0),
    status: bookingStatusEnum('status').notNull(),
    candidateId: integer('candidate_id').references(() => candidates.id, { onDelete: 'set null' }),
    seriesPosition: integer('series_position'),
    seriesTotal: integer('series_total'),
    extendedFromBookingId: integer('extended_from_booking_id').references((): AnyPgColumn => bookings.id, {
      onDelete: 'set null',
    }),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamptz('cancelled_at'),
    cancelledByContactId: integer('cancelled_by_contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    feedbackCompleted: boolean('feedback_completed').notNull().default(false),
    /** When an educator was assigned (unfilled → filled); null while unfilled and for bookings filled before it was kept. */
    filledAt: timestamptz('filled_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('bookings_client_id_date_local_idx').on(t.clientId, t.dateLocal),
    index('bookings_location_id_date_local_idx').on(t.locationId, t.dateLocal),
    index('bookings_client_id_status_date_local_idx').on(t.clientId, t.status, t.dateLocal),
    index('bookings_candidate_id_date_local_idx').on(t.candidateId, t.dateLocal),
    index('bookings_request_id_idx').on(t.requestId),
    // The provider simulator looks for open bookings across all clients.
    index('bookings_status_date_local_idx').on(t.status, t.dateLocal),
    check('bookings_times', sql`${t.endUtc} > ${t.startUtc}`),
    check(
      'bookings_series_position',
      sql`(${t.seriesPosition} is null) = (${t.seriesTotal} is null) and (${t.seriesPosition} is null or ${t.seriesPosition} between 1 and ${t.seriesTotal})`,
    ),
  ],
);

export const feedback = pgTable(
  'feedback',
  {
    id: idColumn(),
    bookingId: integer('booking_id')
      .notNull()
      .unique('feedback_booking_id_key')
      .references(() => bookings.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    wouldRebook: boolean('would_rebook'),
    createdAt: createdAt(),
  },
  (t) => [check('feedback_rating_range', sql`${t.rating} between 1 and 5`)],
);

/** A teacher asking for a replacement for today or the next school day (spec §4 replace-me states). */
export const replaceMeRequests = pgTable(
  'replace_me_requests',
  {
    id: idColumn(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    selectedDay: date('selected_day', { mode: 'string' }).notNull(),
    isNextMonday: boolean('is_next_monday').notNull().default(false),
    status: replaceMeStatusEnum('status').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('replace_me_requests_contact_id_client_id_idx').on(t.contactId, t.clientId, t.selectedDay),
    index('replace_me_requests_location_id_idx').on(t.locationId),
  ],
);

/**
 * A request to the provider's office to cancel a booking that cannot be cancelled online (an educator is assigned,
 * or it has started). One per booking: the office acts on the first, and a second would only send it the same e-mail
 * again, so the unique index refuses it even when two arrive at once.
 */
export const cancellationRequests = pgTable(
  'cancellation_requests',
  {
    id: idColumn(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    staffUserId: integer('staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    requesterName: text('requester_name').notNull(),
    reason: text('reason').notNull(),
    sentTo: text('sent_to').notNull(),
    requestedAt: timestamptz('requested_at').notNull(),
  },
  (t) => [uniqueIndex('cancellation_requests_booking_id_key').on(t.bookingId)],
);
