import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { BookingsResponse } from '@portal/contract/bookings';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { versionedOracle } from '../../../test/versioned-oracle';
import { TEST_NOW } from '../../../test/global-setup';
import { signIn, type SignedIn } from '../../../test/auth-client';

/**
 * The bookings lists as versioned answers (docs/decisions/008): tagged by the data versions of the caller's
 * clients, revalidated with 304, kept per process, and never served once a write, the minute or the caller's scope
 * has changed them. The oracle is a second app on the same database that keeps no answer (ANSWER_CACHE_MB=0):
 * after every kind of write the list reads, both must send the same bytes.
 */

let t: TestApp;
let oracle: Awaited<ReturnType<typeof versionedOracle>>;
let clock = new Date(TEST_NOW).getTime();
let admin: SignedIn;
let viewer: SignedIn;
let clientId: number;
let viewerClientId: number;
let otherClientId: number;

const one = async <T>(query: SQL) => (await queryRows<T>(t.database.db, query))[0]!;
const run = (query: SQL) => t.database.db.execute(query);
const get = (url: string, who: SignedIn, headers: Record<string, string> = {}) => oracle.get(url, who, headers);

/** The page from the app under test and from the oracle: the same status, bytes and x-pagination. */
async function agrees(url: string, who: SignedIn) {
  const { tag, json } = await oracle.agrees(url, who);
  return { tag, items: BookingsResponse.parse(json) };
}

beforeAll(async () => {
  const now = () => new Date(clock);
  t = await buildTestApp({ now });
  oracle = await versionedOracle(t, now);
  [admin, viewer] = await Promise.all([signIn(t.app, 'group.admin@demo.test'), signIn(t.app, 'bookings.viewer@demo.test')]);
  // The group admin's first school, the viewer's school, and a school with bookings that the viewer cannot see.
  clientId = (
    await one<{ id: number }>(sql`select min(c.id) as id from clients c join permission_entries pe on pe.group_id = c.group_id
      join contacts ct on ct.id = pe.contact_id where ct.email = 'group.admin@demo.test'`)
  ).id;
  viewerClientId = (
    await one<{ id: number }>(sql`select pe.client_id as id from permission_entries pe join contacts ct on ct.id = pe.contact_id
      where ct.email = 'bookings.viewer@demo.test' and pe.client_id is not null limit 1`)
  ).id;
  otherClientId = (await one<{ id: number }>(sql`select min(b.client_id) as id from bookings b where b.client_id <> ${viewerClientId}`)).id;
});
afterAll(async () => {
  await oracle?.close();
  await t?.close();
});

describe('the bookings lists as versioned answers', () => {
  const url = (id = clientId) => `/v1/bookings?clientIds=${id}&dateFromLocal=2026-03-16&dateToLocal=2026-04-30&take=25`;

  it('carry a private ETag, answer 304 to it with no body, and send the kept bytes again', async () => {
    const first = await get(url(), admin);
    expect(first.statusCode).toBe(200);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^"v\.[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(String(first.headers.vary)).toContain('Authorization');
    expect(t.app.services.answers.size.answers).toBeGreaterThan(0);

    const again = await get(url(), admin);
    expect(again.headers.etag).toBe(tag);
    expect(again.body).toBe(first.body);
    expect(again.headers['x-pagination']).toBe(first.headers['x-pagination']);

    const revalidated = await get(url(), admin, { 'if-none-match': tag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(tag);
    expect(revalidated.headers['cache-control']).toBe('private, no-cache');
    // Another tag (or a weak form of this one) is compared as RFC 9110 says.
    expect((await get(url(), admin, { 'if-none-match': '"v.other"' })).statusCode).toBe(200);
    expect((await get(url(), admin, { 'if-none-match': `W/${tag}` })).statusCode).toBe(304);
  });

  it('change with every kind of write the list reads, and then match an app that keeps nothing', async () => {
    const before = await agrees(url(), admin);
    const item = before.items.find((b) => b.candidate !== null) ?? before.items[0]!;
    const writes: Array<[string, SQL]> = [
      ['a booking', sql`update bookings set break_minutes = break_minutes + 5 where id = ${item.id}`],
      ['its request', sql`update booking_requests set covering_name = 'Versioned Cover' where id = ${item.requestId}`],
      ['its client', sql`update clients set name = name || ' (v)' where id = ${item.client.id}`],
      ['its location', sql`update locations set name = name || ' (v)' where id = ${item.location.id}`],
      ['its classification', sql`update classifications set online_title = online_title || ' (v)' where id = ${item.classification.id}`],
      ["an educator's name", sql`update candidates set first_name = first_name || 'v' where id = ${item.candidate?.id ?? -1}`],
      [
        "a covering contact's name",
        sql`update contacts set first_name = first_name || 'v' where id = (select covering_contact_id from booking_requests where id = ${item.requestId})`,
      ],
    ];
    let tag = before.tag;
    for (const [what, write] of writes) {
      await run(write);
      const after = await agrees(url(), admin);
      expect(after.tag, what).not.toBe(tag);
      // The revalidation of the old tag is a full answer now.
      expect((await get(url(), admin, { 'if-none-match': tag })).statusCode, what).toBe(200);
      tag = after.tag;
    }
    const last = (await agrees(url(), admin)).items.find((b) => b.id === item.id)!;
    expect(last.breakMinutes).toBe(item.breakMinutes + 5);
    expect(last.client.name).toBe(`${item.client.name} (v)`);
    expect(last.location.name).toBe(`${item.location.name} (v)`);
  });

  it('change when a booking is cancelled through the API', async () => {
    const before = await agrees(url(), admin);
    const open = before.items.find((b) => b.status === 'unfilled' && b.dateLocal > '2026-03-18')!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/bookings/${open.id}/cancel`,
      headers: { ...admin.headers, 'idempotency-key': `versioned-cancel-${open.id}` },
      payload: { cancelReason: 'Versioned answers test' },
    });
    expect(res.statusCode).toBe(200);
    const after = await agrees(url(), admin);
    expect(after.tag).not.toBe(before.tag);
    expect(after.items.find((b) => b.id === open.id)?.status).toBe('cancelled');
  });

  it("stay kept when another client's data changes, or a contact's other columns", async () => {
    const viewerUrl = url(viewerClientId);
    const before = await agrees(viewerUrl, viewer);
    await run(sql`update bookings set break_minutes = break_minutes + 1 where client_id = ${otherClientId}`);
    await run(sql`update contacts set locked_until = null where email = 'bookings.viewer@demo.test'`);
    const revalidated = await get(viewerUrl, viewer, { 'if-none-match': before.tag });
    expect(revalidated.statusCode).toBe(304);
  });

  it('hold for the minute they were computed in, and change with the next', async () => {
    const before = await agrees(url(), admin);
    clock += 30_000;
    expect((await get(url(), admin, { 'if-none-match': before.tag })).statusCode).toBe(304);
    clock += 30_000;
    const next = await agrees(url(), admin);
    expect(next.tag).not.toBe(before.tag);
    clock = new Date(TEST_NOW).getTime();
  });

  it("are never one caller's for another: the same URL under another scope has its own tag", async () => {
    // The same URL (every client the caller sees): the admin's six schools, the viewer's one.
    const everything = '/v1/bookings?dateFromLocal=2026-03-16&dateToLocal=2026-04-30&take=25';
    const adminAnswer = await agrees(everything, admin);
    const viewerAnswer = await agrees(everything, viewer);
    expect(viewerAnswer.tag).not.toBe(adminAnswer.tag);
    expect(viewerAnswer.items.every((b) => b.client.id === viewerClientId)).toBe(true);
    const asViewer = await get(everything, viewer, { 'if-none-match': adminAnswer.tag });
    expect(asViewer.statusCode).toBe(200);
    expect(asViewer.body).toBe((await get(everything, viewer)).body);
    // One of the admin's clients: a different answer again.
    expect((await agrees(url(), admin)).tag).not.toBe(adminAnswer.tag);
    // A client outside the caller's tree is refused before any tag is made, whatever the caller sends.
    const refused = await get(`/v1/bookings?clientIds=${otherClientId}`, viewer, { 'if-none-match': '*' });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers.etag).toBeUndefined();
  });

  it("one client's list is versioned the same way", async () => {
    const clientUrl = `/v1/clients/${clientId}/bookings?take=10`;
    const before = await agrees(clientUrl, admin);
    expect((await get(clientUrl, admin, { 'if-none-match': before.tag })).statusCode).toBe(304);
    await run(sql`update bookings set break_minutes = break_minutes + 5 where id = ${before.items[0]!.id}`);
    const after = await agrees(clientUrl, admin);
    expect(after.tag).not.toBe(before.tag);
    expect(after.items[0]!.breakMinutes).toBe(before.items[0]!.breakMinutes + 5);
  });

  it("the dashboard's figures revalidate with 304 and change with the bookings they count, not another client's", async () => {
    const figures = [
      `/v1/bookings/overview?clientIds=${clientId}&dateFromLocal=2026-03-01&dateToLocal=2026-04-30`,
      `/v1/bookings/summary?clientIds=${clientId}&dateFromLocal=2026-03-16`,
      `/v1/clients/${clientId}/bookings/summary?dateFromLocal=2025-07-01&dateToLocal=2026-06-30`,
    ];
    const before = await Promise.all(figures.map((f) => oracle.agrees(f, admin)));
    const revalidate = (i: number) => get(figures[i]!, admin, { 'if-none-match': before[i]!.tag });
    for (const i of figures.keys()) expect((await revalidate(i)).statusCode, figures[i]).toBe(304);
    // Another client's bookings (outside the group admin's tree) leave the figures as they were.
    await run(sql`update bookings set status = 'cancelled' where status = 'unfilled' and client_id = (
      select min(b.client_id) from bookings b join clients c on c.id = b.client_id
      where c.group_id is distinct from (select group_id from clients where id = ${clientId}))`);
    for (const i of figures.keys()) expect((await revalidate(i)).statusCode, figures[i]).toBe(304);

    const open = await one<{ id: number }>(
      sql`select id from bookings where client_id = ${clientId} and date_local = '2026-03-16'
          and status not in ('cancelled', 'rejected') order by id limit 1`,
    );
    await run(sql`update bookings set status = 'cancelled' where id = ${open.id}`);
    const after = await Promise.all(figures.map((f) => oracle.agrees(f, admin)));
    for (const i of figures.keys()) {
      expect(after[i]!.tag, figures[i]).not.toBe(before[i]!.tag);
      expect((await revalidate(i)).statusCode, figures[i]).toBe(200);
    }
    const today = (json: unknown) => (json as { today: { total: number; cancelled: number } }).today;
    expect(today(after[1]!.json)).toMatchObject({
      total: today(before[1]!.json).total - 1,
      cancelled: today(before[1]!.json).cancelled + 1,
    });
  });

  it('computes an answer asked for by many at once only once, and all get the same bytes', async () => {
    await run(sql`update bookings set break_minutes = break_minutes where client_id = ${clientId}`);
    const pages = vi.spyOn(t.app.services.bookings as unknown as { page: () => Promise<unknown> }, 'page');
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(url(), admin)));
    expect(pages).toHaveBeenCalledTimes(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    // Kept: asked again, it is not computed again.
    await get(url(), admin);
    expect(pages).toHaveBeenCalledTimes(1);
    pages.mockRestore();
  });
});
