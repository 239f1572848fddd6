import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { GroupOverviewResponse } from '@portal/contract/group-overview';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';

let t: TestApp;
let admin: SignedIn;
let ukAdmin: SignedIn;
let pendingBooker: SignedIn;
let noFlag: SignedIn;
let groupId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  groupId = (
    await queryRows<{ id: number }>(
      db,
      sql`select pe.group_id as id from permission_entries pe join contacts ct on ct.id = pe.contact_id
          where ct.email = 'group.admin@demo.test' and pe.group_id is not null limit 1`,
    )
  )[0]!.id;
  // A contact with a permission at the group but without the group overview flag.
  await db.execute(sql`insert into contacts (first_name, last_name, email, password_hash, language, is_client_group_overview_enabled)
    select 'No', 'Flag', 'no.flag@demo.test', password_hash, language, false from contacts where email = 'group.admin@demo.test'`);
  await db.execute(sql`insert into permission_entries (contact_id, group_id, scope, modifier)
    select id, ${groupId}, 'booking', 'view' from contacts where email = 'no.flag@demo.test'`);
  [admin, ukAdmin, pendingBooker, noFlag] = await Promise.all([
    signIn(t.app, 'group.admin@demo.test'),
    signIn(t.app, 'uk.admin@demo.test'),
    signIn(t.app, 'pending.booker@demo.test'),
    signIn(t.app, 'no.flag@demo.test'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, who?: SignedIn) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

describe('GET /v1/client-groups/{id}/overview', () => {
  it('gives every location of the group its open and total bookings and fill rate on the date', async () => {
    const res = await get(`/v1/client-groups/${groupId}/overview?filterDate=2026-03-16&timeZone=Australia/Sydney`, admin);
    expect(res.statusCode).toBe(200);
    const rows = GroupOverviewResponse.parse(res.json());
    const expected = await queryRows<{
      location_id: number;
      client_id: number;
      client_name: string;
      location_name: string;
      address_line1: string;
      latitude: number | null;
      total: number;
      open: number;
    }>(
      t.database.db,
      sql`select l.id as location_id, c.id as client_id, c.name as client_name, l.name as location_name, l.address_line1, l.latitude,
            (select count(*)::int from bookings b where b.location_id = l.id and b.date_local = '2026-03-16' and b.status not in ('cancelled', 'rejected')) as total,
            (select count(*)::int from bookings b where b.location_id = l.id and b.date_local = '2026-03-16' and b.status = 'unfilled') as open
          from locations l join clients c on c.id = l.client_id where c.group_id = ${groupId}`,
    );
    expect(rows).toHaveLength(expected.length);
    expect(expected.length).toBeGreaterThanOrEqual(6);
    for (const e of expected) {
      const row = rows.find((r) => r.locationId === e.location_id)!;
      expect(row).toMatchObject({
        clientId: e.client_id,
        clientName: e.client_name,
        locationName: e.location_name,
        totalBookings: e.total,
        openBookings: e.open,
        filledBookings: e.total - e.open,
        fillRatePercentage: e.total === 0 ? -1 : Math.round(((e.total - e.open) / e.total) * 100),
        displayName: e.client_name === e.location_name ? e.client_name : `${e.client_name} - ${e.location_name}`,
      });
      expect(row.address.line1).toBe(e.address_line1);
      expect(row.address.latitude).toBe(e.latitude);
      expect(row.address.fullAddress).toContain(e.address_line1);
    }
    expect(rows.some((r) => r.totalBookings > 0)).toBe(true);
  });

  it('answers -1 as the fill rate on a day without bookings', async () => {
    const res = await get(`/v1/client-groups/${groupId}/overview?filterDate=2026-03-15&timeZone=Australia/Sydney`, admin);
    const rows = GroupOverviewResponse.parse(res.json());
    expect(rows.every((r) => r.totalBookings === 0 && r.fillRatePercentage === -1 && r.filledBookings === 0)).toBe(true);
  });

  it("uses today in the caller's time zone when no date is given", async () => {
    const res = await get(`/v1/client-groups/${groupId}/overview?timeZone=Australia/Perth`, admin);
    expect(res.statusCode).toBe(200);
    expect(GroupOverviewResponse.parse(res.json()).length).toBeGreaterThanOrEqual(6);
  });

  it('refuses contacts without the flag or without a permission at the group, and 404s an unknown group', async () => {
    const url = `/v1/client-groups/${groupId}/overview?filterDate=2026-03-16&timeZone=Australia/Sydney`;
    expect((await get(url, ukAdmin)).statusCode).toBe(403);
    expect((await get(url, pendingBooker)).statusCode).toBe(403);
    expect((await get(url, noFlag)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
    const unknown = await get('/v1/client-groups/999999/overview?filterDate=2026-03-16&timeZone=Australia/Sydney', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers 304 to its ETag while the day stands, and the new counts once a booking of the day changes', async () => {
    const url = `/v1/client-groups/${groupId}/overview?filterDate=2026-03-16&timeZone=Australia/Sydney`;
    const first = await get(url, admin);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"v\./);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({ method: 'GET', url, headers: { ...admin.headers, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const [booking] = await queryRows<{ id: number; location_id: number }>(
      t.database.db,
      sql`select b.id, b.location_id from bookings b join clients c on c.id = b.client_id
          where c.group_id = ${groupId} and b.date_local = '2026-03-16' and b.status not in ('cancelled', 'rejected') limit 1`,
    );
    const before = GroupOverviewResponse.parse(first.json()).find((r) => r.locationId === booking!.location_id)!;
    await t.database.db.execute(sql`update bookings set status = 'cancelled' where id = ${booking!.id}`);

    const revalidated = await t.app.inject({ method: 'GET', url, headers: { ...admin.headers, 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.headers.etag).not.toBe(etag);
    const after = GroupOverviewResponse.parse(revalidated.json()).find((r) => r.locationId === booking!.location_id)!;
    expect(after.totalBookings).toBe(before.totalBookings - 1);
  });

  it.each([
    ['filterDate=2026-03-16&timeZone=Australia/Atlantis', 'timeZone'],
    ['filterDate=2026-03-16', 'timeZone'],
    ['filterDate=2026-3-16&timeZone=Australia/Sydney', 'filterDate'],
    ['filterDate=2026-03-16&timeZone=Australia/Sydney&extra=1', 'querystring'],
  ])('answers 400 for %s', async (query, field) => {
    const res = await get(`/v1/client-groups/${groupId}/overview?${query}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty([field]);
  });
});
