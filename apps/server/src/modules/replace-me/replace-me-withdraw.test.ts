import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { ReplaceMeStatus } from '@portal/contract/replace-me';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';

/**
 * A teacher withdraws a replace-me request while no replacement is found (DELETE /v1/bookings/replace-me/{id}). The
 * seeded requests of teacher@demo.test: Monday 16 March 2026 (pending approval) and Wednesday 18 March (scheduled).
 */

const MONDAY = new Date(inject('testNow'));
let t: TestApp;
let teacher: SignedIn;
let admin: SignedIn;
let clientId: number;
let teacherId: number;

const rows = <T>(query: SQL) => queryRows<T>(t.database.db, query);
const withdraw = (id: number | string, who?: SignedIn) =>
  t.app.inject({ method: 'DELETE', url: `/v1/bookings/replace-me/${id}`, headers: who?.headers ?? {} });
const status = async () =>
  ReplaceMeStatus.parse(
    (await t.app.inject({ method: 'GET', url: `/v1/bookings/replace-me-status?clientId=${clientId}`, headers: teacher.headers })).json(),
  );
const stored = async (id: number) =>
  (await rows<{ status: string }>(sql`select status::text from replace_me_requests where id = ${id}`))[0]?.status;
const requestOn = async (day: string) =>
  (
    await rows<{ id: number }>(
      sql`select id from replace_me_requests where contact_id = ${teacherId} and selected_day = ${day} and status <> 'withdrawn'`,
    )
  )[0]!.id;

beforeAll(async () => {
  t = await buildTestApp({ now: () => MONDAY });
  [teacher, admin] = await Promise.all([signIn(t.app, 'teacher@demo.test'), signIn(t.app, 'group.admin@demo.test')]);
  const [row] = await rows<{ clientId: number; teacherId: number }>(
    sql`select l.client_id as "clientId", (select id from contacts where email = 'teacher@demo.test') as "teacherId"
        from locations l where 'replace_me_feature_enabled' = any(l.tags) order by l.id limit 1`,
  );
  ({ clientId, teacherId } = row!);
});
afterAll(async () => {
  await t?.close();
});

describe('DELETE /v1/bookings/replace-me/{id}', () => {
  it('withdraws a request pending approval: 204, audited, gone from the status, and the day can be asked for again', async () => {
    const id = await requestOn('2026-03-16');
    const res = await withdraw(id, teacher);
    expect(res.statusCode).toBe(204);
    expect(await stored(id)).toBe('withdrawn');
    expect(
      await rows(
        sql`select 1 from audit_log where action = 'replace-me.withdrawn' and entity_id = ${String(id)} and contact_id = ${teacherId}`,
      ),
    ).toHaveLength(1);
    expect((await status()).requests.map((r) => r.selectedDay)).toEqual(['2026-03-18']);

    // Again: the same answer, nothing more.
    expect((await withdraw(id, teacher)).statusCode).toBe(204);
    expect(await rows(sql`select 1 from audit_log where action = 'replace-me.withdrawn' and entity_id = ${String(id)}`)).toHaveLength(1);

    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/bookings/replaceMe',
      headers: teacher.headers,
      payload: { selectedDay: 'today' },
    });
    expect(again.statusCode).toBe(201);
    expect((await status()).requests.map((r) => [r.selectedDay, r.status])).toEqual([
      ['2026-03-16', 'scheduled'],
      ['2026-03-18', 'scheduled'],
    ]);
  });

  it('refuses with 409 once a replacement is found or booked, and the provider cannot move a withdrawn one', async () => {
    const id = await requestOn('2026-03-18');
    await rows(sql`update replace_me_requests set status = 'replacement_found' where id = ${id}`);
    const res = await withdraw(id, teacher);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(BOOKING_MESSAGES.replaceMeWithdrawTooLate);
    expect(await stored(id)).toBe('replacement_found');
    await rows(sql`update replace_me_requests set status = 'scheduled' where id = ${id}`);

    expect((await withdraw(id, teacher)).statusCode).toBe(204);
    const staff = await t.app.services.provider
      .advanceReplaceMe(id, 'pending_approval', { now: MONDAY })
      .then(() => 'moved')
      .catch((error: { status?: number }) => error.status);
    expect(staff).toBe(409);
    expect(await stored(id)).toBe('withdrawn');
  });

  it('is only the teacher’s own: another contact’s request is 404 and stays; no token 401', async () => {
    // The group admin holds replaceMe_all over the group, so may ask at the same school.
    const made = await t.app.inject({
      method: 'POST',
      url: '/v1/bookings/replaceMe',
      headers: admin.headers,
      payload: { selectedDay: 'tomorrow' },
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as number;
    const res = await withdraw(id, teacher);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(BOOKING_MESSAGES.replaceMeNotFound);
    expect(await stored(id)).toBe('scheduled');
    expect((await withdraw(id)).statusCode).toBe(401);
    const nz = await signIn(t.app, 'school.admin@demo.test');
    expect([403, 404]).toContain((await withdraw(id, nz)).statusCode);
    const viewer = await signIn(t.app, 'bookings.viewer@demo.test');
    expect((await withdraw(id, viewer)).statusCode).toBe(403);
    expect(await stored(id)).toBe('scheduled');
  });

  it('answers odd ids with a problem, never a 5xx', async () => {
    for (const odd of ['abc', '-1', '0', '%2e%2e', '1.5', '99999999', '9'.repeat(40), '1%20or%201=1']) {
      const res = await withdraw(odd, teacher);
      expect(res.statusCode, odd).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, odd).toBeLessThan(500);
    }
  });

  it('two withdraws racing withdraw once', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/v1/bookings/replaceMe',
      headers: teacher.headers,
      payload: { selectedDay: 'tomorrow' },
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as number;
    const results = await Promise.all([withdraw(id, teacher), withdraw(id, teacher)]);
    expect(results.map((r) => r.statusCode)).toEqual([204, 204]);
    expect(await rows(sql`select 1 from audit_log where action = 'replace-me.withdrawn' and entity_id = ${String(id)}`)).toHaveLength(1);
  });
});
