import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileResponse, UserRecord } from '@portal/contract/profile';
import { allClients, meetsRequirement, ROUTE_REQUIREMENTS } from '@portal/contract/permissions';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn } from '../../../test/auth-client';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function profileOf(email: string): Promise<ProfileResponse> {
  const { headers } = await signIn(t.app, email);
  const res = await t.app.inject({ method: 'GET', url: '/v1/profile', headers });
  expect(res.statusCode).toBe(200);
  return ProfileResponse.parse(res.json());
}

const ALL_SCOPES = ['accounts_all', 'booking_all', 'pendingBooking_all', 'replaceMe_all', 'timesheets_all'];

describe('GET /v1/profile', () => {
  it('gives the group admin the whole group, its permissions flowing down to every school and location', async () => {
    const p = await profileOf('group.admin@demo.test');
    expect(p.contact).toMatchObject({ emailAddress: 'group.admin@demo.test', language: 'en-AU', isClientGroupOverviewEnabled: true });
    expect(p.links.groups).toHaveLength(1);
    const group = p.links.groups[0]!;
    expect(group.access.permissions).toEqual(ALL_SCOPES);
    expect(group.clients.length).toBeGreaterThanOrEqual(5);
    const zones = new Set(group.clients.flatMap((c) => c.locations.map((l) => l.timeZone)));
    expect(zones.size).toBeGreaterThanOrEqual(2);
    for (const c of group.clients) {
      expect(c.access.permissions).toEqual(ALL_SCOPES);
      for (const l of c.locations) expect(l.access.permissions).toEqual(expect.arrayContaining(ALL_SCOPES));
      expect(p.flags[`client:${c.clientId}`]!.booking).toEqual({ view: true, create: true, modify: true, delete: true });
    }
  });

  it.each([
    ['school.admin@demo.test', 'en-NZ', 1],
    ['uk.admin@demo.test', 'en-GB', 3],
    ['us.admin@demo.test', 'en-US', 2],
    ['ca.admin@demo.test', 'en-CA', 1],
  ])('gives %s every scope at its %s clients (%i)', async (email, language, count) => {
    const p = await profileOf(email);
    expect(p.contact.language).toBe(language);
    const clients = allClients(p.links);
    expect(clients).toHaveLength(count);
    for (const c of clients) expect(c.access.permissions).toEqual(ALL_SCOPES);
  });

  it('gives the bookings viewer booking_view only, and the finance contact accounts_view only', async () => {
    const viewer = allClients((await profileOf('bookings.viewer@demo.test')).links);
    expect(viewer).toHaveLength(1);
    expect(viewer[0]!.access.permissions).toEqual(['booking_view']);
    const finance = await profileOf('finance@demo.test');
    const fc = allClients(finance.links);
    expect(fc[0]!.access.permissions).toEqual(['accounts_view']);
    expect(finance.flags[`client:${fc[0]!.clientId}`]!.accounts).toEqual({ view: true, create: false, modify: false, delete: false });
  });

  it('gives the teacher replaceMe_all at one tagged location only', async () => {
    const p = await profileOf('teacher@demo.test');
    const clients = allClients(p.links);
    expect(clients).toHaveLength(1);
    expect(clients[0]!.access.permissions).toEqual([]);
    expect(clients[0]!.locations).toHaveLength(1);
    expect(clients[0]!.locations[0]!.access.permissions).toEqual(['replaceMe_all']);
    expect(clients[0]!.locations[0]!.tags).toContain('replace_me_feature_enabled');
  });

  it('gives the contact without access an empty tree', async () => {
    const p = await profileOf('no.access@demo.test');
    expect(p.links).toEqual({ groups: [], clients: [] });
  });

  it('evaluates the route table of spec §6 per demo account', async () => {
    const expectations: Record<string, Partial<Record<keyof typeof ROUTE_REQUIREMENTS, boolean>>> = {
      'group.admin@demo.test': {
        timesheets: true,
        candidates: true,
        bookingsCreate: true,
        bookingsPendingApproval: true,
        finance: true,
        invoiceDetails: true,
      },
      'bookings.viewer@demo.test': {
        timesheets: false,
        candidates: true,
        bookingsCreate: true,
        bookingsPendingApproval: false,
        finance: false,
        invoiceDetails: false,
      },
      'finance@demo.test': {
        timesheets: false,
        candidates: true,
        bookingsCreate: false,
        bookingsPendingApproval: false,
        finance: true,
        invoiceDetails: true,
      },
      'teacher@demo.test': {
        timesheets: false,
        candidates: false,
        bookingsCreate: false,
        bookingsPendingApproval: false,
        finance: false,
        invoiceDetails: false,
      },
      'pending.booker@demo.test': { bookingsCreate: true, bookingsPendingApproval: true, finance: false },
    };
    for (const [email, routes] of Object.entries(expectations)) {
      const p = await profileOf(email);
      const selectedClientIds = allClients(p.links).map((c) => c.clientId);
      for (const [route, allowed] of Object.entries(routes)) {
        expect(
          meetsRequirement(p.links, ROUTE_REQUIREMENTS[route as keyof typeof ROUTE_REQUIREMENTS], { selectedClientIds }),
          `${email} ${route}`,
        ).toBe(allowed);
      }
    }
  });

  it('lists the general files for download', async () => {
    const p = await profileOf('group.admin@demo.test');
    expect(p.generalFiles.length).toBeGreaterThanOrEqual(1);
    expect(p.generalFiles[0]).toMatchObject({ name: expect.any(String), filePath: expect.any(String) });
  });
});

describe('PUT /v1/profile/language', () => {
  it("keeps the contact's language for the next sign-in, and refuses a locale the portal does not ship", async () => {
    const email = 'bookings.viewer@demo.test';
    const before = (await profileOf(email)).contact.language;
    const next = before === 'en-GB' ? 'en-US' : 'en-GB';
    const { headers } = await signIn(t.app, email);
    const put = (language: unknown, h: Record<string, string> = headers) =>
      t.app.inject({ method: 'PUT', url: '/v1/profile/language', headers: h, payload: { language } });

    const saved = await put(next);
    expect(saved.statusCode).toBe(204);
    // The same session sees it at once (the cached contact is forgotten), and so does a new sign-in.
    const again = await t.app.inject({ method: 'GET', url: '/v1/profile', headers });
    expect(again.json().contact.language).toBe(next);
    expect((await profileOf(email)).contact.language).toBe(next);

    const refused = await put('fr-FR');
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect((await put(next, {})).statusCode).toBe(401);

    expect((await put(before)).statusCode).toBe(204);
    expect((await profileOf(email)).contact.language).toBe(before);
  });
});

describe('GET /api/users/{username}', () => {
  const user = (username: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/users/${username}`, headers });

  it("answers the caller's own record, by its e-mail in any case", async () => {
    const { headers } = await signIn(t.app, 'school.admin@demo.test');
    for (const name of ['school.admin@demo.test', 'School.Admin%40Demo.Test']) {
      const res = await user(name, headers);
      expect(res.statusCode).toBe(200);
      expect(UserRecord.parse(res.json())).toMatchObject({ username: 'school.admin@demo.test', emailAddress: 'school.admin@demo.test' });
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it('is 404 for anyone else, existing or not, and 401 without a session', async () => {
    const { headers } = await signIn(t.app, 'school.admin@demo.test');
    for (const name of ['group.admin@demo.test', 'nobody@demo.test', '..%2F..%2Fv1%2Fprofile', '%00', 'x'.repeat(400), '*']) {
      const res = await user(name, headers);
      expect([400, 404, 414], name).toContain(res.statusCode);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body).not.toContain('group.admin@demo.test');
    }
    expect((await user('group.admin@demo.test', headers)).statusCode).toBe(404);
    expect((await user('school.admin@demo.test')).statusCode).toBe(401);
  });
});
