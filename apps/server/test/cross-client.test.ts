import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { buildTestApp, type TestApp } from './helpers';
import { signIn, type SignedIn } from './auth-client';

/**
 * A contact of one client can never read or change another client's data. Every authenticated /v1 endpoint
 * must be listed here: either as reading or changing only the caller's own record, as serving no client's data
 * at all, or with a case that aims it at another client's data and expects a refusal (403, or 404 where
 * existence itself must not leak).
 * A new endpoint without an entry fails the first test.
 */

interface Ctx {
  /** Signed in as the NZ school admin (one client). */
  outsider: SignedIn;
  /** Ids belonging to the Australian group, which the outsider cannot reach. */
  foreign: { clientId: number; locationId: number; groupId: number };
}

const SELF_ONLY = new Set(['GET /v1/profile', 'POST /v1/auth/change-password', 'GET /v1/me/days-away', 'DELETE /v1/me/days-away/:id']);

/** Endpoints that serve no client's data: the same help files to every signed-in contact. */
const NO_CLIENT_DATA = new Set(['GET /v1/file/general', 'GET /v1/file/generateAccessToken/:id']);

const CASES: Record<string, (ctx: Ctx) => InjectOptions> = {
  // A day away at another client's location.
  'POST /v1/me/days-away': ({ foreign }) => ({
    method: 'POST',
    url: '/v1/me/days-away',
    payload: { dateLocal: '2099-06-01', reason: 'sick leave cover', locationId: foreign.locationId },
  }),
  'GET /v1/bookings/overview': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/bookings/overview?clientIds=${foreign.clientId}&dateFromLocal=2026-03-01&dateToLocal=2026-03-31`,
  }),
  'GET /v1/bookings/summary': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/bookings/summary?clientIds=${foreign.clientId}&dateFromLocal=2026-03-16`,
  }),
  'GET /v1/clients/:clientId/bookings/summary': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/clients/${foreign.clientId}/bookings/summary?timeZone=Australia/Sydney&dateFromLocal=2025-04-01&dateToLocal=2026-03-31`,
  }),
  'GET /v1/invoices/outstanding-invoices-count': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/invoices/outstanding-invoices-count?clientIds=${foreign.clientId}`,
  }),
  'GET /v1/timesheets/overview': ({ foreign }) => ({ method: 'GET', url: `/v1/timesheets/overview?clientIds=${foreign.clientId}` }),
  'GET /v1/client-groups/:id/overview': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/client-groups/${foreign.groupId}/overview?filterDate=2026-03-16&timeZone=Australia/Sydney`,
  }),
  'GET /v1/clients/:id/additional-details': ({ foreign }) => ({ method: 'GET', url: `/v1/clients/${foreign.clientId}/additional-details` }),
  'GET /v1/locations': ({ foreign }) => ({ method: 'GET', url: `/v1/locations?clientIds=${foreign.clientId}` }),
};

let t: TestApp;
let ctx: Ctx;
beforeAll(async () => {
  t = await buildTestApp();
  const [row] = await queryRows<{ client_id: number; location_id: number; group_id: number }>(
    t.database.db,
    sql`select c.id as client_id, l.id as location_id, g.id as group_id
        from contacts ct join permission_entries pe on pe.contact_id = ct.id join client_groups g on g.id = pe.group_id
        join clients c on c.group_id = g.id join locations l on l.client_id = c.id
        where ct.email = 'group.admin@demo.test' order by c.id, l.id limit 1`,
  );
  ctx = {
    outsider: await signIn(t.app, 'school.admin@demo.test'),
    foreign: { clientId: row!.client_id, locationId: row!.location_id, groupId: row!.group_id },
  };
});
afterAll(async () => {
  await t?.close();
});

describe('cross-client isolation', () => {
  it('has a case (or a self-only entry) for every authenticated endpoint', () => {
    const guarded = t.app.routeCatalogue
      .filter((r) => r.url.startsWith('/v1/') && !r.public && !r.staff)
      .map((r) => `${r.method} ${r.url}`);
    const missing = guarded.filter((r) => !SELF_ONLY.has(r) && !NO_CLIENT_DATA.has(r) && !CASES[r]);
    expect(missing).toEqual([]);
  });

  for (const [route, make] of Object.entries(CASES)) {
    it(`refuses ${route} aimed at another client`, async () => {
      const options = make(ctx);
      const res = await t.app.inject({ ...options, headers: { ...ctx.outsider.headers, ...(options.headers ?? {}) } });
      expect([403, 404]).toContain(res.statusCode);
    });
  }

  it('answers the profile with the caller\u2019s own tree only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/profile', headers: ctx.outsider.headers });
    const body = res.json();
    expect(JSON.stringify(body.links)).not.toContain(`"clientId":${ctx.foreign.clientId},`);
    expect(body.contact.emailAddress).toBe('school.admin@demo.test');
  });
});
