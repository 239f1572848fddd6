import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@portal/db/client';
import type { Currency } from '@portal/contract/domain';
import type { InvoiceSort } from '@portal/contract/invoices';
import { keysetAfter, keysetOrderBy, keysetText, type KeysetKey, type KeysetOrder } from '../../lib/keyset.repository';

/**
 * Invoices. Queries only: which invoices are overdue is the contract's rule (invoices/overdue), which the service
 * turns into each client's due-date cut-off. Clients arrive as (client id, date) pairs the statements join on: the
 * list then reads each client's invoices from invoices_client_id_issue_date_idx and the unpaid ones from the partial
 * invoices_unpaid_client_id_idx.
 */

/** A client whose invoices are listed, and the due date they must be before (null: any due date). */
export interface ClientDueBefore {
  clientId: number;
  dueBefore: string | null;
}

/** A client and its today (in its own time zone). */
export interface ClientToday {
  clientId: number;
  today: string;
}

/** The clients as rows t(client_id, <column>) to join on, each with its date. */
function clientDates(column: 'due_before' | 'today', clients: readonly { clientId: number; date: string | null }[]): SQL {
  const ids = sql.param(clients.map((c) => c.clientId));
  const dates = sql.param(clients.map((c) => c.date));
  return sql`unnest(${ids}::int[], ${dates}::date[]) as t(client_id, ${sql.raw(column)})`;
}

/** Which invoices a list reads: paid or not (undefined: either), each client's due-date cut-off. */
export interface InvoiceFilter {
  clients: readonly ClientDueBefore[];
  paid: boolean | undefined;
}

const filterFrom = (filter: InvoiceFilter): SQL =>
  clientDates(
    'due_before',
    filter.clients.map((c) => ({ clientId: c.clientId, date: c.dueBefore })),
  );

function filterWhere(filter: InvoiceFilter): SQL {
  const paid = filter.paid === undefined ? sql`true` : filter.paid ? sql`i.paid_at is not null` : sql`i.paid_at is null`;
  return sql`${paid} and (t.due_before is null or i.due_date < t.due_before)`;
}

const byId: KeysetKey = { expr: sql`i.id`, type: 'int' };
const issueDate: KeysetKey = { expr: sql`i.issue_date`, type: 'date' };
const dueDate: KeysetKey = { expr: sql`i.due_date`, type: 'date' };
const total: KeysetKey = { expr: sql`i.total_minor`, type: 'int8' };

/** Each sort as keys (the id last): the page's order and the export's keyset. */
const ORDER: Record<InvoiceSort, KeysetOrder> = {
  '-issueDate': { keys: [issueDate, byId], descending: true },
  issueDate: { keys: [issueDate, byId], descending: false },
  '-dueDate': { keys: [dueDate, byId], descending: true },
  dueDate: { keys: [dueDate, byId], descending: false },
  '-total': { keys: [total, byId], descending: true },
  total: { keys: [total, byId], descending: false },
};
const orderBy = (sort: InvoiceSort) => sql.join(keysetOrderBy(ORDER[sort]), sql`, `);

export interface InvoiceRow {
  id: number;
  invoice_no: string;
  client_id: number;
  client_name: string;
  locale: string;
  issue_date: string;
  due_date: string;
  period_start: string;
  period_end: string;
  currency: Currency;
  tax_label: string;
  tax_rate_basis_points: number;
  subtotal_minor: number;
  tax_minor: number;
  total_minor: number;
  paid_at: string | null;
}

const COLUMNS = sql`i.id, i.invoice_no, i.client_id, c.name as client_name, c.locale::text as locale,
  i.issue_date::text as issue_date, i.due_date::text as due_date, i.period_start::text as period_start,
  i.period_end::text as period_end, i.currency::text as currency, i.tax_label, c.tax_rate_basis_points,
  i.subtotal_minor::int8 as subtotal_minor, i.tax_minor::int8 as tax_minor, i.total_minor::int8 as total_minor,
  to_char(i.paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as paid_at`;

/**
 * One page of the clients' invoices and how many match, in one statement: the count is an uncorrelated subquery,
 * computed once and carried on every row of the page (one round trip and one pooled connection instead of two). A page
 * past the end has no row to carry it, and is counted on its own.
 */
export async function listInvoices(
  db: DbOrTx,
  input: { filter: InvoiceFilter; sort: InvoiceSort; skip: number; take: number },
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const from = filterFrom(input.filter);
  const where = filterWhere(input.filter);
  const count = sql`select count(*)::int from ${from} join invoices i on i.client_id = t.client_id where ${where}`;
  const rows = await queryRows<InvoiceRow & { matching: number }>(
    db,
    sql`select ${COLUMNS}, (${count}) as matching
        from ${from}
        join invoices i on i.client_id = t.client_id
        join clients c on c.id = i.client_id
        where ${where}
        order by ${orderBy(input.sort)}
        limit ${input.take} offset ${input.skip}`,
  );
  const first = rows[0];
  if (first) return { rows: rows.map(({ matching: _matching, ...row }) => numbers(row)), total: first.matching };
  const [counted] = await queryRows<{ n: number }>(db, sql`select (${count}) as n`);
  return { rows: [], total: counted?.n ?? 0 };
}

/** How many invoices the clients have, counted up to `max + 1` at most (a bound on the work, exact up to `max`). */
export async function countInvoicesUpTo(db: DbOrTx, clientIds: readonly number[], max: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from invoices where client_id = any(${sql.param([...clientIds])}::int[]) limit ${max + 1}) t`,
  );
  return row?.n ?? 0;
}

/** Every invoice of the clients, as the list reads them (one statement, no order). */
export async function clientsInvoices(db: DbOrTx, clientIds: readonly number[]): Promise<InvoiceRow[]> {
  const rows = await queryRows<InvoiceRow>(
    db,
    sql`select ${COLUMNS} from invoices i join clients c on c.id = i.client_id where i.client_id = any(${sql.param([...clientIds])}::int[])`,
  );
  return rows.map(numbers);
}

/** An invoice of the list with where the next keyset page starts after it. */
export type InvoiceKeysetRow = InvoiceRow & { keyset: string[] };

/**
 * The clients' invoices after `after` (a row's `keyset`; undefined: from the first), in the list's order, at most
 * `limit`: the CSV export reads the whole list this way, one bounded page at a time.
 */
export async function invoicesAfter(
  db: DbOrTx,
  input: {
    filter: InvoiceFilter;
    sort: InvoiceSort;
    after: readonly string[] | undefined;
    limit: number;
  },
): Promise<InvoiceKeysetRow[]> {
  const order = ORDER[input.sort];
  const rows = await queryRows<InvoiceKeysetRow>(
    db,
    sql`select ${COLUMNS}, ${keysetText(order)} as keyset
        from ${filterFrom(input.filter)}
        join invoices i on i.client_id = t.client_id
        join clients c on c.id = i.client_id
        where ${filterWhere(input.filter)} and ${input.after ? keysetAfter(order, input.after) : sql`true`}
        order by ${orderBy(input.sort)}
        limit ${input.limit}`,
  );
  return rows.map((r) => ({ ...numbers(r), keyset: r.keyset }));
}

/** bigint columns arrive as strings from some drivers. */
function numbers(r: InvoiceRow): InvoiceRow {
  return { ...r, subtotal_minor: Number(r.subtotal_minor), tax_minor: Number(r.tax_minor), total_minor: Number(r.total_minor) };
}

/** Where an invoice is, before access is decided: its id and client. */
export async function locateInvoice(
  db: DbOrTx,
  by: { invoiceNo: string } | { id: number },
): Promise<{ id: number; client_id: number } | undefined> {
  const where = 'id' in by ? sql`id = ${by.id}` : sql`invoice_no = ${by.invoiceNo}`;
  const [row] = await queryRows<{ id: number; client_id: number }>(db, sql`select id, client_id from invoices where ${where}`);
  return row;
}

export async function findInvoice(db: DbOrTx, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await queryRows<InvoiceRow>(
    db,
    sql`select ${COLUMNS} from invoices i join clients c on c.id = i.client_id where i.id = ${id}`,
  );
  return row ? numbers(row) : undefined;
}

export interface InvoiceLineRow {
  id: number;
  candidate_id: number | null;
  candidate_name: string | null;
  description: string;
  quantity: number;
  unit: string;
  unit_price_minor: number;
  amount_minor: number;
  tax_minor: number;
  /** 'YYYY-MM-DD', in order. */
  service_dates: string[];
}

export async function invoiceLines(db: DbOrTx, invoiceId: number): Promise<InvoiceLineRow[]> {
  const rows = await queryRows<InvoiceLineRow>(
    db,
    sql`select il.id, il.candidate_id, case when ca.id is null then null else coalesce(ca.preferred_name, ca.first_name) || ' ' || ca.last_name end as candidate_name,
               il.description, il.quantity::float8 as quantity, il.unit, il.unit_price_minor::int8 as unit_price_minor,
               il.amount_minor::int8 as amount_minor, il.tax_minor::int8 as tax_minor, il.service_dates::text[] as service_dates
        from invoice_lines il left join candidates ca on ca.id = il.candidate_id
        where il.invoice_id = ${invoiceId}
        order by candidate_name nulls last, il.id`,
  );
  return rows.map((r) => ({
    ...r,
    quantity: Number(r.quantity),
    unit_price_minor: Number(r.unit_price_minor),
    amount_minor: Number(r.amount_minor),
    tax_minor: Number(r.tax_minor),
  }));
}

export interface ClientAddressRow {
  name: string;
  address_line1: string;
  address_line2: string | null;
  suburb: string;
  state: string | null;
  postcode: string | null;
  country: string;
}

/** The client's billing address: its primary location's, else its first location's. */
export async function clientAddress(db: DbOrTx, clientId: number): Promise<ClientAddressRow | undefined> {
  const [row] = await queryRows<ClientAddressRow>(
    db,
    sql`select c.name, l.address_line1, l.address_line2, l.suburb, l.state, l.postcode, l.country
        from clients c left join lateral (
          select * from locations l where l.client_id = c.id order by 'primary' = any(l.tags) desc, l.id limit 1
        ) l on true
        where c.id = ${clientId}`,
  );
  return row;
}

/** Unpaid totals per currency, due date and client today. */
export async function outstandingByDueDate(
  db: DbOrTx,
  clients: readonly ClientToday[],
): Promise<Array<{ currency: Currency; today: string; due_date: string; total_minor: number; n: number }>> {
  const todays = clientDates(
    'today',
    clients.map((c) => ({ clientId: c.clientId, date: c.today })),
  );
  const rows = await queryRows<{ currency: Currency; today: string; due_date: string; total_minor: string | number; n: number }>(
    db,
    sql`select i.currency::text as currency, t.today::text as today, i.due_date::text as due_date,
               sum(i.total_minor)::int8 as total_minor, count(*)::int as n
        from ${todays} join invoices i on i.client_id = t.client_id and i.paid_at is null
        group by 1, 2, 3`,
  );
  return rows.map((r) => ({ ...r, total_minor: Number(r.total_minor) }));
}
