import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgSequence, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt, idColumn, timestamptz } from './columns';
import { staffUsers } from './contacts';
import { outboxChannelEnum, serviceStatusSeverityEnum } from './enums';

/** Help files offered to every contact (GET file/general?filePath=). */
export const generalFiles = pgTable('general_files', {
  id: idColumn(),
  name: text('name').notNull(),
  filePath: text('file_path').notNull().unique('general_files_file_path_key'),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/**
 * Where a remembered answer may have changed (docs/decisions/008): one row per client, raised by triggers in the
 * same transaction as every write to the rows a versioned answer reads (migration 0007), and row 0 for data that
 * is not one client's (educator and contact names) or a whole table emptied. An answer computed after reading these
 * versions holds for as long as they stay the same.
 */
export const dataVersions = pgTable('data_versions', {
  /** A client's id, or 0 for the shared row. */
  clientId: integer('client_id').primaryKey(),
  /** A value of `data_versions_seq` (never restarted, not even by a wipe): a version never repeats. */
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The versions' source: standalone, so `truncate … restart identity` leaves it where it was; every server start
 * moves it up to the clock in microseconds (migrate.ts), so a restored database never hands out a version again.
 */
export const dataVersionsSeq = pgSequence('data_versions_seq');

/**
 * One row per transaction that wrote versioned data, while it runs: its deferred trigger raises the versions at
 * commit (migration 0007), so a version row is locked only while a transaction commits, never while it waits for
 * another lock.
 */
export const dataVersionsPending = pgTable('data_versions_pending', {
  tx: bigint('tx', { mode: 'number' }).primaryKey(),
});

/** The service status banner; only an active row is shown. */
export const serviceStatus = pgTable(
  'service_status',
  {
    id: idColumn(),
    bannerTitle: text('banner_title').notNull(),
    severity: serviceStatusSeverityEnum('severity').notNull(),
    region: text('region'),
    bodyMarkdown: text('body_markdown').notNull(),
    active: boolean('active').notNull().default(false),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedByStaffUserId: integer('updated_by_staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [index('service_status_active_idx').on(t.active)],
);

/** Answers remembered per (contact, Idempotency-Key): a repeated write gets the same answer and no second effect. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    contactId: integer('contact_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.contactId, t.key] }),
    index('idempotency_keys_expires_at_idx').on(t.expiresAt),
  ],
);

/** Mail, SMS, voice and push messages; in demo mode they are only recorded here. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: idColumn(),
    channel: outboxChannelEnum('channel').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject'),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [index('outbox_messages_created_at_idx').on(t.createdAt)],
);

/**
 * E-mail waiting to be sent. Requests only add a row and a job of the job queue (pg-boss on PostgreSQL), which sends
 * it with retries and backoff, so an SMTP outage never fails a request and a password-reset request costs the same
 * whether or not the account exists (a `noop` row stands in for the mail an unknown address does not get). Bodies of
 * mail carrying a secret link are encrypted while they wait, and the row is deleted once sent; a mail given up
 * stays (its secret wiped) until the retention job removes it.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: idColumn(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** The bodies are encrypted and must not outlive sending. */
    secret: boolean('secret').notNull().default(false),
    /** Stands in for a mail that is not sent (equal work for known and unknown addresses); dropped by the worker. */
    noop: boolean('noop').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    /** A delivery attempt holds the row until then (see the mail queue's claim). */
    claimedUntil: timestamptz('claimed_until'),
    lastError: text('last_error'),
    /** Gave up after the last retry. */
    failedAt: timestamptz('failed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_queue_failed_at_idx')
      .on(t.failedAt)
      .where(sql`${t.failedAt} is not null`),
  ],
);
