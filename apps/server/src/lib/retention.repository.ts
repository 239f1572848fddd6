import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '@portal/db/client';

/**
 * The deletes of the retention job (lib/retention.ts) for the tables of lib/ (idempotency keys, the outbox, the mail
 * queue); a module's own tables are pruned by its own repository (modules/identity/identity-retention.ts). Each is
 * given the instant before which a row goes. They delete in batches (a row's ctid), so that a first run over years
 * of rows never holds a long lock.
 */

const BATCH = 5000;

/** Deletes the rows of `table` matching `where`, a batch at a time; answers how many went. */
export async function deleteInBatches(db: Db, table: SQL, where: SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await queryRows<{ n: number }>(
      db,
      sql`with gone as (delete from ${table} where ctid = any(array(select ctid from ${table} where ${where} limit ${BATCH})) returning 1)
          select count(*)::int as n from gone`,
    );
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}

/** Idempotency keys that expired before `before`. */
export function pruneIdempotencyKeys(db: Db, before: Date): Promise<number> {
  return deleteInBatches(db, sql`idempotency_keys`, sql`expires_at < ${before.toISOString()}`);
}

/** E-mail in the outbox written before `before`. */
export function pruneOutboxMail(db: Db, before: Date): Promise<number> {
  return deleteInBatches(db, sql`outbox_messages`, sql`channel = 'email' and created_at < ${before.toISOString()}`);
}

/** SMS, voice and push notifications recorded before `before`. */
export function pruneNotifications(db: Db, before: Date): Promise<number> {
  return deleteInBatches(db, sql`outbox_messages`, sql`channel <> 'email' and created_at < ${before.toISOString()}`);
}

/** Mail given up before `before`. */
export function pruneGivenUpMails(db: Db, before: Date): Promise<number> {
  return deleteInBatches(db, sql`mail_queue`, sql`failed_at < ${before.toISOString()}`);
}
