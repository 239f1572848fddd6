import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { ReplaceMeRequest, ReplaceMeStatus } from '@portal/contract/replace-me';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';

/**
 * Replace-me for teacher@demo.test at Harbourside Primary (Sydney). The seeded requests are for TEST_NOW's day
 * (Monday 16 March 2026, pending approval) and the next (scheduled); the clock then moves to Friday 20 March.
 */

const MONDAY = new Date(inject('testNow'));
const FRIDAY = new Date('2026-03-19T22:00:00.000Z'); // 09:00 on Friday 20 March in Sydney
let clock = MONDAY;
let t: TestApp;
let teacher: SignedIn;
let clientId: number;
let locationId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  const [row] = await queryRows<{ clientId: number; locationId: number }>(
    t.database.db,
    sql`select client_id as "clientId", id as "locationId" from locations where 'replace_me_feature_enabled' = any(tags) order by id limit 1`,
  );
  ({ clientId, locationId } = row!);
  teacher = await signIn(t.app, 'teacher@demo.test');
});
afterAll(async () => {
  await t?.close();
});

const status = (who: SignedIn, id = clientId) =>
  t.app.inject({ method: 'GET', url: `/v1/bookings/replace-me-status?clientId=${id}`, headers: who.headers });
const ask = (who: SignedIn, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/v1/bookings/replaceMe', headers: { ...who.headers, ...headers }, payload });

describe('replace-me status', () => {
  it('lists the teacher’s location, the two days and the requests from today on', async () => {
    clock = MONDAY;
    const res = await status(teacher);
    expect(res.statusCode).toBe(200);
    // Never a browser copy that outlives the caller's next request (the web app's own cache is the 5 minutes).
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const body = ReplaceMeStatus.parse(res.json());
    expect(body.locations).toEqual([{ id: locationId, name: 'Harbourside Primary School', timeZone: 'Australia/Sydney' }]);
    expect(body.days).toEqual({ today: '2026-03-16', tomorrow: '2026-03-17', isNextMonday: false });
    expect(body.requests.map((r) => [r.selectedDay, r.status])).toEqual([
      ['2026-03-16', 'pending_approval'],
      // The demo leaves the next school day free, so a teacher trying the demo can ask for it.
      ['2026-03-18', 'scheduled'],
    ]);
    expect(body.timestamp).toBe(MONDAY.toISOString());
  });

  it('is 403 without replace-me at the client, or for a client outside the tree', async () => {
    expect((await status(await signIn(t.app, 'bookings.viewer@demo.test'))).statusCode).toBe(403);
    const [other] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from clients where id <> ${clientId} order by id desc limit 1`,
    );
    expect((await status(teacher, other!.id)).statusCode).toBe(403);
  });
});

describe('asking for a replacement', () => {
  it('refuses a second request for the same day', async () => {
    clock = MONDAY;
    const res = await ask(teacher, { selectedDay: 'today' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(BOOKING_MESSAGES.replaceMeExists);
  });

  it('asks for the next school day on a Friday only as next Monday', async () => {
    clock = FRIDAY;
    const wrong = await ask(teacher, { selectedDay: 'tomorrow', isNextMonday: false });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.isNextMonday).toBeDefined();
    const res = await ask(teacher, { selectedDay: 'tomorrow', isNextMonday: true }, { 'idempotency-key': 'replace-me-monday-1' });
    expect(res.statusCode).toBe(201);
    const request = ReplaceMeRequest.parse(res.json());
    expect(request).toMatchObject({ selectedDay: '2026-03-23', isNextMonday: true, status: 'scheduled', locationId, bookingId: null });
    const replay = await ask(teacher, { selectedDay: 'tomorrow', isNextMonday: true }, { 'idempotency-key': 'replace-me-monday-1' });
    expect(replay.statusCode).toBe(201);
    expect(replay.json().id).toBe(request.id);
  });

  it('asks for today; isNextMonday must be false then', async () => {
    clock = FRIDAY;
    expect((await ask(teacher, { selectedDay: 'today', isNextMonday: true })).statusCode).toBe(400);
    const res = await ask(teacher, { selectedDay: 'today' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ selectedDay: '2026-03-20', isNextMonday: false, status: 'scheduled' });
    const listed = ReplaceMeStatus.parse((await status(teacher)).json());
    expect(listed.days).toEqual({ today: '2026-03-20', tomorrow: '2026-03-23', isNextMonday: true });
    expect(listed.requests.map((r) => r.selectedDay)).toEqual(['2026-03-20', '2026-03-23']);
  });

  it('refuses today on a Saturday or Sunday in the location’s zone (school days only)', async () => {
    // 14:00 on Friday 20 March in UTC is 01:00 on Saturday 21 March in Sydney.
    try {
      for (const at of ['2026-03-20T14:00:00.000Z', '2026-03-21T23:00:00.000Z']) {
        clock = new Date(at); // Saturday 01:00, then Sunday 10:00 in Sydney
        const res = await ask(teacher, { selectedDay: 'today' });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({
          detail: BOOKING_MESSAGES.replaceMeNotSchoolDay,
          errors: { selectedDay: [BOOKING_MESSAGES.replaceMeNotSchoolDay] },
        });
      }
      clock = new Date('2026-03-20T14:00:00.000Z');
      const listed = ReplaceMeStatus.parse((await status(teacher)).json());
      expect(listed.days).toEqual({ today: '2026-03-21', tomorrow: '2026-03-23', isNextMonday: true });
      // A day away today (Saturday at the school) carries no replace-me offer either.
      const away = await t.app.inject({
        method: 'POST',
        url: '/v1/me/days-away',
        headers: teacher.headers,
        payload: { dateLocal: '2026-03-21', reason: 'sick leave cover', locationId },
      });
      expect(away.statusCode).toBe(201);
      expect(away.json().replaceMe).toMatchObject({ offered: false, selectedDay: null });
    } finally {
      clock = FRIDAY;
    }
  });

  it('makes one request when the same day is asked for three times at once; the others are 409', async () => {
    clock = new Date('2026-03-23T22:00:00.000Z'); // 09:00 on Tuesday 24 March in Sydney
    try {
      const results = await Promise.all(
        [1, 2, 3].map((i) => ask(teacher, { selectedDay: 'today' }, { 'idempotency-key': `replace-me-race-${i}` })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from replace_me_requests r join contacts c on c.id = r.contact_id
            where c.email = 'teacher@demo.test' and r.selected_day = '2026-03-24'`,
      );
      expect(row!.n).toBe(1);
    } finally {
      clock = FRIDAY;
    }
  });

  it('is refused where replace-me is not available, and needs a location when there are several', async () => {
    clock = FRIDAY;
    const viewer = await signIn(t.app, 'bookings.viewer@demo.test');
    const refused = await ask(viewer, { selectedDay: 'today' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(BOOKING_MESSAGES.replaceMeNotAvailable);
    const [foreign] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from locations where client_id <> ${clientId} order by id limit 1`,
    );
    expect((await ask(teacher, { selectedDay: 'today', locationId: foreign!.id })).statusCode).toBe(403);

    // The group admin holds replaceMe_all over the group: tag a second school and it must choose.
    const [second] = await queryRows<{ id: number }>(
      t.database.db,
      sql`update locations set tags = array_append(tags, 'replace_me_feature_enabled')
          where id = (select l.id from locations l join clients c on c.id = l.client_id
                      where c.group_id = (select group_id from clients where id = ${clientId}) and l.id <> ${locationId} order by l.id limit 1)
          returning id`,
    );
    const admin = await signIn(t.app, 'group.admin@demo.test');
    const choose = await ask(admin, { selectedDay: 'today' });
    expect(choose.statusCode).toBe(400);
    expect(choose.json().errors.locationId).toEqual([BOOKING_MESSAGES.replaceMeChooseLocation]);
    const chosen = await ask(admin, { selectedDay: 'today', locationId: second!.id });
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json().locationId).toBe(second!.id);
  });
});
