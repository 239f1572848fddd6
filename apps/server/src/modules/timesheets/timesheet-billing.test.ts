import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { queryRows } from '@portal/db/client';
import { formatDuration } from '@portal/contract/format/duration';
import { TimesheetListResponse, TimesheetsResponse, TimesheetSubmitResponse, type TimesheetBooking } from '@portal/contract/timesheets';
import type { TimesheetChange } from '@portal/contract/timesheets/decide';
import { DECIDE_EXAMPLES } from '@portal/contract/timesheets/decide.examples';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { TEST_NOW } from '../../../test/global-setup';
import { signIn, type SignedIn } from '../../../test/auth-client';

/**
 * What a timesheet decision bills, end to end: the contract's worked examples written to real timesheets, then the
 * list's hours, the stored hours after Approve, the decided list and the PDF must all be the example's hours; a
 * timesheet the educator says did not happen bills nothing once approved.
 */

let t: TestApp;
let admin: SignedIn;
let clientId: number;
let locale: string;
const clock = new Date(TEST_NOW);

const rows = <T>(query: SQL) => queryRows<T>(t.database.db, query);
const one = async <T>(query: SQL) => (await rows<T>(query))[0];
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.headers });
const approve = (bookingIds: number[]) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/timesheets/submit',
    headers: admin.headers,
    payload: { decision: 'approved', timesheets: bookingIds.map((bookingId) => ({ bookingId })) },
  });

/** A pending timesheet of the admin's client nobody changed, not used before in this file. */
const used = new Set<number>();
async function freshPending(): Promise<number> {
  const found = await rows<{ booking_id: number }>(
    sql`select t.booking_id from timesheets t join bookings b on b.id = t.booking_id
         where t.client_id = ${clientId} and t.status = 'pending_approval' and b.status = 'completed'
           and t.candidate_modification is null order by t.id limit 50`,
  );
  const id = found.map((r) => r.booking_id).find((b) => !used.has(b));
  if (id === undefined) throw new Error('no pending timesheet left in the seed');
  used.add(id);
  return id;
}

const stored = (change: TimesheetChange | null) =>
  change === null
    ? null
    : change.didNotHappen
      ? { didNotHappen: true, reason: change.reason }
      : { startTimeLocal: change.startTime, endTimeLocal: change.endTime, breakMinutes: change.breakMinutes };

/** Writes an example's facts (booked hours, the educator's change) to a pending timesheet. */
async function writeFacts(bookingId: number, example: (typeof DECIDE_EXAMPLES)[number]) {
  const { recorded, educator } = example.facts;
  await t.database.db.execute(sql`
    update timesheets set start_time_local = ${recorded.startTime}::time, end_time_local = ${recorded.endTime}::time,
           break_minutes = ${recorded.breakMinutes}, candidate_modification = ${JSON.stringify(stored(educator))}::jsonb,
           is_approved_by_candidate = ${educator === null}
     where booking_id = ${bookingId}`);
}

/** The row of the pending list for a booking (the list pages oldest first). */
async function pendingRow(bookingId: number): Promise<TimesheetBooking> {
  for (let skip = 0; ; skip += 100) {
    const body = TimesheetsResponse.parse((await get(`/v1/timesheets?clientIds=${clientId}&take=100&skip=${skip}`)).json());
    const row = body.pendingApprovalList.find((r) => r.bookingId === bookingId);
    if (row) return row;
    if (body.pendingApprovalList.length < 100) throw new Error(`booking ${bookingId} is not pending approval`);
  }
}

async function pdfText(bookingId: number): Promise<string> {
  const res = await get(`/v1/timesheets/download/${bookingId}`);
  expect(res.statusCode).toBe(200);
  return (await new PDFParse({ data: new Uint8Array(res.rawPayload) }).getText()).text;
}

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  const client = (await one<{ id: number; locale: string }>(sql`select c.id, c.locale::text from clients c
      join permission_entries pe on pe.group_id = c.group_id join contacts ct on ct.id = pe.contact_id
      where ct.email = 'group.admin@demo.test'
        and (select count(*) from timesheets t where t.client_id = c.id and t.status = 'pending_approval' and t.candidate_modification is null) >= 5
      order by c.id limit 1`))!;
  clientId = client.id;
  locale = client.locale;
  admin = await signIn(t.app, 'group.admin@demo.test');
});
afterAll(async () => {
  await t?.close();
});

describe('the hours Approve bills are the hours the list shows', () => {
  const pendingExamples = DECIDE_EXAMPLES.filter((e) => e.facts.status === 'pending_approval' && e.billing.kind === 'hours');

  it.each(pendingExamples.map((e) => [e.name, e] as const))('%s', async (_name, example) => {
    const bookingId = await freshPending();
    await writeFacts(bookingId, example);
    const billing = example.billing as Extract<typeof example.billing, { kind: 'hours' }>;

    // The list shows what Approve will bill.
    expect((await pendingRow(bookingId)).billing).toEqual(billing);

    // Approve stores exactly those hours.
    const res = await approve([bookingId]);
    expect(res.statusCode).toBe(200);
    expect(TimesheetSubmitResponse.parse(res.json())).toEqual({ submitted: [bookingId], noCharge: [], issues: [] });
    const saved = await one<{ start: string; end: string; break_minutes: number; status: string }>(
      sql`select to_char(start_time_local, 'HH24:MI') as start, to_char(end_time_local, 'HH24:MI') as end, break_minutes, status::text
            from timesheets where booking_id = ${bookingId}`,
    );
    expect(saved).toEqual({
      start: billing.startTime,
      end: billing.endTime,
      break_minutes: billing.breakMinutes,
      status: 'approved_for_invoice',
    });

    // The decided list and the PDF say the same hours, now final.
    const decided = TimesheetListResponse.parse(
      (await get(`/v1/timesheets/list?clientIds=${clientId}&status=approved_for_invoice&take=200`)).json(),
    );
    const row = decided.find((r) => r.bookingId === bookingId)!;
    expect(row.billing).toEqual({ ...billing, basis: 'approved', final: true });
    expect(row.workedMinutes).toBe(billing.minutes);
    expect(await pdfText(bookingId)).toContain(formatDuration(billing.minutes, locale));
  });
});

describe('approving a timesheet the educator says did not happen', () => {
  const example = DECIDE_EXAMPLES.find((e) => e.facts.educator?.didNotHappen && e.facts.status === 'pending_approval')!;

  it('shows no charge before, then cancels the booking with no charge, billed by nobody', async () => {
    const [dnh, plain] = [await freshPending(), await freshPending()];
    await writeFacts(dnh, example);
    expect((await pendingRow(dnh)).billing).toEqual({ kind: 'no_charge', basis: 'educator', final: false });

    // Approved together with an ordinary one: one answer, the did-not-happen one named as no charge.
    const res = await approve([dnh, plain]);
    expect(res.statusCode).toBe(200);
    expect(TimesheetSubmitResponse.parse(res.json())).toEqual({ submitted: [dnh, plain], noCharge: [dnh], issues: [] });

    const booking = await one<{ status: string; cancel_reason: string; cancelled_by: string }>(
      sql`select b.status::text, b.cancel_reason, ct.email as cancelled_by from bookings b join contacts ct on ct.id = b.cancelled_by_contact_id
           where b.id = ${dnh}`,
    );
    expect(booking).toEqual({
      status: 'cancelled',
      cancel_reason: expect.stringMatching(/no charge/),
      cancelled_by: 'group.admin@demo.test',
    });
    expect(await one(sql`select 1 from timesheets where booking_id = ${dnh}`)).toBeUndefined();
    expect((await one<{ status: string }>(sql`select status::text from timesheets where booking_id = ${plain}`))!.status).toBe(
      'approved_for_invoice',
    );

    // Nothing of it reaches an invoice: the provider's invoicing run bills the other one only.
    await t.app.services.providerTimesheets.runInvoicing({ clientId });
    const invoiced = await rows<{ booking_id: number }>(
      sql`select booking_id from timesheets where booking_id in (${dnh}, ${plain}) and status = 'invoiced'`,
    );
    expect(invoiced.map((r) => r.booking_id)).toEqual([plain]);

    // Approving it again (a second tab): cancelled, not billed twice.
    const again = await approve([dnh]);
    expect(again.statusCode).toBe(207);
    expect(again.json()).toEqual({ submitted: [], noCharge: [], issues: [{ bookingId: dnh, reason: 'cancelled' }] });
  });

  it('of two contacts approving it at once, one cancels it and the other is told it was cancelled', async () => {
    const bookingId = await freshPending();
    await writeFacts(bookingId, example);
    const coApprover = await signIn(
      t.app,
      (await one<{ email: string }>(sql`select ct.email from contacts ct join permission_entries pe on pe.contact_id = ct.id
         where pe.client_id = ${clientId} and pe.scope = 'timesheets' and pe.modifier = 'all' order by ct.id limit 1`))!.email,
    );
    const submit = (who: SignedIn) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/timesheets/submit',
        headers: who.headers,
        payload: { decision: 'approved', timesheets: [{ bookingId }] },
      });
    const answers = (await Promise.all([submit(admin), submit(coApprover)])).map((r) => ({ status: r.statusCode, body: r.json() }));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 207]);
    expect(answers.find((a) => a.status === 200)!.body.noCharge).toEqual([bookingId]);
    expect(answers.find((a) => a.status === 207)!.body.issues).toEqual([{ bookingId, reason: 'cancelled' }]);
  });
});
