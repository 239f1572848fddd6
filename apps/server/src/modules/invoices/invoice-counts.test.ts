import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { OutstandingInvoicesCountResponse } from '@portal/contract/dashboard';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';

let t: TestApp;
const who: Record<string, SignedIn> = {};
const URL = '/v1/invoices/outstanding-invoices-count';

beforeAll(async () => {
  t = await buildTestApp();
  for (const email of ['group.admin', 'finance', 'bookings.viewer', 'school.admin', 'no.access']) {
    who[email] = await signIn(t.app, `${email}@demo.test`);
  }
});
afterAll(async () => {
  await t?.close();
});

/** Unpaid invoices of the clients in the contact's tree (through a group or client entry) holding accounts view. */
async function unpaidOf(email: string, clientIds?: number[]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from invoices i where i.paid_at is null and i.client_id in (
          select c.id from clients c join permission_entries pe on (pe.group_id = c.group_id or pe.client_id = c.id)
          join contacts ct on ct.id = pe.contact_id
          where ct.email = ${`${email}@demo.test`} and pe.scope = 'accounts' and pe.modifier in ('view', 'all'))
        ${
          clientIds
            ? sql`and i.client_id in (${sql.join(
                clientIds.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        }`,
  );
  return row!.n;
}

async function clientsOf(email: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`select c.id from clients c join permission_entries pe on (pe.group_id = c.group_id or pe.client_id = c.id)
        join contacts ct on ct.id = pe.contact_id where ct.email = ${`${email}@demo.test`} group by c.id order by c.id`,
  );
  return rows.map((r) => r.id);
}

const get = (url: string, email?: string) => t.app.inject({ method: 'GET', url, headers: email ? who[email]!.headers : {} });

describe('GET /v1/invoices/outstanding-invoices-count', () => {
  it('counts the unpaid invoices over every client whose accounts the caller may view', async () => {
    for (const email of ['group.admin', 'finance', 'school.admin']) {
      const res = await get(URL, email);
      expect(res.statusCode).toBe(200);
      const body = OutstandingInvoicesCountResponse.parse(res.json());
      const expected = await unpaidOf(email);
      expect(expected, email).toBeGreaterThan(0);
      expect(body.outstandingInvoicesCount, email).toBe(expected);
    }
  });

  it('narrows to the clients asked for', async () => {
    const [first, second] = await clientsOf('group.admin');
    const res = await get(`${URL}?clientIds=${first}&clientIds=${second}`, 'group.admin');
    expect(res.json().outstandingInvoicesCount).toBe(await unpaidOf('group.admin', [first!, second!]));
    const one = await get(`${URL}?clientIds=${first}`, 'group.admin');
    expect(one.json().outstandingInvoicesCount).toBe(await unpaidOf('group.admin', [first!]));
  });

  it('refuses callers without accounts view and clients outside the tree', async () => {
    expect((await get(URL, 'bookings.viewer')).statusCode).toBe(403);
    expect((await get(URL, 'no.access')).statusCode).toBe(403);
    expect((await get(URL)).statusCode).toBe(401);
    const [nz] = await clientsOf('school.admin');
    const res = await get(`${URL}?clientIds=${nz}`, 'group.admin');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', detail: "You don't have sufficient permissions to view this page" });
  });

  it('validates clientIds', async () => {
    const res = await get(`${URL}?clientIds=-4`, 'finance');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(['clientIds.0']);
  });
});
