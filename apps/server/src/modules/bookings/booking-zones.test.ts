import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { queryRows } from '@portal/db/client';
import { BookingDetail } from '@portal/contract/bookings';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { TEST_NOW } from '../../../test/global-setup';
import { signIn, type SignedIn } from '../../../test/auth-client';

/**
 * "Has it started" is decided in the school's own zone: at 02:05 in London, today's 08:40 bookings have not started
 * (a server reading another zone's clock would call them started). For a school in London, Sydney and New York, the detail's actions and cancel are checked a few
 * minutes either side of a booking's local start, on a clock the test moves.
 */

let t: TestApp;
let clock = new Date(TEST_NOW);

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

const ZONES = [
  { zone: 'Europe/London', email: 'uk.admin@demo.test' },
  { zone: 'Australia/Sydney', email: 'group.admin@demo.test' },
  { zone: 'America/New_York', email: 'us.admin@demo.test' },
] as const;

describe.each(ZONES)('a booking at a school in $zone', ({ zone, email }) => {
  let who: SignedIn;
  let booking: { id: number; date: string; start: string; start_utc: string };

  beforeAll(async () => {
    who = await signIn(t.app, email);
    const [row] = await queryRows<{ id: number; date: string; start: string; start_utc: string }>(
      t.database.db,
      sql`select b.id, b.date_local::text as date, to_char(b.start_time_local, 'HH24:MI') as start,
                 to_char(b.start_utc at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as start_utc
          from bookings b join booking_requests r on r.id = b.request_id
          where b.client_id in (select cl.id from clients cl join permission_entries pe on pe.client_id = cl.id or pe.group_id = cl.group_id
                                join contacts c on c.id = pe.contact_id where c.email = ${email})
            and b.time_zone = ${zone} and r.status = 'approved' and b.date_local > '2026-03-18' and b.status in ('unfilled', 'filled')
          order by b.date_local, b.id limit 1`,
    );
    booking = row!;
    await t.database.db.execute(sql`update bookings set status = 'unfilled', candidate_id = null where id = ${booking.id}`);
  });

  const at = (minutesFromStart: number) => {
    // The local start in the school's zone, as the user reads it on the booking.
    const start = DateTime.fromISO(`${booking.date}T${booking.start}`, { zone });
    expect(start.toUTC().toISO({ suppressMilliseconds: true })).toBe(booking.start_utc);
    clock = start.plus({ minutes: minutesFromStart }).toJSDate();
  };
  const detail = async () =>
    BookingDetail.parse((await t.app.inject({ method: 'GET', url: `/v1/bookings/${booking.id}`, headers: who.headers })).json());
  const cancel = (key: string) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/bookings/${booking.id}/cancel`,
      headers: { ...who.headers, 'idempotency-key': key },
      payload: { cancelReason: 'Not needed' },
    });

  it('cannot be cancelled a minute after its local start', async () => {
    at(1);
    expect((await detail()).booking.actions).toMatchObject({ cancel: false, cancelBlockedReason: BOOKING_MESSAGES.cancelCommenced });
    const res = await cancel(`zone-late-${booking.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(BOOKING_MESSAGES.cancelCommenced);
  });

  it('can be cancelled five minutes before its local start (the same day, early morning)', async () => {
    at(-5);
    expect((await detail()).booking.actions).toMatchObject({ cancel: true, cancelBlockedReason: null });
    at(-6 * 60);
    expect((await detail()).booking.actions).toMatchObject({ cancel: true, cancelBlockedReason: null });
    const res = await cancel(`zone-early-${booking.id}`);
    expect(res.statusCode).toBe(200);
    expect(BookingDetail.parse(res.json()).booking.status).toBe('cancelled');
  });
});
