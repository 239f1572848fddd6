import pg from 'pg';

/**
 * Session-level advisory locks (`pg_advisory_lock`) for start-up: servers starting together on one PostgreSQL
 * migrate and seed one after the other. Work that must run once while they run (the demo simulator, retention) is a
 * scheduled job of the job queue instead (lib/jobs.ts).
 */

/** Lock ids (the first key of the two-key advisory lock); never reuse a value, nor one of LOCK_NAMESPACES. */
export const LEADER_LOCKS = {
  /** Start-up: one server at a time migrates and checks (or seeds) the demo world. */
  startup: 0x53_54_52_54, // 'STRT'
} as const;

/**
 * Runs `work` while holding a session-level advisory lock, waiting for it: servers starting together on one
 * PostgreSQL migrate and seed one after the other (the later ones find the work done).
 */
export async function withSessionLock<T>(url: string, lock: keyof typeof LEADER_LOCKS, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, application_name: 'portal-startup' });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1::int, 0)', [LEADER_LOCKS[lock]]);
    return await work();
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => {});
  }
}
