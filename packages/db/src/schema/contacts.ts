import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestamptz } from './columns';
import { localeEnum, permissionModifierEnum, permissionScopeEnum } from './enums';
import { clientGroups, clients, locations } from './organisations';

/** A client contact: a person at a school or group who signs in to the portal. */
export const contacts = pgTable(
  'contacts',
  {
    id: idColumn(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    /** argon2id; null means the contact cannot sign in. */
    passwordHash: text('password_hash'),
    language: localeEnum('language').notNull().default('en'),
    phone: text('phone'),
    isClientGroupOverviewEnabled: boolean('is_client_group_overview_enabled').notNull().default(false),
    standardBookings: jsonb('standard_bookings').$type<unknown[]>().notNull().default([]),
    /** When the contact's access tokens were last ended (password change or reset, sign out everywhere). */
    tokensNotBefore: timestamptz('tokens_not_before'),
    /**
     * Access tokens carry the version they were issued under; ending them adds one, so every token issued before
     * is refused at once, however close in time (a time comparison cannot separate two tokens of the same instant).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * The contact's feature flags (spec §3 'Feature flags') where they differ from the defaults in the contract
     * (`DEFAULT_FEATURES`): e.g. `{ "enableExtendBooking": false }`.
     */
    features: jsonb('features').$type<Record<string, boolean>>().notNull().default({}),
    /** The contact asked for the weekly digest e-mail (Settings; reports/weekly-digest.ts). */
    weeklyDigest: boolean('weekly_digest').notNull().default(false),
    lockedUntil: timestamptz('locked_until'),
    unlockTokenHash: text('unlock_token_hash'),
    /** The e-mailed unlock link works once and for 24 hours at most. */
    unlockTokenExpiresAt: timestamptz('unlock_token_expires_at'),
    createdAt: createdAt(),
    lastUpdated: timestamptz('last_updated').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contacts_email_lower_key').on(sql`lower(${t.email})`)],
);

/** One (node, scope, modifier) triple of a contact's permission tree; the node is exactly one of group, client, location. */
export const permissionEntries = pgTable(
  'permission_entries',
  {
    id: idColumn(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => clientGroups.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    scope: permissionScopeEnum('scope').notNull(),
    modifier: permissionModifierEnum('modifier').notNull(),
  },
  (t) => [
    index('permission_entries_contact_id_idx').on(t.contactId),
    index('permission_entries_group_id_idx').on(t.groupId),
    index('permission_entries_client_id_idx').on(t.clientId),
    index('permission_entries_location_id_idx').on(t.locationId),
    unique('permission_entries_node_scope_key')
      .on(t.contactId, t.groupId, t.clientId, t.locationId, t.scope, t.modifier)
      .nullsNotDistinct(),
    check('permission_entries_one_node', sql`num_nonnulls(${t.groupId}, ${t.clientId}, ${t.locationId}) = 1`),
  ],
);

/** The provider's own staff: they sign in through the enterprise login and may impersonate contacts. */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: idColumn(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    /**
     * The enterprise identity provider's subject (`sub`) of this staff member, stored at the first sign-in that
     * matched by a verified e-mail; later sign-ins match by it, so a changed or reassigned e-mail cannot take over.
     */
    oidcSubject: text('oidc_subject'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('staff_users_oidc_subject_key').on(t.oidcSubject),
  ],
);
