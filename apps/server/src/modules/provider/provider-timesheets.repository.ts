import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@portal/db/client';
import type { CandidateModification, TimesheetBreak } from '@portal/db/schema';
import type { BookingStatus, TimesheetDecision } from '@portal/contract/domain';

/**
 * The provider's side of timesheets: the educator's submission of a completed booking, settling a
 * review, and the invoicing run that puts approved timesheets on invoices.
 */

/** A completed booking and what its timesheet is made of. */
export async function bookingForTimesheet(db: DbOrTx, bookingId: number) {
  const [row] = await queryRows<{
    id: number;
    status: string;
    client_id: number;
    location_id: number;
    candidate_id: number | null;
    date_local: string;
    time_zone: string;
    start_time_local: string;
    end_time_local: string;
    start_utc: Date;
    end_utc: Date;
    break_minutes: number;
    rate_unit_type: string;
    template_required: boolean;
    has_timesheet: boolean;
  }>(
    db,
    sql`select b.id, b.status::text, b.client_id, b.location_id, b.candidate_id, b.date_local::text, b.time_zone,
               b.start_time_local::text, b.end_time_local::text, b.start_utc, b.end_utc, b.break_minutes,
               c.rate_unit_type::text, l.submitted_by_template_required as template_required,
               exists (select 1 from timesheets t where t.booking_id = b.id) as has_timesheet
          from bookings b join booking_requests r on r.id = b.request_id join classifications c on c.id = r.classification_id
          join locations l on l.id = b.location_id
         where b.id = ${bookingId}`,
  );
  return row ? { ...row, start_utc: new Date(row.start_utc), end_utc: new Date(row.end_utc) } : undefined;
}

export async function insertTimesheet(
  db: DbOrTx,
  row: {
    bookingId: number;
    candidateId: number;
    clientId: number;
    locationId: number;
    startTimeLocal: string;
    endTimeLocal: string;
    startUtc: Date;
    endUtc: Date;
    breakMinutes: number;
    breaks: TimesheetBreak[];
    timesheetMethod: string;
    payOptionType: string;
    unitType: string;
    modification: CandidateModification | null;
    at: Date;
  },
): Promise<boolean> {
  const inserted = await queryRows<{ id: number }>(
    db,
    sql`insert into timesheets (booking_id, candidate_id, client_id, location_id, status, start_time_local, end_time_local,
          start_utc, end_utc, break_minutes, breaks, timesheet_method, pay_option_type, unit_type, is_approved_by_candidate,
          candidate_modification, created_at, updated_at)
        values (${row.bookingId}, ${row.candidateId}, ${row.clientId}, ${row.locationId}, 'pending_approval', ${row.startTimeLocal}::time,
          ${row.endTimeLocal}::time, ${row.startUtc.toISOString()}::timestamptz, ${row.endUtc.toISOString()}::timestamptz, ${row.breakMinutes},
          ${JSON.stringify(row.breaks)}::jsonb, ${row.timesheetMethod}, ${row.payOptionType}, ${row.unitType}, ${row.modification === null},
          ${row.modification === null ? null : JSON.stringify(row.modification)}::jsonb, ${row.at.toISOString()}::timestamptz,
          ${row.at.toISOString()}::timestamptz)
        on conflict (booking_id) do nothing
        returning id`,
  );
  return inserted.length > 0;
}

/** Completed bookings with an educator and no timesheet yet, ended in the last week, oldest first. */
export async function completedWithoutTimesheet(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select b.id from bookings b
         where b.status = 'completed' and b.candidate_id is not null
           and b.end_utc <= ${now.toISOString()}::timestamptz and b.end_utc >= ${new Date(now.getTime() - 7 * 86_400_000).toISOString()}::timestamptz
           and not exists (select 1 from timesheets t where t.booking_id = b.id)
         order by b.end_utc, b.id limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

/** A timesheet pending review, locked for settling, with what the school and the educator submitted. */
export async function reviewForUpdate(tx: DbOrTx, bookingId: number) {
  const [row] = await queryRows<{
    id: number;
    status: string;
    booking_status: string;
    date_local: string;
    time_zone: string;
    start_time_local: string;
    end_time_local: string;
    break_minutes: number;
    client_modification: CandidateModification | null;
    candidate_modification: CandidateModification | null;
  }>(
    tx,
    sql`select t.id, t.status::text, b.status::text as booking_status, b.date_local::text, b.time_zone,
               t.start_time_local::text, t.end_time_local::text, t.break_minutes, t.client_modification, t.candidate_modification
          from timesheets t join bookings b on b.id = t.booking_id
         where t.booking_id = ${bookingId} for update of t`,
  );
  return row;
}

export async function approveWithHours(
  tx: DbOrTx,
  bookingId: number,
  hours: { startTimeLocal: string; endTimeLocal: string; breakMinutes: number },
  at: Date,
) {
  await tx.execute(
    sql`update timesheets t set status = 'approved_for_invoice', start_time_local = ${hours.startTimeLocal}::time,
          end_time_local = ${hours.endTimeLocal}::time, break_minutes = ${hours.breakMinutes},
          start_utc = (b.date_local + ${hours.startTimeLocal}::time) at time zone b.time_zone,
          end_utc = (b.date_local + ${hours.endTimeLocal}::time) at time zone b.time_zone,
          updated_at = ${at.toISOString()}::timestamptz
        from bookings b where b.id = t.booking_id and t.booking_id = ${bookingId}`,
  );
}

/** Cancels a booking that did not happen (no charge): the booking is cancelled and its timesheet removed. */
export async function cancelWithoutCharge(tx: DbOrTx, bookingId: number, reason: string, at: Date) {
  await tx.execute(sql`delete from timesheets where booking_id = ${bookingId}`);
  await tx.execute(
    sql`update bookings set status = 'cancelled', cancel_reason = ${reason}, cancelled_at = ${at.toISOString()}::timestamptz,
          updated_at = ${at.toISOString()}::timestamptz where id = ${bookingId}`,
  );
}

/** Timesheets pending review that the school decided in the window, oldest first. */
export async function reviewsDecidedIn(db: DbOrTx, window: { before: Date; after?: Date | undefined }, limit: number) {
  return queryRows<{ booking_id: number; decision: string; client_modification: CandidateModification | null }>(
    db,
    sql`select booking_id, decision::text, client_modification from timesheets
         where status = 'pending_review' and decided_at <= ${window.before.toISOString()}::timestamptz
           ${window.after ? sql`and decided_at >= ${window.after.toISOString()}::timestamptz` : sql``}
         order by decided_at, id limit ${limit}`,
  );
}

/** An approved timesheet's updated_at is when it became approved for invoice (nothing changes it after that). */
export interface ApprovedWindow {
  before: Date;
  after?: Date | undefined;
}

function approvedIn(window: ApprovedWindow) {
  return sql`t.status = 'approved_for_invoice' and t.updated_at <= ${window.before.toISOString()}::timestamptz
    ${window.after ? sql`and t.updated_at >= ${window.after.toISOString()}::timestamptz` : sql``}`;
}

/** Clients with timesheets approved for invoice in the window. */
export async function clientsToInvoice(db: DbOrTx, window: ApprovedWindow, clientId?: number): Promise<number[]> {
  const rows = await queryRows<{ client_id: number }>(
    db,
    sql`select distinct t.client_id from timesheets t
         where ${approvedIn(window)} ${clientId === undefined ? sql`` : sql`and t.client_id = ${clientId}`}
         order by t.client_id`,
  );
  return rows.map((r) => r.client_id);
}

export interface InvoiceableTimesheet {
  id: number;
  booking_id: number;
  candidate_id: number;
  candidate_name: string;
  unit_type: string | null;
  /** The booking's classification: an invoice line's description. */
  classification_title: string;
  /** Booked for the full day (else half a day). */
  full_day: boolean;
  date_local: string;
  status: 'approved_for_invoice';
  booking_status: BookingStatus;
  start_time_local: string;
  end_time_local: string;
  break_minutes: number;
  decision: TimesheetDecision | null;
  candidate_modification: CandidateModification | null;
  client_modification: CandidateModification | null;
}

/** A client's timesheets approved for invoice in the window, locked (others running the invoicing skip them). */
export async function lockInvoiceable(tx: DbOrTx, clientId: number, window: ApprovedWindow): Promise<InvoiceableTimesheet[]> {
  return queryRows<InvoiceableTimesheet>(
    tx,
    sql`select t.id, t.booking_id, t.candidate_id, coalesce(ca.preferred_name, ca.first_name) || ' ' || ca.last_name as candidate_name,
               t.unit_type, cl.online_title as classification_title, br.is_full_day as full_day, b.date_local::text,
               t.status::text, b.status::text as booking_status, t.start_time_local::text, t.end_time_local::text, t.break_minutes,
               t.decision::text, t.candidate_modification, t.client_modification
          from timesheets t join bookings b on b.id = t.booking_id join candidates ca on ca.id = t.candidate_id
          join booking_requests br on br.id = b.request_id join classifications cl on cl.id = br.classification_id
         where t.client_id = ${clientId} and ${approvedIn(window)}
         order by b.date_local, t.id
         for update of t skip locked`,
  );
}

/** The client's currency and tax, and its latest unit price per unit from earlier invoices. */
export async function invoiceTerms(tx: DbOrTx, clientId: number) {
  const [client] = await queryRows<{ currency: string; tax_label: string; tax_rate_basis_points: number }>(
    tx,
    sql`select currency::text, tax_label, tax_rate_basis_points from clients where id = ${clientId}`,
  );
  const prices = await queryRows<{ unit: string; unit_price_minor: number }>(
    tx,
    sql`select distinct on (l.unit) l.unit, l.unit_price_minor from invoice_lines l join invoices i on i.id = l.invoice_id
         where i.client_id = ${clientId} order by l.unit, i.issue_date desc, l.id desc`,
  );
  return { client: client!, prices: new Map(prices.map((p) => [p.unit, Number(p.unit_price_minor)])) };
}

export interface NewInvoice {
  clientId: number;
  issueDate: string;
  dueDate: string;
  periodStart: string;
  periodEnd: string;
  currency: string;
  taxLabel: string;
  subtotalMinor: number;
  taxMinor: number;
  lines: Array<{
    candidateId: number | null;
    description: string;
    quantity: number;
    unit: string;
    unitPriceMinor: number;
    amountMinor: number;
    taxMinor: number;
    serviceDates: string[];
  }>;
  timesheetIds: number[];
  at: Date;
}

/** Writes the invoice, its lines, and marks its timesheets invoiced. Answers the invoice number. */
export async function writeInvoice(tx: DbOrTx, invoice: NewInvoice): Promise<string> {
  const [{ id } = { id: 0 }] = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('invoices', 'id'))::int as id`,
  );
  const invoiceNo = `INV-${String(id).padStart(6, '0')}`;
  await tx.execute(
    sql`insert into invoices (id, invoice_no, client_id, issue_date, due_date, period_start, period_end, currency, tax_label,
          subtotal_minor, tax_minor, total_minor, created_at)
        values (${id}, ${invoiceNo}, ${invoice.clientId}, ${invoice.issueDate}::date, ${invoice.dueDate}::date, ${invoice.periodStart}::date,
          ${invoice.periodEnd}::date, ${invoice.currency}::currency, ${invoice.taxLabel}, ${invoice.subtotalMinor}, ${invoice.taxMinor},
          ${invoice.subtotalMinor + invoice.taxMinor}, ${invoice.at.toISOString()}::timestamptz)`,
  );
  if (invoice.lines.length > 0) {
    await tx.execute(
      sql`insert into invoice_lines (invoice_id, candidate_id, description, quantity, unit, unit_price_minor, amount_minor, tax_minor, service_dates)
          values ${sql.join(
            invoice.lines.map(
              (l) =>
                sql`(${id}, ${l.candidateId}, ${l.description}, ${l.quantity}, ${l.unit}, ${l.unitPriceMinor}, ${l.amountMinor}, ${l.taxMinor}, ${sql.param(l.serviceDates)}::date[])`,
            ),
            sql`, `,
          )}`,
    );
  }
  await tx.execute(
    sql`update timesheets set status = 'invoiced', invoice_id = ${id}, updated_at = ${invoice.at.toISOString()}::timestamptz
         where id in (${sql.join(
           invoice.timesheetIds.map((t) => sql`${t}`),
           sql`, `,
         )})`,
  );
  return invoiceNo;
}

/** The oldest unpaid invoices by due date (then id), at most `limit`: what the invoices rule reads to pay them. */
export async function oldestUnpaidInvoices(db: DbOrTx, limit: number): Promise<{ id: number; dueDate: string }[]> {
  return queryRows<{ id: number; dueDate: string }>(
    db,
    sql`select id, due_date::text as "dueDate" from invoices where paid_at is null order by due_date, id limit ${limit}`,
  );
}

/** Marks the given invoices paid at `at` (one already paid meanwhile keeps its time). Answers how many changed. */
export async function markInvoicesPaid(db: DbOrTx, ids: readonly number[], at: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update invoices set paid_at = ${at.toISOString()}::timestamptz
         where id = any(${sql.param([...ids])}::int[]) and paid_at is null
         returning id`,
  );
  return rows.length;
}

/** The shape of a timesheet change, for the services (the schema stays behind the repository). */
export type { CandidateModification } from '@portal/db/schema';
