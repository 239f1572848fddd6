import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@portal/db/client';

/**
 * Transaction-scoped advisory locks (`pg_advisory_xact_lock(namespace, id)`): they serialise a check-then-write
 * that no unique index guards, and are released when the transaction ends. Each use has its own namespace (a
 * 32-bit integer) so that ids of different tables never share a lock; add new ones here, never reuse a value.
 */
export const LOCK_NAMESPACES = {
  /** An educator's days: whoever books an educator checks that they are free while holding this. */
  candidateDays: 0x43_41_4e_44, // 'CAND'
  /** A contact's replace-me requests: one per contact and day. */
  replaceMeContact: 0x52_50_4d_45, // 'RPME'
} as const;

export type LockNamespace = keyof typeof LOCK_NAMESPACES;

/** Waits for, then holds until the transaction ends, the lock of `id` in `namespace`. Call it inside a transaction. */
export async function lockForTransaction(tx: DbOrTx, namespace: LockNamespace, id: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACES[namespace]}::int, ${id}::int)`);
}
