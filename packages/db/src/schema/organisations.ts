import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, time } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns';
import { currencyEnum, localeEnum, locationTypeEnum } from './enums';

/** The top of the permission tree: a school group, trust or district. */
export const clientGroups = pgTable('client_groups', {
  id: idColumn(),
  name: text('name').notNull(),
  locale: localeEnum('locale').notNull().default('en'),
  /** Its contacts who sign in with a password must also pass a second step (docs/decisions/027); set by provider staff. */
  secondStepRequired: boolean('second_step_required').notNull().default(false),
  createdAt: createdAt(),
});

/** A client (usually one school) buying staff from the provider; it may or may not belong to a group. */
export const clients = pgTable(
  'clients',
  {
    id: idColumn(),
    groupId: integer('group_id').references(() => clientGroups.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    clientTypeInt: integer('client_type_int').notNull().default(1),
    locale: localeEnum('locale').notNull().default('en'),
    currency: currencyEnum('currency').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    taxLabel: text('tax_label').notNull(),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
    /** 'HH:mm' in the location's zone; the server falls back to 08:00 when it cannot parse it (spec §5). */
    sameDayCutoff: text('same_day_cutoff').notNull().default('08:00'),
    minBookingsPerDay: integer('min_bookings_per_day').notNull().default(1),
    maxBookingsPerDay: integer('max_bookings_per_day').notNull().default(10),
    /** Upper bound of dates × bookings per day in one request. */
    maxBookingsAllowed: integer('max_bookings_allowed').notNull().default(60),
    maxExtensionDays: integer('max_extension_days').notNull().default(90),
    /** Free-form facts shown to bookers (GET clients/{id}/additional-details); null answers 204. */
    additionalDetails: jsonb('additional_details').$type<Record<string, unknown>>(),
    policiesMarkdown: text('policies_markdown'),
    createdAt: createdAt(),
  },
  (t) => [
    index('clients_group_id_idx').on(t.groupId),
    check('clients_bookings_per_day_range', sql`${t.minBookingsPerDay} >= 1 and ${t.maxBookingsPerDay} >= ${t.minBookingsPerDay}`),
    check('clients_tax_rate_range', sql`${t.taxRateBasisPoints} between 0 and 10000`),
  ],
);

/** A site of a client. Times of day are local to time_zone (IANA). */
export const locations = pgTable(
  'locations',
  {
    id: idColumn(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** early_learning caps an extension block at 4 weeks (spec §5). */
    locationType: locationTypeEnum('location_type').notNull().default('school'),
    timeZone: text('time_zone').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    suburb: text('suburb').notNull(),
    state: text('state'),
    postcode: text('postcode'),
    country: text('country').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    startTime: time('start_time').notNull().default('08:30'),
    endTime: time('end_time').notNull().default('15:30'),
    lunchBreakMinutes: integer('lunch_break_minutes').notNull().default(30),
    submittedByTemplateRequired: boolean('submitted_by_template_required').notNull().default(false),
    /** Open on its region's public holidays (early learning often is): bookings on them are not refused. */
    openOnPublicHolidays: boolean('open_on_public_holidays').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('locations_client_id_idx').on(t.clientId)],
);
