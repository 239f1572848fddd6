import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { bookingRequests } from './bookings';
import { contacts } from './contacts';

/**
 * What happened, for the live stream (GET /v1/events). A change writes its row in the same transaction as its
 * effect, so no committed change goes unannounced; every server instance reads rows after the last id it sent
 * (woken by Redis pub/sub or PostgreSQL LISTEN/NOTIFY), and a reconnecting browser resumes with Last-Event-ID.
 * Scoped by client: a stream only ever reads rows of the caller's clients. Old rows are pruned.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for events every contact may see (service status). */
    clientId: integer('client_id'),
    locationId: integer('location_id'),
    kind: text('kind').notNull(),
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('live_events_client_id_id_idx').on(t.clientId, t.id), index('live_events_created_at_idx').on(t.createdAt)],
);

/** Short-lived, single-use tickets that open an event stream (an access token never goes in a URL). */
export const liveEventTickets = pgTable(
  'live_event_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** A staff user impersonating the contact, if any. */
    staffUserId: integer('staff_user_id'),
    /** The sign-in (refresh family) the ticket came from: the stream ends with it. */
    familyId: text('family_id'),
    /** The contact's token version when the ticket was issued: a sign-out or password change since refuses it. */
    tokenVersion: integer('token_version'),
    /** When the access token the ticket was asked with expires: the stream ends then (the app reconnects). */
    accessExpiresAt: timestamptz('access_expires_at'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('live_event_tickets_expires_at_idx').on(t.expiresAt)],
);

/**
 * Approve and Reject links in the pending-approval e-mail: signed, single-use, bound to one approver and one
 * request, expiring after 72 hours. Only the hash of the secret is kept.
 */
export const emailActionLinks = pgTable(
  'email_action_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique('email_action_links_token_hash_key'),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    bookingRequestId: integer('booking_request_id')
      .notNull()
      .references(() => bookingRequests.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    index('email_action_links_booking_request_id_idx').on(t.bookingRequestId),
    index('email_action_links_contact_id_idx').on(t.contactId),
  ],
);

/** A contact's personal iCalendar feed of their schools' bookings: secret URL, revocable and regenerable. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('calendar_feeds_token_hash_key'),
    createdAt: createdAt(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('calendar_feeds_contact_id_idx').on(t.contactId)],
);

/**
 * State of the embedded OpenID Connect issuer of demo mode (sessions, interactions, codes, grants), kept where
 * every server instance sees it. One row per (model, id); expired rows are pruned.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamptz('expires_at'),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [
    primaryKey({ name: 'oidc_payloads_pk', columns: [t.model, t.id] }),
    index('oidc_payloads_grant_id_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_at_idx').on(t.expiresAt),
  ],
);
