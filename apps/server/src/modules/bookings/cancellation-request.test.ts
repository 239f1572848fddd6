import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { BookingDetail, CancellationRequestSent } from '@portal/contract/bookings';
import { RuntimeConfig } from '@portal/contract/runtime-config';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { TEST_NOW } from '../../../test/global-setup';
import { signIn, type SignedIn } from '../../../test/auth-client';

/** Asking the provider to cancel what cannot be cancelled online (spec §4), and where the office's contacts come from. */

let t: TestApp;
let uk: SignedIn;
let viewer: SignedIn;

const one = async <T>(query: SQL) => (await queryRows<T>(t.database.db, query))[0]!;
const ask = (id: number, who: SignedIn, reason: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/bookings/${id}/cancellation-request`,
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { reason },
  });
const ukBooking = (status: string) =>
  one<{ id: number }>(sql`select b.id from bookings b join clients c on c.id = b.client_id
    where c.country = 'GB' and b.status = ${status} and b.date_local > '2026-03-17' order by b.date_local, b.id limit 1`);
const mailsTo = async (to: string, text: string) =>
  (await one<{ n: number }>(sql`select count(*)::int as n from outbox_messages where to_address = ${to} and text_body like ${`%${text}%`}`))
    .n;

beforeAll(async () => {
  t = await buildTestApp({
    now: () => new Date(TEST_NOW),
    env: { PROVIDER_CONTACTS: '{"en-CA":{"phone":"1-800-555-0100","email":"ca.office@provider.test"}}' },
  });
  [uk, viewer] = await Promise.all([signIn(t.app, 'uk.admin@demo.test'), signIn(t.app, 'bookings.viewer@demo.test')]);
});
afterAll(async () => {
  await t?.close();
});

describe('provider contacts', () => {
  it('are in the runtime configuration per region: demo defaults, overridden by PROVIDER_CONTACTS', async () => {
    const config = RuntimeConfig.parse((await t.app.inject({ method: 'GET', url: '/config.runtime.json' })).json());
    expect(config.providerContacts['en-GB']).toEqual({ phone: '020 7946 0958', email: 'bookings.uk@provider.test' });
    expect(config.providerContacts['en-CA']).toEqual({ phone: '1-800-555-0100', email: 'ca.office@provider.test' });
    expect(config.providerContacts.en).toBeDefined();
  });

  it('the booking detail names its region', async () => {
    const { id } = await ukBooking('filled');
    const detail = BookingDetail.parse((await t.app.inject({ method: 'GET', url: `/v1/bookings/${id}`, headers: uk.headers })).json());
    expect(detail.region).toBe('en-GB');
    expect(detail.booking.actions.cancelBlockedReason).toBe(BOOKING_MESSAGES.cancelAssigned);
  });
});

describe('POST /v1/bookings/{id}/cancellation-request', () => {
  it('e-mails the office of the school’s region once per Idempotency-Key, audited', async () => {
    const { id } = await ukBooking('filled');
    const reason = `Trip cancelled ${id}`;
    const first = await ask(id, uk, reason, `cancel-request-${id}`);
    expect(first.statusCode).toBe(202);
    const sent = CancellationRequestSent.parse(first.json());
    expect(sent).toMatchObject({ bookingId: id, sentTo: 'bookings.uk@provider.test', phone: '020 7946 0958' });
    await t.app.mailer.drain();
    expect(await mailsTo('bookings.uk@provider.test', reason)).toBe(1);

    const again = await ask(id, uk, reason, `cancel-request-${id}`);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    await t.app.mailer.drain();
    expect(await mailsTo('bookings.uk@provider.test', reason)).toBe(1);

    const audited = await one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'booking.cancellation_requested' and entity_id = ${String(id)}`,
    );
    expect(audited.n).toBe(1);
    // The booking itself is untouched: the provider cancels it.
    expect((await one<{ status: string }>(sql`select status::text from bookings where id = ${id}`)).status).toBe('filled');
  });

  it('sends one request per booking: a second, or six at once, get 409 naming the first and its time; one e-mail', async () => {
    const { id } = await one<{ id: number }>(sql`select b.id from bookings b join clients c on c.id = b.client_id
      where c.country = 'GB' and b.status = 'filled' and b.date_local > '2026-03-17' order by b.date_local, b.id offset 3 limit 1`);
    const reason = `Excursion moved ${id}`;
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => ask(id, uk, reason, `race-${id}-${i}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409, 409, 409, 409, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!.json<{ detail: string; code: string }>();
    expect(refused.code).toBe('conflict');
    expect(refused.detail).toMatch(
      /^A cancellation request for this booking was already sent by .+ on .+ to bookings\.uk@provider\.test\./,
    );
    const later = await ask(id, uk, 'Another reason', `later-${id}`);
    expect(later.statusCode).toBe(409);
    expect(later.json().detail).toBe(refused.detail);
    await t.app.mailer.drain();
    expect(await mailsTo('bookings.uk@provider.test', reason)).toBe(1);
    expect(await mailsTo('bookings.uk@provider.test', 'Another reason')).toBe(0);
    const recorded = await one<{ n: number }>(sql`select count(*)::int as n from cancellation_requests where booking_id = ${id}`);
    expect(recorded.n).toBe(1);
  });

  it('is refused for a booking that can still be cancelled online (409), without a reason (400), without booking delete (403)', async () => {
    const unfilled = await ukBooking('unfilled');
    const res = await ask(unfilled.id, uk, 'Not needed');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(BOOKING_MESSAGES.cancellationRequestNotNeeded);
    const { id } = await ukBooking('filled');
    expect((await ask(id, uk, '  ')).statusCode).toBe(400);
    expect((await ask(id, viewer, 'Not needed')).statusCode).toBe(403);
  });
});
