import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { queryRows } from '@portal/db/client';
import { CalendarFeedCreated, CalendarFeedStatus } from '@portal/contract/calendar-feed';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { TEST_NOW } from '../../../test/global-setup';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { DEMO_PASSWORD } from '../../demo/seed';
import { titleOf } from './calendar-feed.service';
import { createResetToken } from '../identity/identity.repository';

/**
 * The bookings calendar feed: made, fetched and parsed back with ical.js, scoped to the owner's
 * schools at fetch time, revoked and regenerated.
 */

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(TEST_NOW) });
  admin = await signIn(t.app, 'uk.admin@demo.test');
});
afterAll(async () => {
  await t?.close();
});

const pathOf = (url: string) => new URL(url).pathname;
const fetchFeed = (url: string, ip = '10.0.0.1') => t.app.inject({ method: 'GET', url: pathOf(url), remoteAddress: ip });
const make = async (who: SignedIn) => {
  const res = await t.app.inject({ method: 'POST', url: '/v1/calendar-feed', headers: who.headers });
  expect(res.statusCode).toBe(201);
  return CalendarFeedCreated.parse(res.json());
};

interface ParsedEvent {
  uid: string;
  bookingId: number;
  tzid: string | null;
  startUtc: string;
  endUtc: string;
  status: string;
  summary: string;
  location: string;
}

function parse(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const uid = event.uid;
    return {
      uid,
      bookingId: Number(/^booking-(\d+)@/.exec(uid)?.[1]),
      tzid: vevent.getFirstProperty('dtstart')?.getParameter('tzid') as string | null,
      startUtc: event.startDate.toJSDate().toISOString(),
      endUtc: event.endDate.toJSDate().toISOString(),
      status: String(vevent.getFirstPropertyValue('status')),
      summary: event.summary,
      location: event.location,
    };
  });
}

interface DbBooking {
  id: number;
  client_id: number;
  time_zone: string;
  status: string;
  start_utc: string;
  end_utc: string;
  location_name: string;
  candidate_id: number | null;
}

const bookingsOf = (ids: number[]) =>
  queryRows<DbBooking>(
    t.database.db,
    sql`select b.id, b.client_id, b.time_zone, b.status::text as status, b.candidate_id, l.name as location_name,
               to_char(b.start_utc at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"') as start_utc,
               to_char(b.end_utc at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"') as end_utc
        from bookings b join locations l on l.id = b.location_id where b.id = any(${`{${ids.join(',')}}`}::int[])`,
  );

/** Clients where the contact holds some entry (group, client or location level). */
const reachableClients = async (email: string) =>
  new Set(
    (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select distinct cl.id from clients cl
            join permission_entries pe on pe.client_id = cl.id or pe.group_id = cl.group_id
              or pe.location_id in (select id from locations where client_id = cl.id)
            join contacts c on c.id = pe.contact_id where c.email = ${email}`,
      )
    ).map((r) => r.id),
  );

describe('the bookings calendar feed', () => {
  it('is off until made, and the URL is shown once', async () => {
    const before = CalendarFeedStatus.parse(
      (await t.app.inject({ method: 'GET', url: '/v1/calendar-feed', headers: admin.headers })).json(),
    );
    expect(before).toEqual({ active: false, createdAt: null });
    const created = await make(admin);
    expect(created.url).toMatch(/^https?:\/\/[^/]+\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const after = await t.app.inject({ method: 'GET', url: '/v1/calendar-feed', headers: admin.headers });
    expect(after.json()).toEqual({ active: true, createdAt: created.createdAt });
    expect(after.body).not.toContain(pathOf(created.url).slice(13, 40));
    const [stored] = await queryRows<{ token_hash: string }>(
      t.database.db,
      sql`select token_hash from calendar_feeds where revoked_at is null`,
    );
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers a calendar ical.js reads: times in each location zone, statuses, stable UIDs, only the owner’s clients', async () => {
    const { url } = await make(admin);
    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    // Never in a shared cache; a calendar app may keep it and asks again with its ETag.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toMatch(/^"v\./);
    const events = parse(res.body);
    expect(events.length).toBeGreaterThan(5);

    const rows = new Map((await bookingsOf(events.map((e) => e.bookingId))).map((r) => [r.id, r]));
    const clients = await reachableClients('uk.admin@demo.test');
    const statusOf: Record<string, string> = {
      pending_approval: 'TENTATIVE',
      unfilled: 'TENTATIVE',
      filled: 'CONFIRMED',
      commenced: 'CONFIRMED',
      completed: 'CONFIRMED',
      cancelled: 'CANCELLED',
      rejected: 'CANCELLED',
    };
    for (const e of events) {
      const row = rows.get(e.bookingId)!;
      expect(row, `booking ${e.bookingId}`).toBeDefined();
      expect(clients.has(row.client_id)).toBe(true);
      expect(e.tzid).toBe(row.time_zone);
      expect(e.startUtc).toBe(row.start_utc);
      expect(e.endUtc).toBe(row.end_utc);
      expect(e.status).toBe(statusOf[row.status]);
      expect(e.location.startsWith(row.location_name)).toBe(true);
      // The title says who covers it, or its state: a cancelled or rejected booking says so, never "Unfilled".
      if (row.status === 'cancelled') expect(e.summary.startsWith('Cancelled – ')).toBe(true);
      else if (row.status === 'rejected') expect(e.summary.startsWith('Rejected – ')).toBe(true);
      else if (row.status === 'pending_approval') expect(e.summary.startsWith('Pending approval – ')).toBe(true);
      else if (row.candidate_id === null) expect(e.summary.startsWith('Unfilled – ')).toBe(true);
      else expect(e.summary.startsWith('Unfilled')).toBe(false);
    }
    expect(new Set(events.map((e) => e.status)).size).toBeGreaterThan(1);
    // The same booking keeps its UID from one fetch to the next.
    const again = parse((await fetchFeed(url)).body);
    expect(again.map((e) => e.uid).sort()).toEqual(events.map((e) => e.uid).sort());
  });

  it('never holds another client’s booking', async () => {
    const other = await signIn(t.app, 'us.admin@demo.test');
    const ukEvents = parse((await fetchFeed((await make(admin)).url)).body);
    const usEvents = parse((await fetchFeed((await make(other)).url)).body);
    // Each event's zone is its location's (the US schools are not in London).
    const usRows = new Map((await bookingsOf(usEvents.map((e) => e.bookingId))).map((r) => [r.id, r]));
    for (const e of usEvents) {
      expect(e.tzid).toBe(usRows.get(e.bookingId)!.time_zone);
      expect(e.startUtc).toBe(usRows.get(e.bookingId)!.start_utc);
    }
    expect(new Set([...ukEvents, ...usEvents].map((e) => e.tzid)).size).toBeGreaterThan(1);
    const usClients = await reachableClients('us.admin@demo.test');
    const ukClients = await reachableClients('uk.admin@demo.test');
    const shared = [...usClients].filter((id) => ukClients.has(id));
    expect(shared).toEqual([]);
    const ukIds = new Set(ukEvents.map((e) => e.bookingId));
    expect(usEvents.length).toBeGreaterThan(0);
    expect(usEvents.filter((e) => ukIds.has(e.bookingId))).toEqual([]);
  });

  it('making it again stops the old URL; turning it off stops the new one; unknown and revoked look alike', async () => {
    const first = await make(admin);
    const second = await make(admin);
    expect(second.url).not.toBe(first.url);
    const old = await fetchFeed(first.url);
    expect(old.statusCode).toBe(404);
    expect((await fetchFeed(second.url)).statusCode).toBe(200);

    const off = await t.app.inject({ method: 'DELETE', url: '/v1/calendar-feed', headers: admin.headers });
    expect(off.statusCode).toBe(204);
    const revoked = await fetchFeed(second.url);
    expect(revoked.statusCode).toBe(404);
    const unknown = await fetchFeed(`http://x/v1/calendar/${'A'.repeat(43)}.ics`);
    const malformed = await fetchFeed('http://x/v1/calendar/nonsense');
    for (const r of [old, revoked, unknown, malformed]) {
      expect(r.statusCode).toBe(404);
      expect(r.json().detail).toBe(old.json().detail);
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/calendar-feed', headers: admin.headers })).json().active).toBe(false);
  });

  it('stops working when its owner changes or resets the password (whoever knew the old one may have made it)', async () => {
    const owner = await signIn(t.app, 'ca.admin@demo.test');
    const feed = await make(owner);
    expect((await fetchFeed(feed.url)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/change-password',
      headers: owner.headers,
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'Another#2026feed' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await fetchFeed(feed.url)).statusCode).toBe(404);

    const again = await make(await signIn(t.app, 'ca.admin@demo.test', 'Another#2026feed'));
    expect((await fetchFeed(again.url)).statusCode).toBe(200);
    const token = await createResetToken(t.database.db, 'ca.admin@demo.test', 30);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password-reset/confirm',
      payload: { token, newPassword: 'Third#2026feed' },
    });
    expect(reset.statusCode).toBe(204);
    expect((await fetchFeed(again.url)).statusCode).toBe(404);
  });

  it('applies permissions when fetched: a school taken away leaves the feed; no booking view anywhere is 404', async () => {
    const viewer = await signIn(t.app, 'bookings.viewer@demo.test');
    const { url } = await make(viewer);
    const clientsIn = async () => {
      const events = parse((await fetchFeed(url)).body);
      return new Set((await bookingsOf(events.map((e) => e.bookingId))).map((r) => r.client_id));
    };
    const [own] = [...(await clientsIn())];
    expect(own).toBeDefined();
    // Booking view at a second school shows its bookings at the next fetch …
    const [extra] = await queryRows<{ id: number; contact_id: number }>(
      t.database.db,
      sql`select cl.id, (select id from contacts where email = 'bookings.viewer@demo.test') as contact_id from clients cl
          where cl.id <> ${own!} and exists (select 1 from bookings b where b.client_id = cl.id) order by cl.id limit 1`,
    );
    await t.database.db.execute(
      sql`insert into permission_entries (contact_id, client_id, scope, modifier) values (${extra!.contact_id}, ${extra!.id}, 'booking', 'view')`,
    );
    expect([...(await clientsIn())].sort()).toEqual([own, extra!.id].sort());
    // … and taking it away hides them again, with the same URL.
    await t.database.db.execute(sql`delete from permission_entries where contact_id = ${extra!.contact_id} and client_id = ${extra!.id}`);
    expect([...(await clientsIn())]).toEqual([own]);
    await t.database.db.execute(
      sql`delete from permission_entries where contact_id = (select id from contacts where email = 'bookings.viewer@demo.test')`,
    );
    expect((await fetchFeed(url)).statusCode).toBe(404);
  });

  it('needs booking view to make one, and a sign-in', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/v1/calendar-feed' })).statusCode).toBe(401);
    const none = await signIn(t.app, 'no.access@demo.test');
    expect((await t.app.inject({ method: 'POST', url: '/v1/calendar-feed', headers: none.headers })).statusCode).toBe(403);
  });

  it('answers 304 to the tag it gave until the bookings change, builds a large feed once for many fetches, and limits each feed', async () => {
    const group = await signIn(t.app, 'group.admin@demo.test');
    const feed = await make(group);
    const fetches = await Promise.all(Array.from({ length: 4 }, (_, i) => fetchFeed(feed.url, `10.7.0.${i + 1}`)));
    const first = fetches[0]!;
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/calendar/);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^"v\./);
    // Four at once: one build, the same bytes, the same tag.
    for (const f of fetches) expect([f.headers.etag, f.body.length]).toEqual([tag, first.body.length]);
    // Built in slices and joined: still one calendar, every event once, each zone once.
    const events = parse(first.body);
    expect(events.length).toBeGreaterThan(100);
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    const zones = [...first.body.matchAll(/^TZID:(.*)\r$/gm)].map((m) => m[1]);
    expect(new Set(zones).size).toBe(zones.length);

    const again = await t.app.inject({
      method: 'GET',
      url: pathOf(feed.url),
      headers: { 'if-none-match': tag },
      remoteAddress: '10.7.0.9',
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const [booking] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from bookings where id::text = ${events[0]!.bookingId.toString()}`,
    );
    await t.database.db.execute(sql`update bookings set updated_at = now() where id = ${booking!.id}`);
    const changed = await t.app.inject({
      method: 'GET',
      url: pathOf(feed.url),
      headers: { 'if-none-match': tag },
      remoteAddress: '10.7.0.9',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);

    // Twenty fetches of one feed per ten minutes, from wherever they come.
    let last = 0;
    for (let i = 0; i < 20 && last !== 429; i += 1) last = (await fetchFeed(feed.url, `10.8.${i}.1`)).statusCode;
    expect(last).toBe(429);
  });

  it('limits fetches per address', async () => {
    const url = `http://x/v1/calendar/${'B'.repeat(43)}.ics`;
    let last = 0;
    for (let i = 0; i < 121; i += 1) last = (await fetchFeed(url, '10.9.9.9')).statusCode;
    expect(last).toBe(429);
    expect((await fetchFeed(url, '10.9.9.8')).statusCode).toBe(404);
  });
});

describe('an event’s title', () => {
  it('says who covers it, or its state: cancelled says cancelled, never "Unfilled"', () => {
    expect(titleOf('unfilled', null, 'Primary teacher')).toBe('Unfilled – Primary teacher');
    expect(titleOf('filled', 'Ana Silva', 'Primary teacher')).toBe('Ana Silva – Primary teacher');
    expect(titleOf('cancelled', null, 'Primary teacher')).toBe('Cancelled – Primary teacher');
    expect(titleOf('cancelled', 'Ana Silva', 'Primary teacher')).toBe('Cancelled – Ana Silva – Primary teacher');
    expect(titleOf('rejected', null, 'Primary teacher')).toBe('Rejected – Primary teacher');
    expect(titleOf('pending_approval', null, 'Primary teacher')).toBe('Pending approval – Primary teacher');
  });
});
