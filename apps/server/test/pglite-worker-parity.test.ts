import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '@portal/db/client';
import { buildApp } from '../src/app';
import { signIn } from './auth-client';
import { testConfig } from './helpers';

/**
 * `npm start` runs the embedded database on a worker thread (packages/db/src/pglite-worker.mjs), while the other
 * integration tests run PGlite on their own thread. The worker has its own statement naming, parameter serialising
 * and result passing, so the same requests are asked of both, on copies of the same world at the same moment, and
 * must get the same answers: reads of every kind of list and detail, and writes.
 */
const TEST_NOW = inject('testNow');
const onPostgres = Boolean(inject('postgresUrl'));

interface Side {
  database: Database;
  app: FastifyInstance;
  headers: Record<string, string>;
}
let inThread: Side;
let onWorker: Side;

async function side(worker: boolean): Promise<Side> {
  const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(inject('snapshots').seeded)]), worker });
  const app = await buildApp({ config: testConfig(), database, now: () => new Date(TEST_NOW) });
  await app.ready();
  const { headers } = await signIn(app, 'group.admin@demo.test');
  return { database, app, headers };
}

/** The same request to both; the answers (status, body, ETag) must be the same. */
async function both(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, extra: Record<string, string> = {}) {
  const [a, b] = await Promise.all(
    [inThread, onWorker].map((s) => s.app.inject({ method, url, payload, headers: { ...s.headers, ...extra } })),
  );
  expect({ url, status: b!.statusCode }).toEqual({ url, status: a!.statusCode });
  // A problem's traceId is the request's own id, different on each side.
  const body = (res: { body: string }) => res.body.replace(/"traceId":"[^"]*"/, '"traceId":"…"');
  expect(body(b!), url).toBe(body(a!));
  expect(b!.headers.etag, url).toBe(a!.headers.etag);
  expect(b!.headers['x-pagination'], url).toBe(a!.headers['x-pagination']);
  return a!;
}

beforeAll(async () => {
  if (onPostgres) return;
  [inThread, onWorker] = await Promise.all([side(false), side(true)]);
});
afterAll(async () => {
  for (const s of [inThread, onWorker]) {
    if (!s) continue;
    await s.app.close();
    await s.database.close();
  }
});

describe.skipIf(onPostgres)('the embedded database on its worker thread', () => {
  it('answers every kind of read as PGlite on the server thread does', async () => {
    const profile = (await both('GET', '/v1/profile')).json() as {
      links: { groups: Array<{ groupId: number; clients: Array<{ clientId: number }> }> };
    };
    const group = profile.links.groups[0]!;
    const clientId = group.clients[0]!.clientId;
    const day = (offset: number) => new Date(Date.parse(TEST_NOW) + offset * 86_400_000).toISOString().slice(0, 10);
    const list = (
      await both('GET', `/v1/bookings?clientIds=${clientId}&dateFromLocal=${day(-30)}&dateToLocal=${day(60)}&take=50`)
    ).json() as Array<{
      id: number;
    }>;
    expect(list.length).toBeGreaterThan(0);
    const urls = [
      `/v1/bookings?sort=-date&take=50`,
      `/v1/bookings?unfilledRisk=true`,
      `/v1/bookings/${list[0]!.id}`,
      `/v1/bookings/overview?dateFromLocal=${day(-30)}&dateToLocal=${day(60)}`,
      `/v1/bookings/summary?dateFromLocal=${day(0)}`,
      `/v1/clients/${clientId}/bookings/summary?timeZone=Australia/Sydney&dateFromLocal=${day(-300)}&dateToLocal=${day(60)}`,
      `/v1/client-groups/${group.groupId}/overview?filterDate=${day(0)}&timeZone=Australia/Sydney`,
      '/v1/invoices/outstanding-invoices-count',
      '/v1/invoices?take=25',
      '/v1/timesheets?take=50',
      '/v1/timesheets/list?status=invoiced&take=50',
      '/v1/timesheets/overview',
      '/v1/locations',
      '/v1/locations/booking-location-list',
      '/v1/locations/booking-blocks',
      `/v1/clients/${clientId}/pay-classes`,
      `/v1/clients/${clientId}/grades`,
      `/v1/candidate/CandidateList?ClientId=${clientId}`,
    ];
    for (const url of urls) {
      const res = await both('GET', url);
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('makes the same writes, and reads them back the same', async () => {
    expect((await both('PUT', '/v1/profile/language', { language: 'en-GB' })).statusCode).toBe(204);
    expect(((await both('GET', '/v1/profile')).json() as { contact: { language: string } }).contact.language).toBe('en-GB');
    // A transaction of several statements with its Idempotency-Key: approving timesheets, then the same key again.
    const page = ((await both('GET', '/v1/timesheets?take=5')).json() as { pendingApprovalList: Array<{ bookingId: number }> })
      .pendingApprovalList;
    expect(page.length).toBeGreaterThan(0);
    const decision = { decision: 'approved', timesheets: page.map((row) => ({ bookingId: row.bookingId })) };
    const approved = await both('POST', '/v1/timesheets/submit', decision, { 'idempotency-key': 'parity-approve' });
    expect(approved.statusCode).toBe(200);
    await both('POST', '/v1/timesheets/submit', decision, { 'idempotency-key': 'parity-approve' });
    await both('GET', '/v1/timesheets?take=50');
    // A refused write is refused alike (the problem names the field).
    const refused = await both('PUT', '/v1/profile/language', { language: 'xx-XX' });
    expect(refused.statusCode).toBe(400);
  });
});
