import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, time, unique } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns';
import { contacts } from './contacts';
import { rateUnitTypeEnum } from './enums';
import { clients, locations } from './organisations';

/** Pay classes a client can book (GET clients/{id}/pay-classes); extra validation columns are null when unused. */
export const classifications = pgTable(
  'classifications',
  {
    id: idColumn(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    onlineTitle: text('online_title').notNull(),
    rateUnitType: rateUnitTypeEnum('rate_unit_type').notNull(),
    minimumDurationInMins: integer('minimum_duration_in_mins'),
    earliestEndTime24hr: time('earliest_end_time_24hr'),
    defaultBreakInMins: integer('default_break_in_mins'),
    shouldShowBreaks: boolean('should_show_breaks').notNull().default(false),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('classifications_client_id_idx').on(t.clientId)],
);

export const grades = pgTable(
  'grades',
  {
    id: idColumn(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('grades_client_id_sort_order_idx').on(t.clientId, t.sortOrder)],
);

export const certifications = pgTable('certifications', {
  id: idColumn(),
  name: text('name').notNull().unique('certifications_name_key'),
});

/** Certifications a location asks of its educators by default. */
export const locationCertifications = pgTable(
  'location_certifications',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    certificationId: integer('certification_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'location_certifications_pk', columns: [t.locationId, t.certificationId] }),
    index('location_certifications_certification_id_idx').on(t.certificationId),
  ],
);

/** People who can receive booking confirmations at a location; not necessarily portal users. */
export const bookingContacts = pgTable(
  'booking_contacts',
  {
    id: idColumn(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    canReceiveVoice: boolean('can_receive_voice').notNull().default(false),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('booking_contacts_location_id_idx').on(t.locationId), index('booking_contacts_contact_id_idx').on(t.contactId)],
);

/** A booking block: local dates on which a location takes no bookings, with the reason shown to bookers. */
export const locationRestrictions = pgTable(
  'location_restrictions',
  {
    id: idColumn(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    datesLocal: date('dates_local', { mode: 'string' }).array().notNull(),
    messageMarkdown: text('message_markdown').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('location_restrictions_location_id_idx').on(t.locationId),
    check('location_restrictions_has_dates', sql`cardinality(${t.datesLocal}) > 0`),
  ],
);

/**
 * School terms of a country and region (the subdivision code public holidays use, e.g. NSW, ENG, ON; null for the
 * whole country): shown beside the date pickers as information; they never stop a booking. Days between two terms
 * are school holidays.
 */
export const schoolTerms = pgTable(
  'school_terms',
  {
    id: idColumn(),
    country: text('country').notNull(),
    region: text('region'),
    name: text('name').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('school_terms_country_region_first_day_key').on(t.country, t.region, t.firstDay).nullsNotDistinct(),
    check('school_terms_first_day_not_after_last_day', sql`${t.firstDay} <= ${t.lastDay}`),
  ],
);
