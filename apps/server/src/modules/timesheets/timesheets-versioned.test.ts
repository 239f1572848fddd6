import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { TimesheetListResponse, TimesheetsResponse } from '@portal/contract/timesheets';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { TEST_NOW } from '../../../test/global-setup';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { versionedOracle } from '../../../test/versioned-oracle';

/**
 * The timesheets lists as versioned answers (docs/decisions/009): after every kind of write they read, the kept
 * answer must be what an app that keeps nothing computes, and the old tag must no longer revalidate.
 */

let t: TestApp;
let oracle: Awaited<ReturnType<typeof versionedOracle>>;
let admin: SignedIn;
let viewer: SignedIn;

const one = async <T>(query: SQL) => (await queryRows<T>(t.database.db, query))[0]!;
const run = (query: SQL) => t.database.db.execute(query);

beforeAll(async () => {
  const now = () => new Date(TEST_NOW);
  t = await buildTestApp({ now });
  oracle = await versionedOracle(t, now);
  [admin, viewer] = await Promise.all([signIn(t.app, 'group.admin@demo.test'), signIn(t.app, 'bookings.viewer@demo.test')]);
});
afterAll(async () => {
  await oracle?.close();
  await t?.close();
});

describe('the timesheets lists as versioned answers', () => {
  const pending = '/v1/timesheets?take=10';
  const invoiced = '/v1/timesheets/list?status=invoiced&take=10';

  it('revalidate with 304 and change with every kind of write they read', async () => {
    const first = await oracle.agrees(pending, admin);
    expect((await oracle.get(pending, admin, { 'if-none-match': first.tag })).statusCode).toBe(304);
    const item = TimesheetsResponse.parse(first.json).pendingApprovalList[0]!;
    const billed = TimesheetListResponse.parse((await oracle.agrees(invoiced, admin)).json)[0]!;
    const writes: Array<[string, string, SQL]> = [
      ['a timesheet', pending, sql`update timesheets set break_minutes = break_minutes + 5 where booking_id = ${item.bookingId}`],
      ['its booking', pending, sql`update bookings set updated_at = updated_at where id = ${item.bookingId}`],
      ['its location', pending, sql`update locations set name = name || ' (v)' where id = ${item.locationId}`],
      ['its client', pending, sql`update clients set name = name || ' (v)' where id = ${item.clientId}`],
      ["its educator's name", pending, sql`update candidates set last_name = last_name || 'v' where id = ${item.candidateId}`],
      ["an invoice's number", invoiced, sql`update invoices set invoice_no = invoice_no || 'v' where invoice_no = ${billed.invoiceNo}`],
    ];
    for (const [what, url, write] of writes) {
      const before = await oracle.agrees(url, admin);
      await run(write);
      const after = await oracle.agrees(url, admin);
      expect(after.tag, what).not.toBe(before.tag);
      expect((await oracle.get(url, admin, { 'if-none-match': before.tag })).statusCode, what).toBe(200);
    }
    const last = TimesheetsResponse.parse((await oracle.agrees(pending, admin)).json).pendingApprovalList.find(
      (ts) => ts.bookingId === item.bookingId,
    )!;
    expect(last.breakMinutes).toBe(item.breakMinutes + 5);
    expect(last.locationName).toBe(`${item.locationName} (v)`);
  });

  it('the overview revalidates with 304 and changes with timesheets, client and educator names', async () => {
    const overview = '/v1/timesheets/overview';
    const first = await oracle.agrees(overview, admin);
    expect((await oracle.get(overview, admin, { 'if-none-match': first.tag })).statusCode).toBe(304);
    const item = TimesheetsResponse.parse((await oracle.agrees(pending, admin)).json).pendingApprovalList[0]!;
    const writes: Array<[string, SQL]> = [
      ['a status', sql`update timesheets set status = 'approved_for_invoice' where booking_id = ${item.bookingId}`],
      ['its client', sql`update clients set name = name || ' (o)' where id = ${item.clientId}`],
      ["its educator's name", sql`update candidates set first_name = first_name || 'o' where id = ${item.candidateId}`],
    ];
    for (const [what, write] of writes) {
      const before = await oracle.agrees(overview, admin);
      await run(write);
      const after = await oracle.agrees(overview, admin);
      expect(after.tag, what).not.toBe(before.tag);
      expect((await oracle.get(overview, admin, { 'if-none-match': before.tag })).statusCode, what).toBe(200);
    }
    const totals = (json: unknown) => (json as { totals: { approved: number; pendingApproval: number } }).totals;
    expect(totals((await oracle.agrees(overview, admin)).json).approved).toBe(totals(first.json).approved + 1);
    await run(sql`update timesheets set status = 'pending_approval' where booking_id = ${item.bookingId}`);
  });

  it('change when a timesheet is approved through the API, and name who decided after a rename', async () => {
    const before = await oracle.agrees(pending, admin);
    // One the educator did not change (approving a 'did not happen' one cancels its booking instead).
    const item = TimesheetsResponse.parse(before.json).pendingApprovalList.find((ts) => ts.candidateBookingModifications === null)!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/timesheets/submit',
      headers: { ...admin.headers, 'idempotency-key': `versioned-approve-${item.bookingId}` },
      payload: { decision: 'approved', timesheets: [{ bookingId: item.bookingId }] },
    });
    expect(res.statusCode).toBe(200);
    const after = TimesheetsResponse.parse((await oracle.agrees(pending, admin)).json);
    expect(after.pendingApprovalList.some((ts) => ts.bookingId === item.bookingId)).toBe(false);
    const decided = `/v1/timesheets/list?status=approved_for_invoice&take=200`;
    const listed = TimesheetListResponse.parse((await oracle.agrees(decided, admin)).json).find((ts) => ts.bookingId === item.bookingId)!;
    expect(listed.decidedByName).toBe('Grace Whitfield');
    await run(sql`update contacts set last_name = 'Whitfield-Jones' where email = 'group.admin@demo.test'`);
    const renamed = TimesheetListResponse.parse((await oracle.agrees(decided, admin)).json).find((ts) => ts.bookingId === item.bookingId)!;
    expect(renamed.decidedByName).toBe('Grace Whitfield-Jones');
  });

  it("keep one caller's answer from another, and refuse before tagging", async () => {
    const viewerClient = await one<{
      id: number;
    }>(sql`select pe.client_id as id from permission_entries pe join contacts ct on ct.id = pe.contact_id
      where ct.email = 'bookings.viewer@demo.test' and pe.client_id is not null limit 1`);
    // The viewer holds booking view only: no timesheets, whatever it sends.
    const refused = await oracle.get(pending, viewer, { 'if-none-match': '*' });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers.etag).toBeUndefined();
    // The viewer's school is outside the group admin's tree.
    const refusedList = await oracle.get(`/v1/timesheets/list?clientIds=${viewerClient.id}`, admin, { 'if-none-match': '*' });
    expect(refusedList.statusCode).toBe(403);
    expect(refusedList.headers.etag).toBeUndefined();
    // One client and all clients are different answers.
    const all = await oracle.agrees(pending, admin);
    const clientId = TimesheetsResponse.parse(all.json).pendingApprovalList[0]!.clientId;
    expect((await oracle.agrees(`/v1/timesheets?clientIds=${clientId}&take=10`, admin)).tag).not.toBe(all.tag);
  });
});
