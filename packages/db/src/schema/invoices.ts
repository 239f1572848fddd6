import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { candidates } from './candidates';
import { createdAt, idColumn, timestamptz } from './columns';
import { currencyEnum } from './enums';
import { clients } from './organisations';

/** Amounts are integer minor units (cents, pence) of currency; a null paid_at means not paid. */
export const invoices = pgTable(
  'invoices',
  {
    id: idColumn(),
    invoiceNo: text('invoice_no').notNull().unique('invoices_invoice_no_key'),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    currency: currencyEnum('currency').notNull(),
    taxLabel: text('tax_label').notNull(),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    paidAt: timestamptz('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_client_id_issue_date_idx').on(t.clientId, t.issueDate.desc()),
    index('invoices_unpaid_client_id_idx')
      .on(t.clientId)
      .where(sql`${t.paidAt} is null`),
  ],
);

/**
 * One line per educator, classification and unit (day, half day or hour) on an invoice, with the dates it covers
 * (empty on lines issued before lines carried dates, where no timesheet or booking told them).
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: idColumn(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    candidateId: integer('candidate_id').references(() => candidates.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    /** 'day', 'half_day' or 'hour'. */
    unit: text('unit').notNull(),
    /** The local dates of the work it bills, in order. */
    serviceDates: date('service_dates', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
  },
  (t) => [index('invoice_lines_invoice_id_idx').on(t.invoiceId), index('invoice_lines_candidate_id_idx').on(t.candidateId)],
);
