import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import {
  BookingsOverviewResponse,
  BookingsSummaryResponse,
  ClientBookingsSummaryResponse,
  type BookingStatusCounts,
} from '@portal/contract/dashboard';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';

/**
 * The dashboard's booking figures, checked against counts computed here in SQL of their own. The seeded world's
 * today is 2026-03-16 (TEST_NOW), a Monday.
 */

let t: TestApp;
let admin: SignedIn;
let viewer: SignedIn;
let finance: SignedIn;
let teacher: SignedIn;
let groupClientIds: number[];
let nzClientId: number;
let teacherLocation: { clientId: number; locationId: number };
let otherClientId: number;

const ids = (values: number[]) => values.map((id) => `clientIds=${id}`).join('&');
const list = (values: number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  groupClientIds = (
    await queryRows<{ id: number }>(
      db,
      sql`select c.id from clients c join permission_entries pe on pe.group_id = c.group_id join contacts ct on ct.id = pe.contact_id
          where ct.email = 'group.admin@demo.test' group by c.id order by c.id`,
    )
  ).map((r) => r.id);
  nzClientId = (
    await queryRows<{ id: number }>(
      db,
      sql`select pe.client_id as id from permission_entries pe join contacts ct on ct.id = pe.contact_id
          where ct.email = 'school.admin@demo.test' and pe.client_id is not null limit 1`,
    )
  )[0]!.id;
  // The teacher holds replace-me at one location; here it also gets booking view there, and only there.
  const [row] = await queryRows<{ contact_id: number; client_id: number; location_id: number }>(
    db,
    sql`select ct.id as contact_id, l.client_id, l.id as location_id from contacts ct
        join permission_entries pe on pe.contact_id = ct.id join locations l on l.id = pe.location_id
        where ct.email = 'teacher@demo.test' limit 1`,
  );
  teacherLocation = { clientId: row!.client_id, locationId: row!.location_id };
  await db.execute(
    sql`insert into permission_entries (contact_id, location_id, scope, modifier) values (${row!.contact_id}, ${row!.location_id}, 'booking', 'view')`,
  );
  // ... and accounts view (no booking view) at another school of the group, which puts that school in its tree.
  otherClientId = groupClientIds.find((id) => id !== row!.client_id)!;
  await db.execute(
    sql`insert into permission_entries (contact_id, client_id, scope, modifier) values (${row!.contact_id}, ${otherClientId}, 'accounts', 'view')`,
  );
  [admin, viewer, finance, teacher] = await Promise.all([
    signIn(t.app, 'group.admin@demo.test'),
    signIn(t.app, 'bookings.viewer@demo.test'),
    signIn(t.app, 'finance@demo.test'),
    signIn(t.app, 'teacher@demo.test'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, who: SignedIn | undefined) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

async function perDay(where: ReturnType<typeof sql>, from: string, to: string) {
  return queryRows<{ dateLocal: string; totalBookingsCount: number }>(
    t.database.db,
    sql`select to_char(date_local, 'YYYY-MM-DD') as "dateLocal", count(*)::int as "totalBookingsCount" from bookings
        where ${where} and date_local between ${from} and ${to} and status not in ('cancelled', 'rejected')
        group by date_local order by date_local`,
  );
}

async function byStatus(where: ReturnType<typeof sql>, from: string, to: string) {
  const rows = await queryRows<{ status: string; n: number }>(
    t.database.db,
    sql`select status::text as status, count(*)::int as n from bookings where ${where} and date_local between ${from} and ${to} group by status`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
}

function expectCounts(row: BookingStatusCounts & { month?: string }, expected: Record<string, number>) {
  const { month: _month, ...counts } = row;
  const n = (status: string) => expected[status] ?? 0;
  const total = n('pending_approval') + n('unfilled') + n('filled') + n('commenced') + n('completed');
  expect(counts).toEqual({
    total,
    pendingApproval: n('pending_approval'),
    unfilled: n('unfilled'),
    filled: n('filled'),
    commenced: n('commenced'),
    completed: n('completed'),
    cancelled: n('cancelled'),
    rejected: n('rejected'),
    fillRatePercentage: total === 0 ? -1 : Math.round(((total - n('unfilled')) / total) * 100),
  });
}

describe('GET /v1/bookings/overview', () => {
  it('counts bookings per local date of the clients asked for, without cancelled and rejected ones', async () => {
    const chosen = groupClientIds.slice(0, 2);
    const res = await get(`/v1/bookings/overview?${ids(chosen)}&dateFromLocal=2026-02-01&dateToLocal=2026-04-30`, admin);
    expect(res.statusCode).toBe(200);
    const body = BookingsOverviewResponse.parse(res.json());
    const expected = await perDay(sql`client_id in (${list(chosen)})`, '2026-02-01', '2026-04-30');
    expect(expected.length).toBeGreaterThan(20);
    expect(body).toEqual(expected);
    // Weekends have no bookings in the demo world, so they are left out.
    expect(body.map((e) => e.dateLocal)).not.toContain('2026-03-14');
  });

  it('takes a single clientIds value, and every client of the caller when none is given', async () => {
    const one = await get(`/v1/bookings/overview?clientIds=${groupClientIds[0]}&dateFromLocal=2026-03-01&dateToLocal=2026-03-31`, admin);
    expect(one.json()).toEqual(await perDay(sql`client_id = ${groupClientIds[0]!}`, '2026-03-01', '2026-03-31'));
    const all = await get('/v1/bookings/overview?dateFromLocal=2026-03-01&dateToLocal=2026-03-31', admin);
    expect(all.json()).toEqual(await perDay(sql`client_id in (${list(groupClientIds)})`, '2026-03-01', '2026-03-31'));
  });

  it('counts only the location where a contact holds booking view at that location alone', async () => {
    const res = await get('/v1/bookings/overview?dateFromLocal=2026-03-01&dateToLocal=2026-04-30', teacher);
    expect(res.statusCode).toBe(200);
    const expected = await perDay(sql`location_id = ${teacherLocation.locationId}`, '2026-03-01', '2026-04-30');
    expect(expected.length).toBeGreaterThan(0);
    expect(res.json()).toEqual(expected);
  });

  it('leaves out a client of the tree where the caller lacks booking view, and refuses it when nothing else is left', async () => {
    const both = await get(
      `/v1/bookings/overview?${ids([teacherLocation.clientId, otherClientId])}&dateFromLocal=2026-03-01&dateToLocal=2026-04-30`,
      teacher,
    );
    expect(both.statusCode).toBe(200);
    expect(both.json()).toEqual(await perDay(sql`location_id = ${teacherLocation.locationId}`, '2026-03-01', '2026-04-30'));
    const other = await get(`/v1/bookings/overview?clientIds=${otherClientId}&dateFromLocal=2026-03-01&dateToLocal=2026-04-30`, teacher);
    expect(other.statusCode).toBe(403);
  });

  it('refuses a client outside the caller\u2019s tree, and a caller without booking view', async () => {
    const foreign = await get(
      `/v1/bookings/overview?${ids([groupClientIds[0]!, nzClientId])}&dateFromLocal=2026-03-01&dateToLocal=2026-03-31`,
      admin,
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await get('/v1/bookings/overview?dateFromLocal=2026-03-01&dateToLocal=2026-03-31', finance)).statusCode).toBe(403);
    expect((await get('/v1/bookings/overview?dateFromLocal=2026-03-01&dateToLocal=2026-03-31', viewer)).statusCode).toBe(200);
    expect((await get('/v1/bookings/overview?dateFromLocal=2026-03-01&dateToLocal=2026-03-31', undefined)).statusCode).toBe(401);
  });

  it.each([
    ['dateFromLocal=2026-02-30&dateToLocal=2026-03-31', 'dateFromLocal'],
    ['dateFromLocal=16/03/2026&dateToLocal=2026-03-31', 'dateFromLocal'],
    ['dateFromLocal=2026-03-01', 'dateToLocal'],
    ['dateFromLocal=2026-03-31&dateToLocal=2026-03-01', 'dateToLocal'],
    ['dateFromLocal=2025-01-01&dateToLocal=2026-01-03', 'dateToLocal'],
    ['dateFromLocal=0000-01-01&dateToLocal=0000-01-02', 'dateFromLocal'],
    ['clientIds=abc&dateFromLocal=2026-03-01&dateToLocal=2026-03-31', 'clientIds.0'],
    ['clientIds=0&dateFromLocal=2026-03-01&dateToLocal=2026-03-31', 'clientIds.0'],
    ['clientIds=1.5&dateFromLocal=2026-03-01&dateToLocal=2026-03-31', 'clientIds.0'],
    [`${ids(Array.from({ length: 501 }, (_, i) => i + 1))}&dateFromLocal=2026-03-01&dateToLocal=2026-03-31`, 'clientIds'],
    ['dateFromLocal=2026-03-01&dateToLocal=2026-03-31&clientId=1', 'querystring'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await get(`/v1/bookings/overview?${query}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation');
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('accepts a range of 366 days', async () => {
    expect((await get('/v1/bookings/overview?dateFromLocal=2025-03-16&dateToLocal=2026-03-17', admin)).statusCode).toBe(200);
  });
});

describe('GET /v1/bookings/summary', () => {
  it('counts by status on the day and over the 28 days from it', async () => {
    const res = await get(`/v1/bookings/summary?${ids(groupClientIds)}&dateFromLocal=2026-03-16`, admin);
    expect(res.statusCode).toBe(200);
    const body = BookingsSummaryResponse.parse(res.json());
    expect(body.dateFromLocal).toBe('2026-03-16');
    expect(body.dateToLocal).toBe('2026-04-12');
    const where = sql`client_id in (${list(groupClientIds)})`;
    expectCounts(body.today, await byStatus(where, '2026-03-16', '2026-03-16'));
    expectCounts(body.period, await byStatus(where, '2026-03-16', '2026-04-12'));
    expect(body.today.commenced).toBeGreaterThan(0);
    expect(body.period.unfilled).toBeGreaterThan(0);
    expect(body.period.total).toBeGreaterThan(body.today.total);
  });

  it('scopes to the single location of a location-only permission and refuses callers without booking view', async () => {
    const res = await get('/v1/bookings/summary?dateFromLocal=2026-03-16', teacher);
    expect(res.statusCode).toBe(200);
    expectCounts(res.json().period, await byStatus(sql`location_id = ${teacherLocation.locationId}`, '2026-03-16', '2026-04-12'));
    expect((await get('/v1/bookings/summary?dateFromLocal=2026-03-16', finance)).statusCode).toBe(403);
    expect((await get(`/v1/bookings/summary?clientIds=${nzClientId}&dateFromLocal=2026-03-16`, admin)).statusCode).toBe(403);
  });

  it('validates its query', async () => {
    expect((await get('/v1/bookings/summary', admin)).json().errors).toHaveProperty('dateFromLocal');
    expect((await get('/v1/bookings/summary?dateFromLocal=2026-13-01', admin)).statusCode).toBe(400);
    expect((await get('/v1/bookings/summary?dateFromLocal=2026-03-16&dateToLocal=2026-03-20', admin)).statusCode).toBe(400);
  });
});

describe('GET /v1/clients/{clientId}/bookings/summary', () => {
  it('gives the year month by month with totals', async () => {
    const clientId = groupClientIds[0]!;
    const res = await get(
      `/v1/clients/${clientId}/bookings/summary?timeZone=Australia/Sydney&dateFromLocal=2025-04-01&dateToLocal=2026-03-31`,
      admin,
    );
    expect(res.statusCode).toBe(200);
    const body = ClientBookingsSummaryResponse.parse(res.json());
    expect(body.clientId).toBe(clientId);
    expect(body.months.map((m) => m.month)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    const where = sql`client_id = ${clientId}`;
    expectCounts(body.totals, await byStatus(where, '2025-04-01', '2026-03-31'));
    expectCounts(body.months[11]!, await byStatus(where, '2026-03-01', '2026-03-31'));
    expectCounts(body.months[0]!, await byStatus(where, '2025-04-01', '2025-04-30'));
    expect(body.totals.completed).toBeGreaterThan(0);
  });

  it('counts only the dates of the range in its first and last months', async () => {
    const clientId = groupClientIds[1]!;
    const res = await get(`/v1/clients/${clientId}/bookings/summary?dateFromLocal=2026-02-10&dateToLocal=2026-03-20`, admin);
    const body = ClientBookingsSummaryResponse.parse(res.json());
    expect(body.months.map((m) => m.month)).toEqual(['2026-02', '2026-03']);
    expectCounts(body.months[0]!, await byStatus(sql`client_id = ${clientId}`, '2026-02-10', '2026-02-28'));
    expectCounts(body.months[1]!, await byStatus(sql`client_id = ${clientId}`, '2026-03-01', '2026-03-20'));
  });

  it('scopes a location-only permission to its location and refuses clients outside the tree', async () => {
    const res = await get(
      `/v1/clients/${teacherLocation.clientId}/bookings/summary?dateFromLocal=2025-04-01&dateToLocal=2026-03-31`,
      teacher,
    );
    expect(res.statusCode).toBe(200);
    expectCounts(res.json().totals, await byStatus(sql`location_id = ${teacherLocation.locationId}`, '2025-04-01', '2026-03-31'));
    expect(
      (await get(`/v1/clients/${nzClientId}/bookings/summary?dateFromLocal=2025-04-01&dateToLocal=2026-03-31`, admin)).statusCode,
    ).toBe(403);
    expect((await get('/v1/clients/999999/bookings/summary?dateFromLocal=2025-04-01&dateToLocal=2026-03-31', admin)).statusCode).toBe(403);
    expect(
      (await get(`/v1/clients/${groupClientIds[0]}/bookings/summary?dateFromLocal=2025-04-01&dateToLocal=2026-03-31`, finance)).statusCode,
    ).toBe(403);
  });

  it.each([
    ['timeZone=Mars/Phobos&dateFromLocal=2025-04-01&dateToLocal=2026-03-31', 'timeZone'],
    ['timeZone=<script>&dateFromLocal=2025-04-01&dateToLocal=2026-03-31', 'timeZone'],
    ['dateFromLocal=2025-01-01&dateToLocal=2026-06-30', 'dateToLocal'],
    ['dateToLocal=2026-03-31', 'dateFromLocal'],
  ])('answers 400 for %s', async (query, field) => {
    const res = await get(`/v1/clients/${groupClientIds[0]}/bookings/summary?${query}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
  });

  it('answers 400 for a client id that is not a positive integer', async () => {
    const res = await get('/v1/clients/abc/bookings/summary?dateFromLocal=2025-04-01&dateToLocal=2026-03-31', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('clientId');
  });
});

describe('OpenAPI', () => {
  it('documents the dashboard endpoints with their parameters and answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    for (const path of [
      '/v1/bookings/overview',
      '/v1/bookings/summary',
      '/v1/clients/{clientId}/bookings/summary',
      '/v1/invoices/outstanding-invoices-count',
      '/v1/timesheets/overview',
      '/v1/client-groups/{id}/overview',
      '/v1/clients/{id}/additional-details',
      '/v1/locations',
      '/v1/service-status',
      '/v1/file/general',
      '/v1/file/generateAccessToken/{id}',
      '/v1/file/{accessKey}',
    ]) {
      expect(doc.paths[path]?.get?.summary, path).toBeTruthy();
    }
    const clientIds = doc.paths['/v1/bookings/overview'].get.parameters.find((p: { name: string }) => p.name === 'clientIds');
    expect(clientIds).toMatchObject({ in: 'query', required: false, schema: { type: 'array', items: { type: 'integer' } } });
    expect(clientIds.description ?? clientIds.schema.description).toContain('403');
    expect(doc.paths['/v1/service-status'].put.requestBody).toBeDefined();
    expect(Object.keys(doc.paths['/v1/service-status'].get.responses['200'].content)).toEqual(['application/json', 'text/plain']);
  });
});
