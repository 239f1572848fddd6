import pg from 'pg';
import { BENCH_KEY_PREFIX } from './create-booking-bench';

/**
 * `POST /v1/timesheets/submit` approving 50 timesheets in one request. Each round takes the first 50
 * pending approval of the account, approves them, and (on PostgreSQL) puts them back to pending approval, so runs
 * repeat. Prints the round trip over loopback (the server's time plus well under a millisecond), min and median.
 */
export async function benchTimesheetSubmit(
  base: string,
  token: string,
  databaseUrl: string | undefined,
  rounds = 10,
): Promise<{ route: string; rounds: number; minMs: number; medianMs: number; maxMs: number } | undefined> {
  const headers = { authorization: `Bearer ${token}` };
  const db = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
  await db?.connect();
  const times: number[] = [];
  try {
    for (let round = 0; round < (db ? rounds : 1); round++) {
      const list = await fetch(`${base}/v1/timesheets?take=50`, { headers });
      if (!list.ok) return undefined;
      const ids = ((await list.json()) as { pendingApprovalList: Array<{ bookingId: number }> }).pendingApprovalList.map(
        (t) => t.bookingId,
      );
      if (ids.length < 50) {
        console.log(`  POST /v1/timesheets/submit: only ${ids.length} timesheets pending approval; not benchmarked`);
        return undefined;
      }
      const started = performance.now();
      const res = await fetch(`${base}/v1/timesheets/submit`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `${BENCH_KEY_PREFIX}ts-${Date.now()}-${round}` },
        body: JSON.stringify({ decision: 'approved', timesheets: ids.map((bookingId) => ({ bookingId })) }),
      });
      const body = (await res.json()) as { submitted: number[] };
      times.push(performance.now() - started);
      if (res.status !== 200 || body.submitted.length !== 50) throw new Error(`submit answered ${res.status}: ${JSON.stringify(body)}`);
      await db?.query(
        `update timesheets set status = 'pending_approval', decision = null, decided_by_contact_id = null, decided_at = null
          where booking_id = any($1::int[])`,
        [ids],
      );
    }
  } finally {
    await db?.end();
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    route: 'POST /v1/timesheets/submit (approve 50)',
    rounds: times.length,
    minMs: sorted[0]!,
    medianMs: sorted[Math.floor(sorted.length / 2)]!,
    maxMs: sorted[sorted.length - 1]!,
  };
}
