import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { DEMO_PASSWORD, signIn } from '../../../test/auth-client';
import { AccessTokens } from './access-tokens';
import { startFamily } from './identity.repository';

/**
 * Provider staff set whether a school group requires a second step (docs/decisions/027), over HTTP: the setting
 * itself, its effect on the group's next password sign-in, its trail, and the attacks on the route.
 */
let t: TestApp;
let staffId: number;
let staff: Record<string, string>;
let groupId: number;
let otherGroupId: number;

const EMAIL = 'uk.admin@demo.test';
const url = (id: number | string) => `/v1/provider/client-groups/${id}/second-step`;
const required = async (id: number) =>
  (await queryRows<{ r: boolean }>(t.database.db, sql`select second_step_required as r from client_groups where id = ${id}`))[0]!.r;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  staffId = (await queryRows<{ id: number }>(db, sql`select id from staff_users where email = 'staff@provider.test'`))[0]!.id;
  const family = await startFamily(db, { staffUserId: staffId }, { idleSeconds: 3600, absoluteSeconds: 3600 }, new Date());
  const tokens = new AccessTokens(t.app.config.jwtSecret!, t.app.config.publicOrigin, 900);
  staff = { authorization: `Bearer ${await tokens.sign({ kind: 'staff', staffUserId: staffId }, family.familyId)}` };
  // The group the contact holds a permission on (directly), and one it does not.
  groupId = (
    await queryRows<{ id: number }>(
      db,
      sql`select pe.group_id as id from permission_entries pe join contacts c on c.id = pe.contact_id where c.email = ${EMAIL} and pe.group_id is not null order by pe.group_id limit 1`,
    )
  )[0]!.id;
  otherGroupId = (await queryRows<{ id: number }>(db, sql`select id from client_groups where id <> ${groupId} order by id limit 1`))[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('provider staff set a group’s second-step requirement', () => {
  it('answers the setting, sets it, and setting it again changes nothing', async () => {
    const read = await t.app.inject({ method: 'GET', url: url(groupId), headers: staff });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ required: false });
    expect(read.headers['cache-control']).toBe('no-store');
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'PUT', url: url(groupId), headers: staff, payload: { required: true } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ required: true });
    }
    expect(await required(groupId)).toBe(true);
    expect(await required(otherGroupId)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: url(groupId), headers: staff })).json()).toEqual({ required: true });
  });

  it("leads the group's contact without a second step through setting one up at the next sign-in; off again, the password alone", async () => {
    const login = () => t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: EMAIL, password: DEMO_PASSWORD } });
    const on = await login();
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ mfaEnrolmentRequired: true });
    expect(on.json().accessToken).toBeUndefined();
    const off = await t.app.inject({ method: 'PUT', url: url(groupId), headers: staff, payload: { required: false } });
    expect(off.json()).toEqual({ required: false });
    const plain = await login();
    expect(plain.statusCode).toBe(200);
    expect(plain.json().accessToken).toBeDefined();
  });

  it('records each setting in the audit log with the staff user and the group', async () => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from audit_log where action = 'PUT /v1/provider/client-groups/:groupId/second-step' and staff_user_id = ${staffId} and details->'params'->>'groupId' = ${String(groupId)}`,
        )
      )[0]!.n;
    const before = await count();
    await t.app.inject({ method: 'PUT', url: url(groupId), headers: staff, payload: { required: false } });
    expect(await count()).toBe(before + 1);
  });
});

describe('attacks on the setting', () => {
  it('refuses anyone but provider staff: no token, a forged one, a contact’s (even with every permission on the group)', async () => {
    const contact = await signIn(t.app, 'group.admin@demo.test');
    const attempts: Array<[Record<string, string>, number]> = [
      [{}, 401],
      [{ authorization: 'Bearer not.a.token' }, 401],
      [{ authorization: `${staff.authorization!.slice(0, -4)}AAAA` }, 401],
      [contact.headers, 403],
    ];
    for (const [headers, status] of attempts) {
      for (const method of ['GET', 'PUT'] as const) {
        const res = await t.app.inject({ method, url: url(groupId), headers, payload: method === 'PUT' ? { required: true } : undefined });
        expect(res.statusCode, `${method} ${JSON.stringify(headers).slice(0, 40)}`).toBe(status);
        expect(res.headers['content-type']).toContain('application/problem+json');
      }
    }
    expect(await required(groupId)).toBe(false);
  });

  it('answers 404 for an unknown group and 400 for an odd id, changing nothing', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const payload = method === 'PUT' ? { required: true } : undefined;
      const unknown = await t.app.inject({ method, url: url(2_147_483_647), headers: staff, payload });
      expect(unknown.statusCode, method).toBe(404);
      expect(unknown.headers['content-type']).toContain('application/problem+json');
      for (const id of ['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999', '%00', "1' or '1'='1"]) {
        const res = await t.app.inject({ method, url: url(encodeURIComponent(id)), headers: staff, payload });
        expect(res.statusCode, `${method} ${id}`).toBe(400);
        expect(res.json().errors?.groupId, `${method} ${id}`).toBeDefined();
      }
    }
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from client_groups where second_step_required`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('refuses a body of the wrong shape as a problem naming the field', async () => {
    for (const payload of [{}, { required: 'true' }, { required: 1 }, { required: null }, { required: [true] }]) {
      const res = await t.app.inject({ method: 'PUT', url: url(groupId), headers: staff, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors?.required, JSON.stringify(payload)).toBeDefined();
    }
    const extra = await t.app.inject({
      method: 'PUT',
      url: url(groupId),
      headers: staff,
      payload: { required: true, groupId: otherGroupId },
    });
    expect(extra.statusCode).toBe(400);
    const text = await t.app.inject({
      method: 'PUT',
      url: url(groupId),
      headers: { ...staff, 'content-type': 'text/plain' },
      payload: 'required=true',
    });
    expect(text.statusCode).toBe(415);
    expect(await required(groupId)).toBe(false);
    expect(await required(otherGroupId)).toBe(false);
  });
});
