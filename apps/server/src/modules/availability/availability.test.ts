import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { DaysAwayResponse, DayAway } from '@portal/contract/availability';
import { ProfileResponse } from '@portal/contract/profile';
import { allClients } from '@portal/contract/permissions';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { isSchoolDay, nextSchoolDay } from '@portal/contract/school-days';

let t: TestApp;
let teacher: SignedIn;
let location: { locationId: number; timeZone: string };
beforeAll(async () => {
  t = await buildTestApp();
  teacher = await signIn(t.app, 'teacher@demo.test');
  const profile = ProfileResponse.parse((await t.app.inject({ method: 'GET', url: '/v1/profile', headers: teacher.headers })).json());
  location = allClients(profile.links)[0]!.locations[0]!;
});
afterAll(async () => {
  await t?.close();
});

const add = (who: SignedIn, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/v1/me/days-away', headers: who.headers, payload: payload as object });
const today = () => DateTime.now().setZone(location.timeZone).startOf('day');

describe('my days away', () => {
  it('offers replace-me for today at the teacher’s replace-me location (on a school day only)', async () => {
    const res = await add(teacher, {
      dateLocal: today().toISODate(),
      reason: 'sick leave cover',
      locationId: location.locationId,
      note: 'Flu',
    });
    expect(res.statusCode).toBe(201);
    const day = DayAway.parse(res.json());
    // Spec §5: replace-me is for school days; on a Saturday or Sunday at the school today is not offered.
    const schoolDay = isSchoolDay(today().toISODate()!);
    expect(day.replaceMe).toMatchObject({
      offered: schoolDay,
      selectedDay: schoolDay ? 'today' : null,
      isNextMonday: false,
      locationId: location.locationId,
      request: null,
    });
    expect(day.note).toBe('Flu');
  });

  it('offers replace-me for the next school day, labelled next Monday over a weekend', async () => {
    // In the school's zone, as today() is: read in the machine's zone the gap from a Sunday to Monday was over a day.
    const next = DateTime.fromISO(nextSchoolDay(today().toISODate()!), { zone: location.timeZone });
    const res = await add(teacher, { dateLocal: next.toISODate(), reason: 'professional development', locationId: location.locationId });
    expect(res.statusCode).toBe(201);
    const day = DayAway.parse(res.json());
    expect(day.replaceMe.selectedDay).toBe('tomorrow');
    expect(day.replaceMe.isNextMonday).toBe(next.weekday === 1 && next.diff(today(), 'days').days > 1);
  });

  it('makes no offer for later days, or without a location', async () => {
    const later = await add(teacher, {
      dateLocal: today().plus({ days: 20 }).toISODate(),
      reason: 'annual leave cover',
      locationId: location.locationId,
    });
    expect(DayAway.parse(later.json()).replaceMe).toMatchObject({ offered: false, selectedDay: null });
    const nowhere = await add(teacher, { dateLocal: today().plus({ days: 21 }).toISODate(), reason: 'other' });
    expect(DayAway.parse(nowhere.json()).replaceMe).toMatchObject({ offered: false, locationId: null });
  });

  it('lists the days in order and removes one', async () => {
    const list = DaysAwayResponse.parse((await t.app.inject({ method: 'GET', url: '/v1/me/days-away', headers: teacher.headers })).json());
    expect(list.daysAway.map((d) => d.dateLocal)).toEqual([...list.daysAway.map((d) => d.dateLocal)].sort());
    expect(list.daysAway.length).toBeGreaterThanOrEqual(4);
    const last = list.daysAway.at(-1)!;
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/me/days-away/${last.id}`, headers: teacher.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/me/days-away/${last.id}`, headers: teacher.headers })).statusCode).toBe(404);
  });

  it('keeps each contact to its own days', async () => {
    const other = await signIn(t.app, 'school.admin@demo.test');
    const mine = DaysAwayResponse.parse((await t.app.inject({ method: 'GET', url: '/v1/me/days-away', headers: teacher.headers })).json());
    const theirs = DaysAwayResponse.parse((await t.app.inject({ method: 'GET', url: '/v1/me/days-away', headers: other.headers })).json());
    expect(theirs.daysAway).toEqual([]);
    const res = await t.app.inject({ method: 'DELETE', url: `/v1/me/days-away/${mine.daysAway[0]!.id}`, headers: other.headers });
    expect(res.statusCode).toBe(404);
  });

  it('refuses the past, a second entry for one day, and bad input', async () => {
    const past = await add(teacher, { dateLocal: today().minus({ days: 1 }).toISODate(), reason: 'other' });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual({ dateLocal: ['Date cannot be in the past'] });
    const twice = await add(teacher, { dateLocal: today().toISODate(), reason: 'other', locationId: location.locationId });
    expect(twice.statusCode).toBe(409);
    for (const [payload, field] of [
      [{ dateLocal: '2099-13-01', reason: 'other' }, 'dateLocal'],
      [{ dateLocal: '2099-01-01', reason: 'holiday' }, 'reason'],
      [{ dateLocal: '2099-01-01', reason: 'other', note: 'x'.repeat(501) }, 'note'],
      [{ dateLocal: '2099-01-01', reason: 'other', extra: 1 }, 'body'],
      [{ reason: 'other' }, 'dateLocal'],
    ] as const) {
      const res = await add(teacher, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    const range = await t.app.inject({
      method: 'GET',
      url: '/v1/me/days-away?dateFromLocal=2026-05-01&dateToLocal=2026-04-01',
      headers: teacher.headers,
    });
    expect(range.statusCode).toBe(400);
  });
});
