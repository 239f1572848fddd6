import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';

let t: TestApp;
let admin: SignedIn;
let teacher: SignedIn;
let groupClients: Array<{ id: number; details: Record<string, unknown> | null }>;
let nzClientId: number;
let teacherClientId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  groupClients = await queryRows(
    db,
    sql`select c.id, c.additional_details as details from clients c join permission_entries pe on pe.group_id = c.group_id
        join contacts ct on ct.id = pe.contact_id where ct.email = 'group.admin@demo.test' group by c.id order by c.id`,
  );
  // Make sure one client of the group has none.
  await db.execute(sql`update clients set additional_details = null where id = ${groupClients.at(-1)!.id}`);
  groupClients.at(-1)!.details = null;
  nzClientId = (
    await queryRows<{ id: number }>(
      db,
      sql`select pe.client_id as id from permission_entries pe join contacts ct on ct.id = pe.contact_id where ct.email = 'school.admin@demo.test' limit 1`,
    )
  )[0]!.id;
  teacherClientId = (
    await queryRows<{ id: number }>(
      db,
      sql`select l.client_id as id from permission_entries pe join contacts ct on ct.id = pe.contact_id join locations l on l.id = pe.location_id
          where ct.email = 'teacher@demo.test' limit 1`,
    )
  )[0]!.id;
  [admin, teacher] = await Promise.all([signIn(t.app, 'group.admin@demo.test'), signIn(t.app, 'teacher@demo.test')]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, who?: SignedIn) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

describe('GET /v1/clients/{id}/additional-details', () => {
  it("answers the client's details, or 204 when it has none", async () => {
    const withDetails = groupClients.find((c) => c.details !== null)!;
    const res = await get(`/v1/clients/${withDetails.id}/additional-details`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(withDetails.details);
    expect(res.json()).toHaveProperty('arrivalInstructions');
    const none = await get(`/v1/clients/${groupClients.at(-1)!.id}/additional-details`, admin);
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
  });

  it('serves any client in the tree, a location-only one included, and refuses the others', async () => {
    expect([200, 204]).toContain((await get(`/v1/clients/${teacherClientId}/additional-details`, teacher)).statusCode);
    const otherClient = groupClients.find((c) => c.id !== teacherClientId)!;
    expect((await get(`/v1/clients/${otherClient.id}/additional-details`, teacher)).statusCode).toBe(403);
    expect((await get(`/v1/clients/${nzClientId}/additional-details`, admin)).statusCode).toBe(403);
    expect((await get('/v1/clients/999999/additional-details', admin)).statusCode).toBe(403);
    expect((await get(`/v1/clients/${nzClientId}/additional-details`)).statusCode).toBe(401);
    const bad = await get('/v1/clients/0/additional-details', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('id');
  });
});
