import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { InvoicingRunResponse, ProviderTimesheet } from '@portal/contract/provider';
import { TimesheetListResponse, TimesheetsResponse } from '@portal/contract/timesheets';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { AccessTokens } from '../identity/access-tokens';
import { startFamily } from '../identity/identity.repository';
import { DemoSimulator } from '../../demo/simulator';

/**
 * The provider's side of timesheets and the loop through the demo simulator: an educator submits, the
 * school decides, the provider settles a review, the invoicing run puts approved hours on an invoice.
 */

let clock = new Date(inject('testNow'));
let t: TestApp;
let staff: Record<string, string>;
let admin: SignedIn;
let clientId: number;

const rows = <T>(query: SQL) => queryRows<T>(t.database.db, query);
const one = async <T>(query: SQL) => (await rows<T>(query))[0]!;
const call = (method: 'GET' | 'POST', url: string, payload?: unknown, headers = staff) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const decide = (payload: unknown) => call('POST', '/v1/timesheets/submit', payload, admin.headers);

/** A completed booking of the admin's client, with an educator, whose timesheet is removed (so it can be submitted again). */
async function completedWithoutTimesheet(): Promise<{ id: number; start: string; end: string; breakMinutes: number }> {
  const row = await one<{ id: number; start: string; end: string; break_minutes: number }>(
    sql`select b.id, b.start_time_local::text as start, b.end_time_local::text as end, b.break_minutes from bookings b
        join timesheets ts on ts.booking_id = b.id
        where b.client_id = ${clientId} and b.status = 'completed' and ts.status = 'pending_approval'
          and b.end_time_local - b.start_time_local > interval '3 hours'
        order by b.id desc limit 1`,
  );
  await t.database.db.execute(sql`delete from timesheets where booking_id = ${row.id}`);
  return { id: row.id, start: row.start.slice(0, 5), end: row.end.slice(0, 5), breakMinutes: row.break_minutes };
}

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`select id from staff_users where email = 'staff@provider.test'`);
  const family = await startFamily(t.database.db, { staffUserId: row!.id }, { idleSeconds: 3600, absoluteSeconds: 3600 }, new Date());
  const tokens = new AccessTokens(t.app.config.jwtSecret!, t.app.config.publicOrigin, 900);
  staff = { authorization: `Bearer ${await tokens.sign({ kind: 'staff', staffUserId: row!.id }, family.familyId)}` };
  admin = await signIn(t.app, 'group.admin@demo.test');
  clientId = (
    await one<{ id: number }>(sql`select c.id from clients c join permission_entries pe on pe.group_id = c.group_id
      join contacts ct on ct.id = pe.contact_id where ct.email = 'group.admin@demo.test'
      and exists (select 1 from timesheets t where t.client_id = c.id and t.status = 'pending_approval')
      order by c.id limit 1`)
  ).id;
});
afterAll(async () => {
  await t?.close();
});

describe('provider timesheets API', () => {
  it('is for provider staff only', async () => {
    expect((await call('POST', '/v1/provider/bookings/1/timesheet', {}, admin.headers)).statusCode).toBe(403);
    expect((await call('POST', '/v1/provider/timesheets/1/settle', { outcome: 'approved' }, admin.headers)).statusCode).toBe(403);
    expect((await call('POST', '/v1/provider/invoicing/run', {}, admin.headers)).statusCode).toBe(403);
  });

  it('takes the educator’s hours of a completed booking: pending approval, changes shown to the school', async () => {
    const booking = await completedWithoutTimesheet();
    const res = await call('POST', `/v1/provider/bookings/${booking.id}/timesheet`, { endTimeLocal: '13:00', breakMinutes: 15 });
    expect(res.statusCode).toBe(201);
    expect(ProviderTimesheet.parse(res.json())).toEqual({ bookingId: booking.id, bookingStatus: 'completed', status: 'pending_approval' });
    expect((await call('POST', `/v1/provider/bookings/${booking.id}/timesheet`, {})).statusCode).toBe(409);
    const list = TimesheetsResponse.parse(
      (await call('GET', `/v1/timesheets?clientIds=${clientId}&take=200`, undefined, admin.headers)).json(),
    );
    const item = list.pendingApprovalList.find((i) => i.bookingId === booking.id)!;
    expect(item.isApprovedByCandidate).toBe(false);
    expect(item.candidateBookingModifications).toMatchObject({
      didNotHappen: false,
      endTimeLocal: `${item.dateLocal}T13:00`,
      breakMinutes: 15,
    });
    expect(item.startTimeLocal).toBe(`${item.dateLocal}T${booking.start}`);

    // The school approves: the educator's hours become the timesheet's.
    expect((await decide({ decision: 'approved', timesheets: [{ bookingId: booking.id }] })).statusCode).toBe(200);
    expect(
      await one(sql`select status::text, end_time_local::text, break_minutes from timesheets where booking_id = ${booking.id}`),
    ).toEqual({ status: 'approved_for_invoice', end_time_local: '13:00:00', break_minutes: 15 });
  });

  it('refuses a booking that is not completed, and bad times naming the field', async () => {
    const { id } = await one<{ id: number }>(sql`select id from bookings where status = 'unfilled' limit 1`);
    expect((await call('POST', `/v1/provider/bookings/${id}/timesheet`, {})).statusCode).toBe(422);
    const booking = await completedWithoutTimesheet();
    const bad = await call('POST', `/v1/provider/bookings/${booking.id}/timesheet`, { startTimeLocal: '16:00', endTimeLocal: '09:00' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('endTimeLocal');
    const noReason = await call('POST', `/v1/provider/bookings/${booking.id}/timesheet`, { didNotHappen: true });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().errors)).toContain('reason');
    expect((await call('POST', `/v1/provider/bookings/${booking.id}/timesheet`, { didNotHappen: true, reason: 'Unwell' })).statusCode).toBe(
      201,
    );
  });

  it('settles a modified timesheet as approved with the school’s hours, and a day that did not happen as cancelled', async () => {
    const [a, b] = await rows<{ booking_id: number }>(
      sql`select booking_id from timesheets where client_id = ${clientId} and status = 'pending_approval' order by id limit 2`,
    );
    expect(
      (
        await decide({
          decision: 'modified',
          timesheets: [{ bookingId: a!.booking_id, startTimeLocal: '09:15', endTimeLocal: '14:45', breakMinutes: 20 }],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await decide({ decision: 'did_not_happen', timesheets: [{ bookingId: b!.booking_id, reason: 'Closed for a storm' }] })).statusCode,
    ).toBe(200);

    const settled = await call('POST', `/v1/provider/timesheets/${a!.booking_id}/settle`, { outcome: 'approved' });
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toMatchObject({ status: 'approved_for_invoice' });
    expect(
      await one(
        sql`select start_time_local::text, end_time_local::text, break_minutes from timesheets where booking_id = ${a!.booking_id}`,
      ),
    ).toEqual({
      start_time_local: '09:15:00',
      end_time_local: '14:45:00',
      break_minutes: 20,
    });
    expect((await call('POST', `/v1/provider/timesheets/${a!.booking_id}/settle`, { outcome: 'approved' })).statusCode).toBe(422);

    const cancelled = await call('POST', `/v1/provider/timesheets/${b!.booking_id}/settle`, { outcome: 'cancelled' });
    expect(cancelled.json()).toEqual({ bookingId: b!.booking_id, bookingStatus: 'cancelled', status: null });
    expect(await one(sql`select status::text from bookings where id = ${b!.booking_id}`)).toEqual({ status: 'cancelled' });
    // The school sees it as cancelled if it tries again.
    const again = await decide({ decision: 'approved', timesheets: [{ bookingId: b!.booking_id }] });
    expect(again.statusCode).toBe(207);
    expect(again.json().issues).toEqual([{ bookingId: b!.booking_id, reason: 'cancelled' }]);
    // And an approved timesheet settled by the provider is already approved for invoice.
    const settledAgain = await decide({ decision: 'approved', timesheets: [{ bookingId: a!.booking_id }] });
    expect(settledAgain.json().issues).toEqual([{ bookingId: a!.booking_id, reason: 'already_approved_for_invoice' }]);
  });

  it('invoices approved timesheets: one invoice per client and week, a line per educator, classification and unit, the client’s currency and tax', async () => {
    const approved = await rows<{ id: number; candidate_id: number }>(
      sql`select id, candidate_id from timesheets where client_id = ${clientId} and status = 'approved_for_invoice'`,
    );
    expect(approved.length).toBeGreaterThan(0);
    const res = await call('POST', '/v1/provider/invoicing/run', { clientId });
    expect(res.statusCode).toBe(200);
    const run = InvoicingRunResponse.parse(res.json());
    expect(run.invoices.length).toBeGreaterThan(0);
    expect(run.invoices.reduce((n, i) => n + i.timesheets, 0)).toBe(approved.length);
    const client = await one<{ currency: string; tax_label: string; tax_rate_basis_points: number }>(
      sql`select currency::text, tax_label, tax_rate_basis_points from clients where id = ${clientId}`,
    );
    for (const invoice of run.invoices) {
      expect(invoice.clientId).toBe(clientId);
      expect(invoice.currency).toBe(client.currency);
      expect(new Date(`${invoice.periodStart}T00:00:00Z`).getUTCDay()).toBe(1);
      const stored = await one<{
        id: number;
        tax_label: string;
        subtotal_minor: string;
        tax_minor: string;
        total_minor: string;
        paid_at: Date | null;
      }>(sql`select id, tax_label, subtotal_minor, tax_minor, total_minor, paid_at from invoices where invoice_no = ${invoice.invoiceNo}`);
      expect(stored.tax_label).toBe(client.tax_label);
      expect(stored.paid_at).toBeNull();
      expect(Number(stored.total_minor)).toBe(Number(stored.subtotal_minor) + Number(stored.tax_minor));
      const lines = await rows<{ candidate_id: number; description: string; unit: string; amount_minor: string; tax_minor: string }>(
        sql`select candidate_id, description, unit, amount_minor, tax_minor from invoice_lines where invoice_id = ${stored.id}`,
      );
      expect(lines.length).toBe(invoice.lines);
      expect(new Set(lines.map((l) => `${l.candidate_id}:${l.description}:${l.unit}`)).size).toBe(lines.length);
      expect(lines.reduce((s, l) => s + Number(l.amount_minor), 0)).toBe(Number(stored.subtotal_minor));
      // The tax rule (invoicing-run.test.ts checks it in full): the lines' shares add up to the invoice's tax.
      expect(lines.reduce((s, l) => s + Number(l.tax_minor), 0)).toBe(Number(stored.tax_minor));
    }
    const after = await one<{ left: number; invoiced: number }>(
      sql`select count(*) filter (where status = 'approved_for_invoice')::int as left,
                 count(*) filter (where status = 'invoiced' and id in (${sql.join(
                   approved.map((a) => sql`${a.id}`),
                   sql`, `,
                 )}))::int as invoiced
          from timesheets where client_id = ${clientId}`,
    );
    expect(after).toEqual({ left: 0, invoiced: approved.length });
    // A second run has nothing left to invoice.
    expect(InvoicingRunResponse.parse((await call('POST', '/v1/provider/invoicing/run', { clientId })).json()).invoices).toEqual([]);
  });
});

describe('the demo simulator’s timesheet loop', () => {
  it('creates timesheets of completed bookings, settles reviews, invoices what a visitor approved and pays invoices due', async () => {
    const start = clock;
    const simulator = new DemoSimulator({ db: t.database.db, mailer: t.app.mailer, log: t.app.log, now: () => clock, intervalMs: 0 });
    // A completed booking whose educator has not submitted yet (ended within the week).
    const { id: completed } = await one<{ id: number }>(
      sql`select b.id from bookings b join timesheets ts on ts.booking_id = b.id
          where b.status = 'completed' and ts.status = 'pending_approval' and b.end_utc > ${new Date(start.getTime() - 5 * 86_400_000).toISOString()}::timestamptz
          order by b.id limit 1`,
    );
    await t.database.db.execute(sql`delete from timesheets where booking_id = ${completed}`);
    // The visitor approves one timesheet and asks for a review of another.
    const [approve, review] = await rows<{ booking_id: number }>(
      sql`select booking_id from timesheets where client_id = ${clientId} and status = 'pending_approval' order by id limit 2`,
    );
    expect((await decide({ decision: 'approved', timesheets: [{ bookingId: approve!.booking_id }] })).statusCode).toBe(200);
    expect(
      (
        await decide({
          decision: 'modified',
          timesheets: [{ bookingId: review!.booking_id, startTimeLocal: '09:00', endTimeLocal: '12:00' }],
        })
      ).statusCode,
    ).toBe(200);
    const unpaidDue = await one<{ n: number }>(
      sql`select count(*)::int as n from invoices where paid_at is null and due_date <= ${start.toISOString().slice(0, 10)}::date`,
    );

    const first = await simulator.tick();
    expect(first.timesheets).toContain(completed);
    expect(await one(sql`select status::text from timesheets where booking_id = ${completed}`)).toEqual({ status: 'pending_approval' });
    expect(first.invoices).toEqual([]);
    expect(first.paid).toBe(Math.min(3, unpaidDue.n));

    clock = new Date(start.getTime() + 3 * 60_000);
    const later = await simulator.tick();
    expect(later.settled).toContain(review!.booking_id);
    expect(later.invoices.length).toBeGreaterThan(0);
    const listed = TimesheetListResponse.parse(
      (await call('GET', `/v1/timesheets/list?clientIds=${clientId}&status=invoiced&take=20`, undefined, admin.headers)).json(),
    );
    const mine = listed.find((i) => i.bookingId === approve!.booking_id);
    expect(mine?.invoiceNo).toMatch(/^INV-\d+$/);
    // The settled review is invoiced on a later tick, two minutes after settling.
    clock = new Date(start.getTime() + 6 * 60_000);
    await simulator.tick();
    expect(await one(sql`select status::text from timesheets where booking_id = ${review!.booking_id}`)).toEqual({ status: 'invoiced' });
    await simulator.stop();
    clock = start;
  });
});
