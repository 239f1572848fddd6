import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { LocationsResponse } from '@portal/contract/locations';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';

let t: TestApp;
let admin: SignedIn;
let teacher: SignedIn;
let noAccess: SignedIn;
let groupClientIds: number[];
let nzClientId: number;

beforeAll(async () => {
  t = await buildTestApp();
  groupClientIds = (
    await queryRows<{ id: number }>(
      t.database.db,
      sql`select c.id from clients c join permission_entries pe on pe.group_id = c.group_id join contacts ct on ct.id = pe.contact_id
          where ct.email = 'group.admin@demo.test' group by c.id order by c.id`,
    )
  ).map((r) => r.id);
  nzClientId = (
    await queryRows<{ id: number }>(
      t.database.db,
      sql`select pe.client_id as id from permission_entries pe join contacts ct on ct.id = pe.contact_id where ct.email = 'school.admin@demo.test' limit 1`,
    )
  )[0]!.id;
  [admin, teacher, noAccess] = await Promise.all([
    signIn(t.app, 'group.admin@demo.test'),
    signIn(t.app, 'teacher@demo.test'),
    signIn(t.app, 'no.access@demo.test'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, who?: SignedIn) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

describe('GET /v1/locations', () => {
  it('lists the locations of the selected clients with address and coordinates', async () => {
    const chosen = groupClientIds.slice(0, 2);
    const res = await get(`/v1/locations?clientIds=${chosen[0]}&clientIds=${chosen[1]}`, admin);
    expect(res.statusCode).toBe(200);
    const body = LocationsResponse.parse(res.json());
    const expected = await queryRows<{
      id: number;
      client_id: number;
      suburb: string;
      latitude: number;
      longitude: number;
      time_zone: string;
    }>(
      t.database.db,
      sql`select id, client_id, suburb, latitude, longitude, time_zone from locations where client_id in (${chosen[0]!}, ${chosen[1]!})`,
    );
    expect(body.map((l) => l.locationId).sort()).toEqual(expected.map((e) => e.id).sort());
    for (const e of expected) {
      const l = body.find((x) => x.locationId === e.id)!;
      expect(l).toMatchObject({ clientId: e.client_id, timeZone: e.time_zone });
      expect(l.address).toMatchObject({ suburb: e.suburb, latitude: e.latitude, longitude: e.longitude });
      expect(l.address.fullAddress).toContain(e.suburb);
    }
  });

  it("lists every location of the caller's tree when no client is given, and only its own location for a location-only contact", async () => {
    const all = LocationsResponse.parse((await get('/v1/locations', admin)).json());
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from locations where client_id in (${sql.join(
        groupClientIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(all).toHaveLength(count!.n);
    const mine = LocationsResponse.parse((await get('/v1/locations', teacher)).json());
    expect(mine).toHaveLength(1);
    const [teacherLocation] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select pe.location_id as id from permission_entries pe join contacts ct on ct.id = pe.contact_id where ct.email = 'teacher@demo.test' limit 1`,
    );
    expect(mine[0]!.locationId).toBe(teacherLocation!.id);
  });

  it('refuses clients outside the tree and a contact without any', async () => {
    expect((await get(`/v1/locations?clientIds=${nzClientId}`, admin)).statusCode).toBe(403);
    expect((await get('/v1/locations', noAccess)).statusCode).toBe(403);
    expect((await get('/v1/locations')).statusCode).toBe(401);
    expect((await get('/v1/locations?clientIds=', admin)).statusCode).toBe(400);
  });
});
