import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@portal/db/client';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { CANCEL_FORBIDDEN } from '../src/modules/bookings/bookings.service';
import { DECIDE_FORBIDDEN } from '../src/modules/pending-bookings/pending-bookings.service';
import { FORBIDDEN_TEXT } from '../src/modules/data-scope/data-scope';
import { describePermission, NEEDS, resolvePermission } from '../src/plugins/route-permission';
import { buildTestApp, type TestApp } from './helpers';
import { signIn } from './auth-client';

/**
 * Routes declare what they need where they are registered; the authenticate hook refuses a caller who holds it
 * nowhere, with the route's own refusal text, before the service looks at the row (spec §6).
 */

describe('resolving a declaration', () => {
  it('checks a need declared per client or location anywhere in the tree (the coarse check)', () => {
    const resolved = resolvePermission({ need: 'timesheets', per: 'location' });
    expect(resolved).toMatchObject({ name: 'timesheets', per: 'location', forbidden: FORBIDDEN_TEXT });
    expect(resolved.requirement?.permissions).toEqual([{ scope: 'timesheets', action: 'view', level: 'group_and_below' }]);
    expect(resolvePermission('timesheets').requirement?.permissions[0]?.level).toBe('selected_client_and_below');
    expect(resolvePermission('signedIn')).toEqual({ forbidden: FORBIDDEN_TEXT });
    expect(resolvePermission({ need: NEEDS.bookingDelete, per: 'location', forbidden: CANCEL_FORBIDDEN }).forbidden).toBe(CANCEL_FORBIDDEN);
  });

  it('says it in a sentence for the API documentation', () => {
    expect(describePermission('finance', {})).toBe('Permission (finance): accounts view anywhere.');
    expect(describePermission(undefined, { public: true })).toBe('Permission: public (no sign-in).');
    expect(describePermission({ need: NEEDS.anyBooking, per: 'client' }, {})).toBe(
      'Permission: one of: booking (any action) anywhere; pendingBooking (any action) anywhere, checked per client of the row the call names (403 or 404 outside it).',
    );
    expect(describePermission({ need: 'signedIn', per: 'group', feature: 'clientGroupOverview' }, {})).toContain(
      'isClientGroupOverviewEnabled',
    );
  });
});

describe('the hook refuses with the route’s own text', () => {
  let t: TestApp;
  const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0]!;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a booking viewer’s cancel with CANCEL_FORBIDDEN and changes nothing', async () => {
    const viewer = await signIn(t.app, 'bookings.viewer@demo.test');
    const booking = await one<{ id: number; status: string }>(sql`
      select b.id, b.status::text as status from bookings b join permission_entries pe on pe.client_id = b.client_id
      join contacts c on c.id = pe.contact_id where c.email = 'bookings.viewer@demo.test' and b.status = 'unfilled'
      order by b.id limit 1`);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/bookings/${booking.id}/cancel`,
      headers: { ...viewer.headers, 'idempotency-key': 'route-permission-cancel-0001' },
      payload: { cancelReason: 'Not mine to cancel' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', detail: CANCEL_FORBIDDEN });
    const after = await one<{ status: string }>(sql`select status::text as status from bookings where id = ${booking.id}`);
    expect(after.status).toBe(booking.status);
  });

  it('answers a booking viewer’s approval with DECIDE_FORBIDDEN', async () => {
    const viewer = await signIn(t.app, 'bookings.viewer@demo.test');
    const request = await one<{ id: number }>(sql`select id from booking_requests order by id limit 1`);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/pending-bookings/${request.id}/action`,
      headers: { ...viewer.headers, 'idempotency-key': 'route-permission-decide-0001' },
      payload: { action: 'accept' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(DECIDE_FORBIDDEN);
  });

  it('answers replace-me without the permission anywhere with its own text, and other routes with the generic one', async () => {
    const nobody = await signIn(t.app, 'no.access@demo.test');
    const status = await t.app.inject({ method: 'GET', url: '/v1/bookings/replace-me-status?clientId=1', headers: nobody.headers });
    expect(status.statusCode).toBe(403);
    expect(status.json().detail).toBe(BOOKING_MESSAGES.replaceMeNotAvailable);
    const finance = await signIn(t.app, 'finance@demo.test');
    const overview = await t.app.inject({
      method: 'GET',
      url: '/v1/bookings/overview?dateFromLocal=2026-03-01&dateToLocal=2026-03-31',
      headers: finance.headers,
    });
    expect(overview.statusCode).toBe(403);
    expect(overview.json().detail).toBe(FORBIDDEN_TEXT);
  });
});
