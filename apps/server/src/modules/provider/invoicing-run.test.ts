import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { InvoiceDetailsResponse } from '@portal/contract/invoices';
import { InvoicingRunResponse } from '@portal/contract/provider';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { AccessTokens } from '../identity/access-tokens';
import { startFamily } from '../identity/identity.repository';

/**
 * The invoicing run's invoices: taxed by the one rule (docs/decisions/011), each line with the dates of the
 * timesheets it bills, its classification, and its unit (day, half day, hour) priced accordingly.
 */

let t: TestApp;
let staff: Record<string, string>;
let admin: SignedIn;

const rows = <T>(query: SQL) => queryRows<T>(t.database.db, query);

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(inject('testNow')) });
  const [row] = await rows<{ id: number }>(sql`select id from staff_users where email = 'staff@provider.test'`);
  const family = await startFamily(t.database.db, { staffUserId: row!.id }, { idleSeconds: 3600, absoluteSeconds: 3600 }, new Date());
  const tokens = new AccessTokens(t.app.config.jwtSecret!, t.app.config.publicOrigin, 900);
  staff = { authorization: `Bearer ${await tokens.sign({ kind: 'staff', staffUserId: row!.id }, family.familyId)}` };
  admin = await signIn(t.app, 'school.admin@demo.test');
});
afterAll(async () => {
  await t?.close();
});

describe('the invoicing run', () => {
  it('taxes each invoice once by the rule and dates every line with the timesheets it bills', async () => {
    const [client] = await rows<{ id: number; rate: number }>(
      sql`select c.id, c.tax_rate_basis_points as rate from clients c where c.name = 'Kōwhai Bay School'`,
    );
    // Every approved timesheet of the school, plus a half day: one timesheet of a day-rate booking cut to three hours.
    const approved = await rows<{ booking_id: number; date_local: string; unit_type: string; classification: string }>(
      sql`select t.booking_id, b.date_local::text, t.unit_type, cl.online_title as classification
          from timesheets t join bookings b on b.id = t.booking_id join booking_requests br on br.id = b.request_id
          join classifications cl on cl.id = br.classification_id
          where t.client_id = ${client!.id} and t.status = 'approved_for_invoice'`,
    );
    const halfDay = approved.find((a) => a.unit_type === 'day');
    expect(halfDay).toBeDefined();
    await t.database.db.execute(
      sql`update timesheets set start_time_local = '09:00', end_time_local = '12:00', break_minutes = 0 where booking_id = ${halfDay!.booking_id}`,
    );

    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/provider/invoicing/run',
      headers: staff,
      payload: { clientId: client!.id },
    });
    expect(res.statusCode).toBe(200);
    const run = InvoicingRunResponse.parse(res.json());
    expect(run.invoices.length).toBeGreaterThan(0);

    const billed = new Map(approved.map((a) => [a.booking_id, a]));
    let sawHalfDay = false;
    for (const issued of run.invoices) {
      const details = InvoiceDetailsResponse.parse(
        (await t.app.inject({ method: 'GET', url: `/v1/invoices/GetInvoice/${issued.invoiceNo}`, headers: admin.headers })).json(),
      );
      const subtotal = details.lines.reduce((s, l) => s + l.amountMinor, 0);
      expect(details.subtotalMinor).toBe(subtotal);
      expect(details.taxMinor).toBe(Math.floor((2 * subtotal * client!.rate + 10_000) / 20_000));
      expect(details.lines.reduce((s, l) => s + l.taxMinor, 0)).toBe(details.taxMinor);
      expect(details.totalMinor).toBe(subtotal + details.taxMinor);
      expect(issued.totalMinor).toBe(details.totalMinor);

      const invoiced = await rows<{ booking_id: number }>(
        sql`select t.booking_id from timesheets t join invoices i on i.id = t.invoice_id where i.invoice_no = ${issued.invoiceNo}`,
      );
      const datesOnInvoice = new Set(invoiced.map((i) => billed.get(i.booking_id)!.date_local));
      const classifications = new Set(invoiced.map((i) => billed.get(i.booking_id)!.classification));
      for (const line of details.lines) {
        expect(line.serviceDates.length).toBeGreaterThan(0);
        for (const date of line.serviceDates) expect(datesOnInvoice.has(date)).toBe(true);
        expect(classifications.has(line.description)).toBe(true);
        if (line.unit === 'hour') expect(line.amountMinor).toBeGreaterThan(0);
        else {
          expect(line.quantity).toBe(line.serviceDates.length);
          expect(line.amountMinor).toBe(line.quantity * line.unitPriceMinor);
        }
        if (line.unit === 'half_day' && line.serviceDates.includes(halfDay!.date_local)) sawHalfDay = true;
      }
    }
    expect(sawHalfDay).toBe(true);
  });
});
