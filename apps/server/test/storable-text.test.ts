import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { AccessTokens } from '../src/modules/identity/access-tokens';
import { startFamily } from '../src/modules/identity/identity.repository';
import { UNSTORABLE_TEXT, unstorableAt } from '../src/plugins/storable-text';
import { buildTestApp, type TestApp } from './helpers';
import { signIn, type SignedIn } from './auth-client';

/**
 * Regression (found by the contract fuzz): a NUL character or half of a UTF-16 character in a
 * text field reached PostgreSQL and was answered 500. It is a 400 naming the field now, and nothing is stored.
 */

let t: TestApp;
let staff: Record<string, string>;
let admin: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`select id from staff_users where email = 'staff@provider.test'`);
  const family = await startFamily(t.database.db, { staffUserId: row!.id }, { idleSeconds: 3600, absoluteSeconds: 3600 }, new Date());
  const tokens = new AccessTokens(t.app.config.jwtSecret!, t.app.config.publicOrigin, 900);
  staff = { authorization: `Bearer ${await tokens.sign({ kind: 'staff', staffUserId: row!.id }, family.familyId)}` };
  admin = await signIn(t.app, 'group.admin@demo.test');
});
afterAll(async () => {
  await t?.close();
});

describe('text PostgreSQL cannot store', () => {
  it('finds NUL and lone surrogates, not whole characters', () => {
    expect(unstorableAt({ a: [{ b: 'x\u0000' }] }, 'body')).toBe('body.a.0.b');
    expect(unstorableAt({ a: '\ud800' }, 'body')).toBe('body.a');
    expect(unstorableAt({ a: 'x\udc00' }, 'body')).toBe('body.a');
    expect(unstorableAt({ a: '\u{1F600} émoji 中文' }, 'body')).toBeUndefined();
  });

  it.each(['\u0000', '\ud800', 'ok\udfff'])('refuses %j in the service-status banner with a 400 problem', async (title) => {
    const before = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from service_status`);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/service-status',
      headers: { ...staff, 'content-type': 'application/json' },
      payload: JSON.stringify({ bannerTitle: title, severity: 'error', region: null, bodyMarkdown: 'x', active: true }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 400, errors: { bannerTitle: [UNSTORABLE_TEXT] } });
    expect(await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from service_status`)).toEqual(before);
  });

  it('refuses it in a query string and in a contact’s write too', async () => {
    const query = await t.app.inject({ method: 'GET', url: '/v1/file/general?filePath=%00', headers: admin.headers });
    expect(query.statusCode).toBe(400);
    const [booking] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select b.id from bookings b join clients c on c.id = b.client_id join client_groups g on g.id = c.group_id
          where g.name = 'Southern Cross Schools Group' and b.status = 'filled' and b.date_local > '2026-03-17' order by b.id limit 1`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/bookings/${booking!.id}/cancellation-request`,
      headers: { ...admin.headers, 'idempotency-key': 'storable-text-0001', 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'Sick\u0000' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ reason: [UNSTORABLE_TEXT] });
  });
});
