import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { BOOKING_SORTS } from '@portal/contract/bookings';
import { BOOKING_STATUSES } from '@portal/contract/domain';
import { allClients, type PermissionTree } from '@portal/contract/permissions';
import { buildTestApp, createTestDatabase, type TestApp } from '../../../test/helpers';
import { seededRandom, versionedOracle } from '../../../test/versioned-oracle';
import { TEST_NOW } from '../../../test/global-setup';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { VersionedSnapshots } from '../../lib/versioned-snapshots';
import { bookingSnapshot } from './booking-snapshots';

/**
 * Pages cut from a scope's snapshot in memory (booking-snapshots.ts) against pages read from the database: the oracle
 * is a second app on the same data that keeps nothing (ANSWER_CACHE_MB=0, so no snapshot either). For callers whose
 * scopes are whole groups, one school, single locations and pending-only views, a few hundred drawn queries (every
 * filter, sort, page, the unfilled-risk order and a client's bookings) must send the same bytes, totals and tags, and
 * again after writes.
 */

let t: TestApp;
let oracle: Awaited<ReturnType<typeof versionedOracle>>;
/** The clock of both apps: TEST_NOW, but for the test that moves it on. */
let clock = new Date(TEST_NOW).getTime();
const now = () => new Date(clock);

interface Caller {
  who: SignedIn;
  clientIds: number[];
  locationIds: number[];
  candidateIds: number[];
}

const random = seededRandom(20261201);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const day = (offset: number) => new Date(new Date(TEST_NOW).getTime() + offset * 86_400_000).toISOString().slice(0, 10);

/** A URL of the list with filters drawn at random from what the caller sees. */
function listUrl(c: Caller): string {
  const q: string[] = [];
  if (random() < 0.5) {
    const count = 1 + Math.floor(random() * Math.min(3, c.clientIds.length));
    for (let i = 0; i < count; i++) q.push(`clientIds=${pick(c.clientIds)}`);
  }
  const from = Math.floor(random() * 140) - 100;
  if (random() < 0.7) q.push(`dateFromLocal=${day(from)}`);
  if (random() < 0.5) q.push(`dateToLocal=${day(from + Math.floor(random() * 60))}`);
  if (random() < 0.3) q.push(`status=${pick(BOOKING_STATUSES)}`);
  if (random() < 0.15) q.push(`status=unfilled`, `status=${pick(BOOKING_STATUSES)}`);
  if (random() < 0.15 && c.locationIds.length > 0) q.push(`locationId=${pick(c.locationIds)}`);
  if (random() < 0.1 && c.candidateIds.length > 0) q.push(`candidateId=${pick(c.candidateIds)}`);
  if (random() < 0.15) q.push('unfilledRisk=true');
  q.push(`sort=${pick(BOOKING_SORTS)}`);
  const take = pick([1, 5, 25, 100]);
  q.push(`skip=${random() < 0.5 ? 0 : Math.floor(random() * 300)}`, `take=${take}`);
  return `/v1/bookings?${q.join('&')}`;
}

function clientUrl(c: Caller): string {
  const from = random() < 0.3 ? '' : `dateFromLocal=${day(Math.floor(random() * 140) - 100)}&`;
  return `/v1/clients/${pick(c.clientIds)}/bookings?${from}skip=${random() < 0.5 ? 0 : Math.floor(random() * 200)}&take=${pick([5, 25, 100])}`;
}

async function caller(email: string): Promise<Caller> {
  const who = await signIn(t.app, email);
  const profile = (await t.app.inject({ method: 'GET', url: '/v1/profile', headers: who.headers })).json() as { links: PermissionTree };
  const clients = allClients(profile.links);
  const clientIds = clients.map((c) => c.clientId);
  const candidates = await queryRows<{ id: number }>(
    t.database.db,
    sql`select distinct candidate_id as id from bookings where client_id = any(${sql.param(clientIds)}::int[]) and candidate_id is not null limit 20`,
  );
  return {
    who,
    clientIds,
    locationIds: clients.flatMap((c) => c.locations.map((l) => l.locationId)),
    candidateIds: candidates.map((r) => r.id),
  };
}

/** Both apps answer alike. */
const agrees = (c: Caller, url: string) => oracle.answersAlike(url, c.who);

const callers: Caller[] = [];

beforeAll(async () => {
  t = await buildTestApp({ now });
  oracle = await versionedOracle(t, now);
  const db = t.database.db;
  // Scopes of single locations: the finance contact sees bookings at one location of the group's first school and
  // pending ones at a location of another; the viewer also sees the requests pending at a second school.
  const [first, second] = await queryRows<{ clientId: number; locationId: number }>(
    db,
    sql`select c.id as "clientId", min(l.id) as "locationId" from clients c join locations l on l.client_id = c.id
      where c.group_id = (select min(group_id) from clients where group_id is not null) group by c.id order by c.id limit 2`,
  );
  const contact = async (email: string) =>
    (await queryRows<{ id: number }>(db, sql`select id from contacts where email = ${email}`))[0]!.id;
  const finance = await contact('finance@demo.test');
  const viewer = await contact('bookings.viewer@demo.test');
  await db.execute(sql`insert into permission_entries (contact_id, location_id, scope, modifier) values
    (${finance}, ${first!.locationId}, 'booking', 'view'), (${finance}, ${second!.locationId}, 'pendingBooking', 'view')`);
  await db.execute(
    sql`insert into permission_entries (contact_id, client_id, scope, modifier) values (${viewer}, ${second!.clientId}, 'pendingBooking', 'view')`,
  );
  for (const email of [
    'group.admin@demo.test',
    'school.admin@demo.test',
    'bookings.viewer@demo.test',
    'pending.booker@demo.test',
    'finance@demo.test',
    'uk.admin@demo.test',
  ]) {
    callers.push(await caller(email));
  }
});
afterAll(async () => {
  await oracle?.close();
  await t?.close();
});

describe("pages cut from a scope's snapshot", () => {
  it('send what pages read from the database send, for every kind of scope, filter, sort and page', async () => {
    const before = t.app.services.snapshots.counts.pages;
    for (const c of callers) {
      for (let i = 0; i < 40; i++) await agrees(c, listUrl(c));
      for (let i = 0; i < 10; i++) await agrees(c, clientUrl(c));
      // The ends of lists: the last rows, a page that runs past them, and one beyond them, in every sort.
      for (const sort of BOOKING_SORTS) {
        for (const dates of ['', `dateFromLocal=${day(-10)}&dateToLocal=${day(5)}&`]) {
          const first = await oracle.getFresh(`/v1/bookings?${dates}sort=${sort}&take=1`, c.who);
          if (first.statusCode !== 200) continue;
          const { total } = JSON.parse(String(first.headers['x-pagination'])) as { total: number };
          for (const skip of [Math.max(0, total - 3), total, Math.max(0, total - 1)])
            await agrees(c, `/v1/bookings?${dates}sort=${sort}&skip=${skip}&take=5`);
        }
      }
    }
    // Most of them were cut from a snapshot (the first page of each scope's data is read from the database).
    expect(t.app.services.snapshots.counts.pages - before).toBeGreaterThan(callers.length * 40);
  });

  it('and after writes: a cancelled booking, an educator assigned, a school renamed', async () => {
    const admin = callers[0]!;
    for (let i = 0; i < 5; i++) await agrees(admin, listUrl(admin));
    const built = t.app.services.snapshots.counts.built;
    const [open] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from bookings where status = 'unfilled' and client_id = ${admin.clientIds[0]!} and date_local > '2026-03-18' order by id limit 1`,
    );
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/v1/bookings/${open!.id}/cancel`,
      headers: { ...admin.who.headers, 'idempotency-key': `snapshot-cancel-${open!.id}` },
      payload: { cancelReason: 'Snapshot test' },
    });
    expect(cancelled.statusCode).toBe(200);
    for (let i = 0; i < 10; i++) await agrees(admin, listUrl(admin));
    await agrees(admin, `/v1/bookings?status=cancelled&dateFromLocal=2026-03-18&sort=-date&take=100`);
    await t.database.db.execute(sql`update bookings set candidate_id = ${admin.candidateIds[0]!}, status = 'filled'
      where id = (select id from bookings where status = 'unfilled' and client_id = ${admin.clientIds[1]!} order by start_utc limit 1)`);
    for (let i = 0; i < 10; i++) await agrees(admin, listUrl(admin));
    await t.database.db.execute(sql`update locations set name = 'Aardvark Campus' where id = ${admin.locationIds[2]!}`);
    for (let i = 0; i < 10; i++) await agrees(admin, `${listUrl(admin).replace(/sort=[^&]+/, 'sort=location')}`);
    // Each write made new versions, and a new snapshot of the admin's scope.
    expect(t.app.services.snapshots.counts.built).toBeGreaterThanOrEqual(built + 3);
  });
});

describe('a page joined from rows kept written', () => {
  it('writes a row at unfilled risk again for every minute, and a kept row once its flag comes', async () => {
    const admin = callers[0]!;
    const urls = [
      '/v1/bookings?unfilledRisk=true&sort=date&take=100',
      `/v1/bookings?dateFromLocal=${day(0)}&dateToLocal=${day(8)}&sort=date&take=100`,
      `/v1/clients/${admin.clientIds[0]!}/bookings?take=100`,
    ];
    const start = clock;
    try {
      // Minutes apart (the flags count down), then days (rows first sent without a flag come into the window).
      for (const minutes of [0, 1, 2, 61, 24 * 60, 3 * 24 * 60 + 7]) {
        clock = start + minutes * 60_000;
        // Twice: a page of this minute is cut from the snapshot the first has built (or kept).
        for (const url of [...urls, ...urls]) await agrees(admin, url);
        const flagged = await oracle.getFresh(urls[0]!, admin.who);
        expect(flagged.body).toContain('"minutesLeft"');
      }
    } finally {
      clock = start;
    }
  });
});

describe("another caller's snapshot", () => {
  it('is never what a caller is answered from: its own scope, a refusal for clients outside it, nothing of theirs by filter', async () => {
    const [admin, , viewer] = callers;
    const outside = admin!.clientIds.find((id) => !viewer!.clientIds.includes(id))!;
    const everything = `/v1/bookings?dateFromLocal=${day(-30)}&dateToLocal=${day(30)}&take=100`;
    // The admin's snapshot of this data is built (two pages) and kept.
    await agrees(admin!, everything);
    await agrees(admin!, `${everything}&sort=-date`);
    const before = t.app.services.snapshots.counts.built;
    for (const url of [everything, `${everything}&sort=-date`]) {
      await agrees(viewer!, url);
      const rows = (await oracle.get(url, viewer!.who)).json() as Array<{ client: { id: number } }>;
      expect(rows.every((r) => viewer!.clientIds.includes(r.client.id))).toBe(true);
    }
    // Clients, locations and educators of the admin's other schools: refused, or nothing, as the database path says.
    const otherLocation = admin!.locationIds.find((id) => !viewer!.locationIds.includes(id))!;
    for (const url of [
      `/v1/bookings?clientIds=${outside}&take=5`,
      `/v1/bookings?clientIds=${viewer!.clientIds[0]!}&clientIds=${outside}&take=5`,
      `/v1/clients/${outside}/bookings?take=5`,
      `/v1/bookings?locationId=${otherLocation}&take=5`,
      `/v1/bookings?candidateId=${admin!.candidateIds[0]!}&take=100`,
      `/v1/bookings?clientIds=${outside}&clientIds=${outside}&take=5&sort=location`,
    ]) {
      await agrees(viewer!, url);
      await agrees(viewer!, url);
    }
    expect((await oracle.get(`/v1/bookings?clientIds=${outside}&take=5`, viewer!.who)).statusCode).toBe(403);
    // The viewer's own snapshot was built for its own scope.
    expect(t.app.services.snapshots.counts.built).toBe(before + 1);
  });
});

describe('a scope larger than a snapshot may hold', () => {
  it('is read from the database, and not counted again for a while', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      let clock = new Date(TEST_NOW).getTime();
      const options = { budgetRows: 1_000_000, recheckLargeAfterMs: 60_000, now: () => new Date(clock) };
      const snapshots = new VersionedSnapshots({ ...options, maxRows: 10 });
      const [row] = await queryRows<{ id: number }>(database.db, sql`select min(id) as id from clients`);
      const scope = { scope: { clientIds: [row!.id], locationIds: [] } };
      const of = (store: VersionedSnapshots, versions: string) => bookingSnapshot(store, database.db, scope, versions, JSON.stringify);
      // The first page of some data is read from the database; the second would build a snapshot, but the school's
      // bookings are counted as too many; then they are not counted again until the while has passed, whatever the data.
      for (const versions of ['v1', 'v1', 'v2', 'v2', 'v3']) expect(await of(snapshots, versions)).toBeUndefined();
      expect(snapshots.counts).toEqual({ counted: 1, built: 0, pages: 0 });
      clock += 61_000;
      for (const versions of ['v4', 'v4']) expect(await of(snapshots, versions)).toBeUndefined();
      expect(snapshots.counts).toEqual({ counted: 2, built: 0, pages: 0 });
      // Held to a larger bound, the same scope is built on the second page and then kept.
      const larger = new VersionedSnapshots({ ...options, maxRows: 100_000 });
      expect(await of(larger, 'v5')).toBeUndefined();
      expect((await of(larger, 'v5'))?.rows.length).toBeGreaterThan(10);
      expect((await of(larger, 'v5'))?.rows.length).toBeGreaterThan(10);
      expect(larger.counts).toEqual({ counted: 1, built: 1, pages: 2 });
    } finally {
      await drop();
    }
  });
});
