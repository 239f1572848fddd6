import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { BookingLocationListResponse, type BookingLocation } from '@portal/contract/booking-reference';
import type { CreateBookingBody } from '@portal/contract/bookings';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { bookingRequestAt } from '../../../test/booking-request';
import { flushBookingNotifications } from './booking-notifications';
import { policiesVersionOf } from './policies-version';

/**
 * The booking policies' acceptance, remembered per contact and policy version: POST /v1/bookings records it with
 * the request, the location list tells the form, a later request need not agree again, a changed text asks again,
 * and another contact's acceptance does not count.
 */

const TEST_NOW = inject('testNow');
const clock = new Date(TEST_NOW);
let t: TestApp;
let nz: SignedIn;
let admin: SignedIn;
let nzContactId: number;
let base: CreateBookingBody;
let location: BookingLocation;

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  await queryRows(t.database.db, sql`delete from location_restrictions`);
  await queryRows(t.database.db, sql`delete from policy_acceptances`);
  [nz, admin] = await Promise.all([signIn(t.app, 'school.admin@demo.test'), signIn(t.app, 'group.admin@demo.test')]);
  const [me] = await rows<{ id: number }>(sql`select id from contacts where email = 'school.admin@demo.test'`);
  nzContactId = me!.id;
  const setup = await bookingRequestAt(t.app, nz, 'Pacific/Auckland');
  base = setup.body;
  location = setup.location;
});
afterAll(async () => {
  await flushBookingNotifications();
  await t?.close();
});

async function rows<T>(query: ReturnType<typeof sql>) {
  return queryRows<T>(t.database.db, query);
}
let dayIndex = 0;
/** A new weekday for each request (Tuesday 17 March 2026 onwards, weekdays only), so none meets another's limits. */
function nextDate(): string {
  const days: string[] = [];
  for (let d = new Date('2026-03-17T00:00:00Z'); days.length <= dayIndex; d.setUTCDate(d.getUTCDate() + 1))
    if (![0, 6].includes(d.getUTCDay())) days.push(d.toISOString().slice(0, 10));
  dayIndex++;
  return days[days.length - 1]!;
}
const post = (as: SignedIn, body: object) => t.app.inject({ method: 'POST', url: '/v1/bookings', headers: as.headers, payload: body });
const body = (over: Partial<CreateBookingBody> & Record<string, unknown> = {}) => ({
  ...structuredClone(base),
  dates: [nextDate()],
  ...over,
});
async function locationOf(as: SignedIn, locationId: number): Promise<BookingLocation> {
  const res = await t.app.inject({ method: 'GET', url: '/v1/locations/booking-location-list', headers: as.headers });
  return BookingLocationListResponse.parse(res.json()).find((l) => l.locationId === locationId)!;
}
const acceptances = (contactId: number, clientId: number) =>
  rows<{ policies_version: string; accepted_at: string }>(
    sql`select policies_version, to_char(accepted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as accepted_at
        from policy_acceptances where contact_id = ${contactId} and client_id = ${clientId} order by accepted_at`,
  );

describe('booking policies remembered per contact and version', () => {
  it('the location list gives the version of the policy text and no acceptance before one', async () => {
    const listed = await locationOf(nz, location.locationId);
    expect(listed.rules.policiesVersion).toBe(policiesVersionOf(listed.rules.policiesMarkdown));
    expect(listed.rules.policiesVersion).toMatch(/^[0-9a-f]{16}$/);
    expect(listed.rules.policiesAcceptedAt).toBeNull();
  });

  it('asks a contact who never agreed', async () => {
    const res = await post(nz, body({ policiesAgreed: false }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.policiesAgreed).toEqual([BOOKING_MESSAGES.policiesAgreed]);
    expect(await acceptances(nzContactId, location.clientId)).toEqual([]);
  });

  it('records nothing when the request is refused for another reason, though the policies were agreed to', async () => {
    const res = await post(nz, body({ dates: ['2026-03-21'] }));
    expect(res.statusCode, res.body).toBe(400);
    expect(await acceptances(nzContactId, location.clientId)).toEqual([]);
  });

  it('records the agreement with the request, and the list then says when', async () => {
    const version = location.rules.policiesVersion;
    const res = await post(nz, body({ policiesAgreed: true, policiesVersion: version }));
    expect(res.statusCode, res.body).toBe(201);
    expect(await acceptances(nzContactId, location.clientId)).toEqual([{ policies_version: version, accepted_at: clock.toISOString() }]);
    expect((await locationOf(nz, location.locationId)).rules.policiesAcceptedAt).toBe(clock.toISOString());
  });

  it('does not ask again: a request without agreeing now is accepted, the first date of the agreement kept', async () => {
    const res = await post(nz, body({ policiesAgreed: false, policiesVersion: location.rules.policiesVersion }));
    expect(res.statusCode, res.body).toBe(201);
    const again = await post(nz, body({ policiesAgreed: false }));
    expect(again.statusCode, again.body).toBe(201);
    expect(await acceptances(nzContactId, location.clientId)).toHaveLength(1);
  });

  it("does not count another contact's agreement", async () => {
    const own = await bookingRequestAt(t.app, admin, 'Australia/Sydney');
    const version = own.location.rules.policiesVersion;
    await rows(sql`insert into policy_acceptances (contact_id, client_id, policies_version, accepted_at)
                   values (${nzContactId}, ${own.location.clientId}, ${version}, now())`);
    expect((await locationOf(admin, own.location.locationId)).rules.policiesAcceptedAt).toBeNull();
    const res = await post(admin, { ...own.body, dates: [nextDate()], policiesAgreed: false, policiesVersion: version });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.policiesAgreed).toEqual([BOOKING_MESSAGES.policiesAgreed]);
  });

  it('asks again once the policy text changes, and refuses an agreement to the old text', async () => {
    const old = location.rules.policiesVersion;
    await rows(sql`update clients set policies_markdown = coalesce(policies_markdown, '') || ${'\n\nNew: cancel by 7am.'}
                   where id = ${location.clientId}`);
    const listed = await locationOf(nz, location.locationId);
    expect(listed.rules.policiesVersion).not.toBe(old);
    expect(listed.rules.policiesAcceptedAt).toBeNull();

    const notAgreed = await post(nz, body({ policiesAgreed: false }));
    expect(notAgreed.statusCode, notAgreed.body).toBe(400);
    expect(notAgreed.json().errors.policiesAgreed).toEqual([BOOKING_MESSAGES.policiesAgreed]);
    // The form was opened on the old text: agreeing to it, or relying on the old agreement, is refused.
    for (const policiesAgreed of [true, false]) {
      const stale = await post(nz, body({ policiesAgreed, policiesVersion: old }));
      expect(stale.statusCode, stale.body).toBe(422);
      expect(stale.json().errors.policiesAgreed).toEqual([BOOKING_MESSAGES.policiesChanged]);
    }

    const agreed = await post(nz, body({ policiesAgreed: true, policiesVersion: listed.rules.policiesVersion }));
    expect(agreed.statusCode, agreed.body).toBe(201);
    expect((await acceptances(nzContactId, location.clientId)).map((a) => a.policies_version)).toEqual([old, listed.rules.policiesVersion]);
    expect((await locationOf(nz, location.locationId)).rules.policiesAcceptedAt).toBe(clock.toISOString());
  });

  it('two agreeing requests at once keep one acceptance', async () => {
    await rows(sql`delete from policy_acceptances where contact_id = ${nzContactId}`);
    const version = (await locationOf(nz, location.locationId)).rules.policiesVersion;
    const [a, b] = await Promise.all([
      post(nz, body({ policiesAgreed: true, policiesVersion: version })),
      post(nz, body({ policiesAgreed: true, policiesVersion: version })),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(await acceptances(nzContactId, location.clientId)).toHaveLength(1);
  });

  it('refuses odd input naming the field: a huge or non-text version, a stray acceptance date, a text for the flag', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ policiesVersion: 'x'.repeat(10_000) }, 'policiesVersion'],
      [{ policiesVersion: 42 }, 'policiesVersion'],
      [{ policiesVersion: ['a'] }, 'policiesVersion'],
      [{ policiesAgreed: 'true' }, 'policiesAgreed'],
      [{ policiesAgreed: null }, 'policiesAgreed'],
    ];
    for (const [over, field] of cases) {
      const res = await post(nz, body(over));
      expect(res.statusCode, `${JSON.stringify(over).slice(0, 60)}: ${res.body.slice(0, 300)}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
      expect(Object.keys(res.json().errors ?? {}).join(' ')).toContain(field);
    }
    const stray = await post(nz, body({ policiesAcceptedAt: '2020-01-01T00:00:00Z' }));
    expect(stray.statusCode, stray.body).toBe(400);
  });
});
