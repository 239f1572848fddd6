import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@portal/db/client';
import { createTestDatabase } from '../../test/helpers';
import { loadConfig, type RetentionPeriods } from '../config';
import { IDENTITY_RETENTION_STEPS } from '../modules/identity/identity-retention';
import { PUSH_RETENTION_STEPS } from '../modules/push/push-retention';
import {
  LIB_RETENTION_STEPS,
  retentionCutoffs,
  retentionSteps,
  runRetention,
  scheduleRetention,
  RETENTION_INTERVAL_MS,
  RETENTION_JOB,
} from './retention';

/**
 * Retention with an injected clock: for each kind of row, a row just past its period goes and one just inside it
 * stays, and no row inside its period is touched (counted before and after). On PGlite, and on PostgreSQL in the
 * PostgreSQL pass.
 */
const engine = inject('postgresUrl') ? 'PostgreSQL' : 'PGlite';
const NOW = new Date('2031-03-14T09:30:00Z');
const periods: RetentionPeriods = loadConfig({}).retention;
const cutoffs = retentionCutoffs(NOW, periods);
const steps = retentionSteps(periods, LIB_RETENTION_STEPS, IDENTITY_RETENTION_STEPS, PUSH_RETENTION_STEPS);
const MINUTE = 60_000;
const before = (at: Date) => new Date(at.getTime() - MINUTE).toISOString();
const after = (at: Date) => new Date(at.getTime() + MINUTE).toISOString();

let database: Database;
let drop: () => Promise<void>;
let contactId: number;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('seeded'));
  contactId = (await queryRows<{ id: number }>(database.db, sql`select min(id)::int as id from contacts`))[0]!.id;
});
afterAll(async () => {
  await drop?.();
});

const count = async (query: SQL) => (await queryRows<{ n: number }>(database.db, query))[0]!.n;

interface Case {
  kind: keyof RetentionPeriods;
  /** Adds rows, `old` ones past the period and `young` ones inside it, marked with `marker`. */
  insert(marker: string, cutoff: Date): Promise<void>;
  /** How many of the marked rows are there, old and young. */
  marked(marker: string, cutoff: Date): SQL;
  /** Every row that must stay (inside its period, or not this kind's). */
  kept(cutoff: Date): SQL;
}

const exec = (query: SQL) => database.db.execute(query);

const CASES: Case[] = [
  {
    kind: 'idempotencyKeysDays',
    insert: async (m, c) => {
      for (const [key, at] of [
        [`${m}-old`, before(c)],
        [`${m}-young`, after(c)],
      ])
        await exec(sql`insert into idempotency_keys (contact_id, key, method, path, request_hash, created_at, expires_at)
                        values (${contactId}, ${key}, 'POST', '/v1/bookings', 'h', ${at}, ${at})`);
    },
    marked: (m) =>
      sql`select count(*) filter (where key = ${`${m}-old`})::int as old, count(*) filter (where key = ${`${m}-young`})::int as young from idempotency_keys`,
    kept: (c) => sql`select count(*)::int as n from idempotency_keys where expires_at >= ${c.toISOString()}`,
  },
  {
    kind: 'refreshTokensDays',
    insert: async (m, c) => {
      const far = new Date(NOW.getTime() + 86_400_000).toISOString();
      for (const [hash, expires, revoked] of [
        [`${m}-old`, before(c), null],
        [`${m}-old`, far, before(c)],
        [`${m}-young`, after(c), null],
        [`${m}-young`, far, after(c)],
      ])
        await exec(sql`insert into refresh_tokens (contact_id, family_id, token_hash, expires_at, revoked_at)
                        values (${contactId}, ${randomUUID()}, ${`${hash}-${randomUUID()}`}, ${expires}, ${revoked})`);
    },
    marked: (m) =>
      sql`select count(*) filter (where token_hash like ${`${m}-old-%`})::int as old,
                 count(*) filter (where token_hash like ${`${m}-young-%`})::int as young from refresh_tokens`,
    kept: (c) =>
      sql`select count(*)::int as n from refresh_tokens where expires_at >= ${c.toISOString()} and (revoked_at is null or revoked_at >= ${c.toISOString()})`,
  },
  {
    kind: 'signInCountersDays',
    insert: async (m, c) => {
      for (const [key, window, locked] of [
        [`${m}-old`, before(c), null],
        [`${m}-old-lock-ended`, before(c), before(c)],
        [`${m}-young`, after(c), null],
        // Counting began long ago, but a lock holds (or ended) inside the period: kept.
        [`${m}-young-locked`, before(c), after(c)],
      ])
        await exec(sql`insert into auth_counters (key, count, window_started_at, locked_until) values (${key}, 3, ${window}, ${locked})`);
    },
    marked: (m) =>
      sql`select count(*) filter (where key like ${`${m}-old%`})::int as old, count(*) filter (where key like ${`${m}-young%`})::int as young from auth_counters`,
    kept: (c) =>
      sql`select count(*)::int as n from auth_counters where window_started_at >= ${c.toISOString()} or locked_until >= ${c.toISOString()}`,
  },
  ...(['outboxDays', 'notificationsDays'] as const).map((kind): Case => ({
    kind,
    insert: async (m, c) => {
      const channels = kind === 'outboxDays' ? ['email'] : ['sms', 'voice', 'push'];
      for (const channel of channels)
        for (const [to, at] of [
          [`${m}-old`, before(c)],
          [`${m}-young`, after(c)],
        ])
          await exec(
            sql`insert into outbox_messages (channel, to_address, text_body, created_at) values (${channel}, ${to}, 'Hello', ${at})`,
          );
    },
    marked: (m) =>
      sql`select count(*) filter (where to_address = ${`${m}-old`})::int as old, count(*) filter (where to_address = ${`${m}-young`})::int as young from outbox_messages`,
    kept: (c) =>
      kind === 'outboxDays'
        ? sql`select count(*)::int as n from outbox_messages where channel <> 'email' or created_at >= ${c.toISOString()}`
        : sql`select count(*)::int as n from outbox_messages where channel = 'email' or created_at >= ${c.toISOString()}`,
  })),
  {
    kind: 'givenUpMailsDays',
    insert: async (m, c) => {
      for (const [to, failed, created] of [
        [`${m}-old`, before(c), before(c)],
        [`${m}-young`, after(c), before(c)],
        // Still waiting for a try, however old: kept.
        [`${m}-young-waiting`, null, before(c)],
      ])
        await exec(
          sql`insert into mail_queue (to_address, subject, text_body, attempts, failed_at, created_at) values (${to}, 'Hi', '', 10, ${failed}, ${created})`,
        );
    },
    marked: (m) =>
      sql`select count(*) filter (where to_address = ${`${m}-old`})::int as old, count(*) filter (where to_address like ${`${m}-young%`})::int as young from mail_queue`,
    kept: (c) => sql`select count(*)::int as n from mail_queue where failed_at is null or failed_at >= ${c.toISOString()}`,
  },
  {
    kind: 'expiredPushDays',
    insert: async (m, c) => {
      for (const [endpoint, expired] of [
        [`https://push.example.com/${m}-old`, before(c)],
        [`https://push.example.com/${m}-young`, after(c)],
        // Live, however old: kept.
        [`https://push.example.com/${m}-young-live`, null],
      ])
        await exec(
          sql`insert into push_subscriptions (contact_id, endpoint, p256dh, auth, created_at, expired_at) values (${contactId}, ${endpoint}, 'k', 'a', ${before(c)}, ${expired})`,
        );
    },
    marked: (m) =>
      sql`select count(*) filter (where endpoint like ${`%/${m}-old`})::int as old, count(*) filter (where endpoint like ${`%/${m}-young%`})::int as young from push_subscriptions`,
    kept: (c) => sql`select count(*)::int as n from push_subscriptions where expired_at is null or expired_at >= ${c.toISOString()}`,
  },
  {
    kind: 'auditLogDays',
    insert: async (m, c) => {
      for (const [action, at] of [
        [`${m}-old`, before(c)],
        [`${m}-young`, after(c)],
      ])
        await exec(sql`insert into audit_log (at, contact_id, action) values (${at}, ${contactId}, ${action})`);
    },
    marked: (m) =>
      sql`select count(*) filter (where action = ${`${m}-old`})::int as old, count(*) filter (where action = ${`${m}-young`})::int as young from audit_log`,
    kept: (c) => sql`select count(*)::int as n from audit_log where at >= ${c.toISOString()}`,
  },
];

describe(`retention (${engine})`, () => {
  it('keeps the audit log longest, and every period is in days before now', () => {
    for (const [kind, cutoff] of Object.entries(cutoffs)) {
      expect(NOW.getTime() - cutoff.getTime()).toBe(periods[kind as keyof RetentionPeriods] * 86_400_000);
      expect(cutoff.getTime()).toBeGreaterThanOrEqual(cutoffs.auditLogDays.getTime());
    }
  });

  it.each(CASES)('$kind: rows past the period go, nothing inside it is touched', async ({ kind, insert, marked, kept }) => {
    const cutoff = cutoffs[kind];
    const marker = `retention-${kind}-${randomUUID().slice(0, 8)}`;
    await insert(marker, cutoff);
    const [rows] = await queryRows<{ old: number; young: number }>(database.db, marked(marker, cutoff));
    expect(rows!.old).toBeGreaterThan(0);
    const young = rows!.young;
    expect(young).toBeGreaterThan(0);
    const keptBefore = await count(kept(cutoff));

    const report = await runRetention({ db: database.db, now: () => NOW, periods, steps });
    expect(report[kind]).toBeGreaterThanOrEqual(rows!.old);
    expect(await queryRows(database.db, marked(marker, cutoff))).toEqual([{ old: 0, young }]);
    expect(await count(kept(cutoff))).toBe(keptBefore);
  });

  it('a second run at the same instant finds nothing more to remove', async () => {
    await runRetention({ db: database.db, now: () => NOW, periods, steps });
    const report = await runRetention({ db: database.db, now: () => NOW, periods, steps });
    expect(Object.values(report).every((n) => n === 0)).toBe(true);
  });

  it('runs as an hourly scheduled job', async () => {
    const scheduled: Array<[string, number]> = [];
    const stop = scheduleRetention(
      {
        every: (name, intervalMs) => {
          scheduled.push([name, intervalMs]);
          return async () => {};
        },
      },
      { db: database.db, now: () => NOW, periods, steps },
    );
    await stop();
    expect(scheduled).toEqual([[RETENTION_JOB, RETENTION_INTERVAL_MS]]);
  });

  it('refuses at start a period without a delete, or with two', () => {
    expect(() => retentionSteps(periods, LIB_RETENTION_STEPS)).toThrow(
      /no delete for refreshTokensDays, signInCountersDays, expiredPushDays, auditLogDays/,
    );
    expect(() => retentionSteps(periods, LIB_RETENTION_STEPS, IDENTITY_RETENTION_STEPS, { outboxDays: async () => 0 })).toThrow(
      /two deletes for outboxDays/,
    );
  });
});
