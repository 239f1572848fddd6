import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { AccessTokens } from '../src/modules/identity/access-tokens';
import { startFamily } from '../src/modules/identity/identity.repository';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Provider staff leave a trail: every write of a staff route (with the staff user), the start and end of each
 * impersonation, and the reads made while impersonating (one row per route and sign-in at least).
 */
let t: TestApp;
let staffId: number;
let familyId: string;
let bearer: string;

const count = async (where: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log where ${where}`))[0]!.n;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  [{ id: staffId }] = (await queryRows<{ id: number }>(db, sql`select id from staff_users where email = 'staff@provider.test'`)) as [
    { id: number },
  ];
  const family = await startFamily(db, { staffUserId: staffId }, { idleSeconds: 3600, absoluteSeconds: 3600 }, new Date());
  familyId = family.familyId;
  const tokens = new AccessTokens(t.app.config.jwtSecret!, t.app.config.publicOrigin, 900);
  bearer = `Bearer ${await tokens.sign({ kind: 'staff', staffUserId: staffId }, familyId)}`;
});
afterAll(async () => {
  await t?.close();
});

describe('the staff trail', () => {
  it('records every write of every staff route with its staff user, whatever the answer', async () => {
    const writes = t.app.routeCatalogue.filter((r) => r.staff && r.method !== 'GET' && r.method !== 'HEAD');
    expect(writes.length).toBeGreaterThan(3);
    const missing: string[] = [];
    for (const route of writes) {
      const action = `${route.method} ${route.url}`;
      const before = await count(sql`action = ${action} and staff_user_id = ${staffId}`);
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: route.url.replace(/:[A-Za-z]+/g, '1'),
        headers: { authorization: bearer, 'idempotency-key': `staff-audit-${route.method}-${route.url}` },
        payload: {},
      });
      expect(res.statusCode, `${action}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      if ((await count(sql`action = ${action} and staff_user_id = ${staffId}`)) !== before + 1) missing.push(action);
    }
    expect(missing, 'staff writes without an audit row').toEqual([]);
  });

  it('records when an impersonation starts, each route read while impersonating once, and the end at sign-out', async () => {
    const [{ id: contactId }] = (await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from contacts where email = 'uk.admin@demo.test'`,
    )) as [{ id: number }];
    const headers = { authorization: bearer, 'impersonated-contact': String(contactId) };
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/v1/profile', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/locations', headers })).statusCode).toBeLessThan(500);
    const ofThis = sql`contact_id = ${contactId} and staff_user_id = ${staffId} and details->>'familyId' = ${familyId}`;
    expect(await count(sql`action = 'impersonation.started' and ${ofThis}`)).toBe(1);
    expect(await count(sql`action = 'GET /v1/profile' and ${ofThis}`)).toBe(1);
    expect(await count(sql`action = 'GET /v1/locations' and ${ofThis}`)).toBe(1);
    const [row] = await queryRows<{ ip: string | null }>(
      t.database.db,
      sql`select ip from audit_log where action = 'impersonation.started' and ${ofThis}`,
    );
    expect(row!.ip).toBeTruthy();

    const out = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { authorization: bearer } });
    expect(out.statusCode).toBe(204);
    expect(await count(sql`action = 'impersonation.ended' and ${ofThis}`)).toBe(1);
    expect(await count(sql`action = 'staff.signed-out' and staff_user_id = ${staffId} and details->>'familyId' = ${familyId}`)).toBe(1);
  });
});
