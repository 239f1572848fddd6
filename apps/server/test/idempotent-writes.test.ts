import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { addDays } from '@portal/contract/query-params';
import { buildTestApp, type TestApp } from './helpers';
import { signIn, type SignedIn } from './auth-client';

/**
 * every write that accepts an Idempotency-Key (cancel, extend, approve/reject, replace-me) stores
 * its answer in the transaction of its effect, as create does. The same cases run against each route:
 * - a retry with the same key makes one effect and gets the same answer;
 * - two requests racing with the same key make one effect;
 * - a failure after the effect (here: storing the answer fails) rolls back the effect with the answer, and frees the
 *   key, so the same request can be sent again and then succeeds once;
 * - the same key with another request is refused (422), as create refuses it.
 */

const TEST_NOW = new Date(inject('testNow')); // Monday 16 March 2026, noon in Sydney
let clock = TEST_NOW;
let t: TestApp;
let admin: SignedIn;
let teacher: SignedIn;

const rows = <T>(query: SQL) => queryRows<T>(t.database.db, query);
const one = async <T>(query: SQL) => (await rows<T>(query))[0]!;
const used = new Set<number>();

function nextWeekday(date: string): string {
  let d = addDays(date, 1);
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = addDays(d, 1);
  return d;
}

/** An unused booking of the group admin's group, alone in its request, in `status`, on a school day to come. */
async function groupBooking(status: string): Promise<{ id: number; requestId: number; dateLocal: string }> {
  const found = await rows<{ id: number; requestId: number; dateLocal: string; blocked: string[] }>(
    sql`select b.id, b.request_id as "requestId", b.date_local::text as "dateLocal",
          array(select unnest(lr.dates_local)::text from location_restrictions lr where lr.location_id = b.location_id) as blocked
        from bookings b join booking_requests r on r.id = b.request_id join locations l on l.id = b.location_id
        join clients c on c.id = b.client_id
        where c.group_id = (select group_id from permission_entries pe join contacts ct on ct.id = pe.contact_id
                            where ct.email = 'group.admin@demo.test' and pe.group_id is not null limit 1)
          and b.status = ${status} and b.candidate_id is null and l.location_type = 'school'
          and b.date_local between '2026-03-18' and '2026-04-20' and r.bookings_per_day = 1
          and (select count(*) from bookings o where o.request_id = b.request_id) = 1
        order by b.date_local, b.id limit 60`,
  );
  // Extending adds the next school day or two: none of them blocked.
  const free = (r: { dateLocal: string; blocked: string[] }) =>
    !r.blocked.includes(nextWeekday(r.dateLocal)) && !r.blocked.includes(nextWeekday(nextWeekday(r.dateLocal)));
  const row = found.find((r) => !used.has(r.id) && free(r));
  if (!row) throw new Error(`no ${status} booking left`);
  used.add(row.id);
  return { id: row.id, requestId: row.requestId, dateLocal: row.dateLocal };
}

interface Write {
  name: string;
  /** The clock the write runs at. */
  now: Date;
  okStatus: number;
  who: () => SignedIn;
  /** Signs in again at the write's clock, when that is days after the others'. */
  signIn?: () => Promise<void>;
  /** Something to act on, fresh for each case. */
  target(): Promise<{ id: number; requestId?: number; dateLocal?: string }>;
  /** The request; `other` is a different request to the same URL. */
  request(target: { id: number; dateLocal?: string }, other?: boolean): { url: string; payload: Record<string, unknown> };
  /** How many times the effect happened on the target (0 or 1, unless it happened twice). */
  effects(target: { id: number; requestId?: number; dateLocal?: string }): Promise<number>;
}

let replaceMeDay = 0;
/** Replace-me days: one school day per case (09:00 in Sydney), after the seeded requests. */
const REPLACE_ME_DAYS = ['2026-03-25', '2026-03-26', '2026-03-27', '2026-03-30', '2026-03-31'];

const WRITES: Write[] = [
  {
    name: 'POST /v1/bookings/:id/cancel',
    now: TEST_NOW,
    okStatus: 200,
    who: () => admin,
    target: () => groupBooking('unfilled'),
    request: (b, other) => ({
      url: `/v1/bookings/${b.id}/cancel`,
      payload: { cancelReason: other ? `Another reason ${b.id}` : `Class merged ${b.id}` },
    }),
    effects: async (b) =>
      (await one<{ n: number }>(sql`select count(*)::int as n from bookings where id = ${b.id} and status = 'cancelled'`)).n,
  },
  {
    name: 'POST /v1/bookings/:id/extend',
    now: TEST_NOW,
    okStatus: 201,
    who: () => admin,
    target: () => groupBooking('unfilled'),
    request: (b, other) => {
      const next = nextWeekday(b.dateLocal!);
      return {
        url: `/v1/bookings/${b.id}/extend`,
        payload: { endDateLocal: other ? nextWeekday(next) : next, startTime: '08:30', endTime: '15:00', breakMinutes: 30 },
      };
    },
    effects: async (b) => (await one<{ n: number }>(sql`select count(*)::int - 1 as n from bookings where request_id = ${b.requestId!}`)).n,
  },
  {
    name: 'POST /v1/pending-bookings/:id/action',
    now: TEST_NOW,
    okStatus: 200,
    who: () => admin,
    target: async () => {
      const found = await rows<{ id: number }>(
        sql`select r.id from booking_requests r join clients c on c.id = r.client_id
            where r.status = 'pending_approval'
              and c.group_id = (select group_id from permission_entries pe join contacts ct on ct.id = pe.contact_id
                                where ct.email = 'group.admin@demo.test' and pe.group_id is not null limit 1)
              and not exists (select 1 from bookings b where b.request_id = r.id and b.date_local < '2026-03-18')
            order by r.id limit 60`,
      );
      const row = found.find((r) => !used.has(-r.id));
      if (!row) throw new Error('no pending request left');
      used.add(-row.id);
      return row;
    },
    request: (r, other) => ({
      url: `/v1/pending-bookings/${r.id}/action`,
      payload: other ? { action: 'reject', reason: 'Not needed after all' } : { action: 'accept' },
    }),
    effects: async (r) =>
      (await one<{ n: number }>(sql`select count(*)::int as n from booking_requests where id = ${r.id} and status = 'approved'`)).n,
  },
  {
    name: 'POST /v1/bookings/replaceMe',
    get now() {
      return new Date(`${REPLACE_ME_DAYS[replaceMeDay]}T09:00:00+11:00`);
    },
    okStatus: 201,
    who: () => teacher,
    signIn: async () => {
      teacher = await signIn(t.app, 'teacher@demo.test');
    },
    target: async () => {
      replaceMeDay += 1;
      return { id: 0, dateLocal: REPLACE_ME_DAYS[replaceMeDay]! };
    },
    request: (_, other) => ({
      url: '/v1/bookings/replaceMe',
      payload: other ? { selectedDay: 'tomorrow', isNextMonday: false } : { selectedDay: 'today' },
    }),
    effects: async (r) =>
      (
        await one<{ n: number }>(
          sql`select count(*)::int as n from replace_me_requests q join contacts c on c.id = q.contact_id
              where c.email = 'teacher@demo.test' and q.selected_day = ${r.dateLocal!}`,
        )
      ).n,
  },
];

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  [admin, teacher] = await Promise.all([signIn(t.app, 'group.admin@demo.test'), signIn(t.app, 'teacher@demo.test')]);
});
afterAll(async () => {
  await t?.close();
});

const send = (write: Write, target: { id: number; dateLocal?: string }, key: string, other = false) => {
  const { url, payload } = write.request(target, other);
  return t.app.inject({ method: 'POST', url, headers: { ...write.who().headers, 'idempotency-key': key }, payload });
};

/** Storing an answer for a key starting 'fail-answer-' fails: the failure comes after the write's effect. */
async function withFailingAnswer<T>(run: () => Promise<T>): Promise<T> {
  await t.database.db.execute(
    sql.raw(`create function fail_answer() returns trigger language plpgsql as $$
             begin if new.status_code is not null and new.key like 'fail-answer-%' then raise exception 'answer not stored'; end if;
             return new; end $$`),
  );
  await t.database.db.execute(
    sql.raw('create trigger fail_answer before update on idempotency_keys for each row execute function fail_answer()'),
  );
  try {
    return await run();
  } finally {
    await t.database.db.execute(sql.raw('drop trigger fail_answer on idempotency_keys'));
    await t.database.db.execute(sql.raw('drop function fail_answer()'));
  }
}

describe.each(WRITES)('$name with an Idempotency-Key', (write) => {
  it('makes one effect for a retry with the same key, and answers it the same', async () => {
    const target = await write.target();
    clock = write.now;
    await write.signIn?.();
    const key = `retry-${write.okStatus}-${target.id}-${replaceMeDay}-${write.name.length}`;
    expect(await write.effects(target)).toBe(0);
    const first = await send(write, target, key);
    expect(first.statusCode, first.body).toBe(write.okStatus);
    const again = await send(write, target, key);
    expect(again.statusCode).toBe(write.okStatus);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await write.effects(target)).toBe(1);
  });

  it('makes one effect when two requests with the same key race', async () => {
    const target = await write.target();
    clock = write.now;
    await write.signIn?.();
    const key = `race-${write.okStatus}-${target.id}-${replaceMeDay}-${write.name.length}`;
    const answers = await Promise.all([send(write, target, key), send(write, target, key)]);
    const codes = answers.map((a) => a.statusCode).sort();
    // The second either waited for nothing (409 while the first runs) or came after it (the stored answer).
    expect([[write.okStatus, write.okStatus], [write.okStatus, 409].sort()]).toContainEqual(codes);
    const ok = answers.filter((a) => a.statusCode === write.okStatus);
    if (ok.length === 2) expect(ok[1]!.json()).toEqual(ok[0]!.json());
    expect(await write.effects(target)).toBe(1);
  });

  it('rolls back the effect with the answer when storing the answer fails, and frees the key', async () => {
    const target = await write.target();
    clock = write.now;
    await write.signIn?.();
    const key = `fail-answer-${write.okStatus}-${target.id}-${replaceMeDay}-${write.name.length}`;
    const failed = await withFailingAnswer(() => send(write, target, key));
    expect(failed.statusCode).toBe(500);
    expect(await write.effects(target)).toBe(0);
    const [left] = await rows<{ n: number }>(sql`select count(*)::int as n from idempotency_keys where key = ${key}`);
    expect(left!.n).toBe(0);
    // The user's retry (same key, same request) now makes the effect, once.
    const retried = await send(write, target, key);
    expect(retried.statusCode, retried.body).toBe(write.okStatus);
    expect((await send(write, target, key)).json()).toEqual(retried.json());
    expect(await write.effects(target)).toBe(1);
  });

  it('refuses the same key with another request, with the problem create answers', async () => {
    const target = await write.target();
    clock = write.now;
    await write.signIn?.();
    const key = `reused-${write.okStatus}-${target.id}-${replaceMeDay}-${write.name.length}`;
    expect((await send(write, target, key)).statusCode).toBe(write.okStatus);
    const reused = await send(write, target, key, true);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('idempotency-key-reused');
    expect(await write.effects(target)).toBe(1);
  });
});

describe('OpenAPI', () => {
  it('declares the Idempotency-Key header on create and on every write above', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
    for (const path of [
      '/v1/bookings',
      '/v1/bookings/{id}/cancel',
      '/v1/bookings/{id}/extend',
      '/v1/pending-bookings/{bookingId}/action',
      '/v1/bookings/replaceMe',
    ]) {
      const headers = (paths[path]?.post?.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
      expect(headers, path).toContain('idempotency-key');
    }
  });
});
