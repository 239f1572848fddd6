import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { signIn, type SignedIn } from '../../test/auth-client';
import { entityTag, noneMatch } from './http-cache';
import { TTL_MS as PRINCIPAL_TTL_MS } from '../modules/identity/principal-cache';

/**
 * Reference data declared `config: { cacheable: true }` (plugins/http-cache.ts): private answers with a strong
 * ETag over the body, 304 on a matching If-None-Match, never across callers, never before authentication, and
 * never for a problem.
 */

const TEST_NOW = inject('testNow');
let t: TestApp;
let admin: SignedIn;
let nz: SignedIn;
let adminClientId: number;
let nzClientId: number;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(TEST_NOW) });
  [admin, nz] = await Promise.all([signIn(t.app, 'group.admin@demo.test'), signIn(t.app, 'school.admin@demo.test')]);
  adminClientId = (
    await rows<{ id: number }>(
      sql`select c.id from clients c join permission_entries pe on pe.group_id = c.group_id join contacts ct on ct.id = pe.contact_id
          where ct.email = 'group.admin@demo.test' order by c.id limit 1`,
    )
  )[0]!.id;
  nzClientId = (
    await rows<{ id: number }>(
      sql`select pe.client_id as id from permission_entries pe join contacts ct on ct.id = pe.contact_id where ct.email = 'school.admin@demo.test'`,
    )
  )[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('cacheable routes', () => {
  const cacheable = () => [
    '/v1/profile',
    '/v1/locations',
    '/v1/locations/booking-location-list',
    '/v1/locations/booking-blocks',
    `/v1/clients/${adminClientId}/pay-classes`,
    `/v1/clients/${adminClientId}/grades`,
    `/v1/clients/${adminClientId}/additional-details`,
  ];

  it('answer 200 with a strong ETag over the body, private and revalidated, varying by caller', async () => {
    const [location] = (await get('/v1/locations/booking-location-list', admin.headers)).json() as Array<{ locationId: number }>;
    const perLocation = [
      `/v1/locations/${location!.locationId}/certifications`,
      `/v1/contacts/booking-contacts?locationId=${location!.locationId}`,
    ];
    for (const url of [...cacheable(), ...perLocation]) {
      const res = await get(url, admin.headers);
      if (res.statusCode === 204) {
        expect(res.headers.etag, url).toBeUndefined();
        expect(res.headers['cache-control'], url).toBe('private, no-cache');
        continue;
      }
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toBe(entityTag(res.rawPayload));
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
      expect(res.headers.vary, url).toMatch(/Authorization, Impersonated-Contact/);
    }
  });

  it('answer 304 with no body to a matching If-None-Match (weak, listed or *), and 200 to another', async () => {
    const url = `/v1/clients/${adminClientId}/pay-classes`;
    const first = await get(url, admin.headers);
    const etag = first.headers.etag as string;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get(url, { ...admin.headers, 'if-none-match': header });
      expect(again.statusCode, header).toBe(304);
      expect(again.body, header).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('private, no-cache');
      expect(again.headers['content-type']).toBeUndefined();
      expect(again.headers['content-length']).toBeUndefined();
    }
    const stale = await get(url, { ...admin.headers, 'if-none-match': '"not-it"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('give a new ETag (and no 304) once the answer changed: a change of pay classes, of language', async () => {
    const url = `/v1/clients/${adminClientId}/pay-classes`;
    const before = await get(url, admin.headers);
    const [one] = await rows<{ id: number }>(
      sql`select id from classifications where client_id = ${adminClientId} and active order by id limit 1`,
    );
    await rows(sql`update classifications set online_title = online_title || ' (renamed)' where id = ${one!.id}`);
    try {
      const after = await get(url, { ...admin.headers, 'if-none-match': before.headers.etag as string });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
    } finally {
      await rows(sql`update classifications set online_title = replace(online_title, ' (renamed)', '') where id = ${one!.id}`);
    }

    const viewer = await signIn(t.app, 'bookings.viewer@demo.test');
    const profile = await get('/v1/profile', viewer.headers);
    const next = profile.json().contact.language === 'en-GB' ? 'en-US' : 'en-GB';
    const put = await t.app.inject({ method: 'PUT', url: '/v1/profile/language', headers: viewer.headers, payload: { language: next } });
    expect(put.statusCode).toBe(204);
    const changed = await get('/v1/profile', { ...viewer.headers, 'if-none-match': profile.headers.etag as string });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().contact.language).toBe(next);
  });

  it('serve the profile from its kept answer (same bytes, the tag of those bytes) until the permission tree changes', async () => {
    const viewer = await signIn(t.app, 'finance@demo.test');
    const first = await get('/v1/profile', viewer.headers);
    const second = await get('/v1/profile', viewer.headers);
    expect(second.body).toBe(first.body);
    expect(first.headers.etag).toBe(entityTag(first.body));
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await get('/v1/profile', { ...viewer.headers, 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);

    // A permission granted in the database reaches the answer once the principal cache lets the old tree go.
    const [entry] = await rows<{ contact_id: number; client_id: number }>(
      sql`select pe.contact_id, pe.client_id from permission_entries pe join contacts ct on ct.id = pe.contact_id
          where ct.email = 'finance@demo.test' and pe.client_id is not null limit 1`,
    );
    await rows(
      sql`insert into permission_entries (contact_id, client_id, scope, modifier) values (${entry!.contact_id}, ${entry!.client_id}, 'booking', 'view')`,
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, PRINCIPAL_TTL_MS + 100));
      const changed = await get('/v1/profile', { ...viewer.headers, 'if-none-match': first.headers.etag as string });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).toBe(entityTag(changed.body));
      expect(changed.json().flags[`client:${entry!.client_id}`].booking.view).toBe(true);
    } finally {
      await rows(
        sql`delete from permission_entries where contact_id = ${entry!.contact_id} and client_id = ${entry!.client_id} and scope = 'booking'`,
      );
    }
  });

  it("never answer one caller 304 with another caller's ETag", async () => {
    const mine = await get('/v1/profile', admin.headers);
    const theirs = await get('/v1/profile', { ...nz.headers, 'if-none-match': mine.headers.etag as string });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers.etag).not.toBe(mine.headers.etag);
    expect(theirs.json().contact.emailAddress).toBe('school.admin@demo.test');
  });

  it('refuse an unauthenticated or unauthorised caller as always, with no ETag, whatever If-None-Match says', async () => {
    const url = `/v1/clients/${adminClientId}/pay-classes`;
    const etag = (await get(url, admin.headers)).headers.etag as string;
    for (const header of [etag, '*']) {
      const anonymous = await get(url, { 'if-none-match': header });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers.etag).toBeUndefined();
      expect(anonymous.headers['content-type']).toMatch(/application\/problem\+json/);

      const outside = await get(`/v1/clients/${nzClientId}/pay-classes`, { ...admin.headers, 'if-none-match': header });
      expect(outside.statusCode).toBe(403);
      expect(outside.headers.etag).toBeUndefined();
      expect(outside.headers['cache-control']).not.toBe('private, no-cache');

      const invalid = await get('/v1/clients/not-a-number/pay-classes', { ...admin.headers, 'if-none-match': header });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.headers.etag).toBeUndefined();
    }
  });

  it('leave other routes alone', async () => {
    const res = await get('/v1/pending-bookings', admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
  });

  it('answer 304 over a real socket with no body, as a browser revalidates', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${base}/v1/locations`;
    const first = await fetch(url, { headers: admin.headers });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(await first.text()).not.toBe('');
    const again = await fetch(url, { headers: { ...admin.headers, 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
  });
});

describe('noneMatch', () => {
  it('compares weakly and accepts lists and *', () => {
    expect(noneMatch(undefined, '"a"')).toBe(false);
    expect(noneMatch('"a"', '"a"')).toBe(true);
    expect(noneMatch('W/"a"', '"a"')).toBe(true);
    expect(noneMatch('"b" , "a"', '"a"')).toBe(true);
    expect(noneMatch('"b"', '"a"')).toBe(false);
    expect(noneMatch('*', '"a"')).toBe(true);
  });
});
