import { z } from 'zod';
import { CURRENCIES, type Currency } from './domain';
import { INVOICE_LINE_UNITS } from './invoices/lines';
import { PaymentDetails } from './invoices/payment';
import { TAX_ROUNDING_RULE } from './invoices/tax';
import { FORM_MESSAGES } from './messages';
import { ClientIds, Id } from './query-params';

/**
 * Invoices (spec §3 'Invoices list', §7 invoices calls). The outstanding count
 * (`GET /v1/invoices/outstanding-invoices-count`) lives in `dashboard.ts` (OutstandingInvoicesCountResponse).
 *
 * Amounts are integer minor units (cents, pence) in the database and in the `…Minor` fields; the plain fields
 * (`subtotal`, `tax`, `total`, …) carry the same amount in major units (123.45) for display.
 *
 * Access (spec §6 'finance', 'invoice details'): accounts view at the client itself (or its group). Invoices belong
 * to a client, so accounts view at a single location does not open them.
 */

/** Spec §1: VAT in the UK, GST in Australia and New Zealand, Tax elsewhere. Each client carries its own. */
export const TAX_LABELS = ['VAT', 'GST', 'Tax'] as const;
export type TaxLabel = (typeof TAX_LABELS)[number];

/**
 * paid: settled; unpaid: not paid (due or overdue); overdue: not paid and past its due date (in the client's
 * own time zone).
 */
export const INVOICE_STATUSES = ['paid', 'unpaid', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_SORTS = ['-issueDate', 'issueDate', '-dueDate', 'dueDate', '-total', 'total'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

export const INVOICE_PAGE_SIZE = 25;
export const MAX_INVOICE_PAGE_SIZE = 100;
export const MAX_INVOICE_SKIP = 100_000;

/** Minor units per major unit: every currency of spec §9 has two decimals. */
export const MINOR_PER_MAJOR = 100;

export function toMajor(minor: number): number {
  return Math.round(minor) / MINOR_PER_MAJOR;
}

/** The locale Intl formats with (`en` alone formats as en-US). */
export function intlLocaleOf(locale: string): string {
  return locale === 'en' ? 'en-US' : locale;
}

/** One Intl formatter per locale and currency: building one costs far more than formatting (a list of invoices). */
const currencyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in minor units as the client's locale writes its currency: 123450 GBP en-GB → '£1,234.50'. */
export function formatMinorAmount(minor: number, currency: Currency | string, locale: string): string {
  const key = `${locale} ${currency}`;
  let format = currencyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocaleOf(locale), { style: 'currency', currency });
    currencyFormats.set(key, format);
  }
  return format.format(toMajor(minor));
}

/** `currentPage` of a list answer: the 1-based page that `skip` starts, pages being `take` long. */
export function currentPageOf(skip: number, take: number): number {
  return Math.floor(skip / take) + 1;
}

// GET /v1/invoices  (x-pagination)

export const InvoicesQuery = z.strictObject({
  clientIds: ClientIds,
  status: z.enum(INVOICE_STATUSES).optional().describe('paid, unpaid (paid not yet, overdue included) or overdue; omitted: all'),
  sort: z.enum(INVOICE_SORTS).default('-issueDate').describe("'-issueDate' (newest first, default), 'issueDate', '±dueDate', '±total'"),
  skip: z.coerce
    .number({ error: FORM_MESSAGES.number })
    .int({ error: FORM_MESSAGES.number })
    .min(0, { error: FORM_MESSAGES.between(0, MAX_INVOICE_SKIP) })
    .max(MAX_INVOICE_SKIP, { error: FORM_MESSAGES.between(0, MAX_INVOICE_SKIP) })
    .default(0)
    .describe('Invoices to skip: (page - 1) × pageSize (spec §7)'),
  take: z.coerce
    .number({ error: FORM_MESSAGES.number })
    .int({ error: FORM_MESSAGES.number })
    .min(1, { error: FORM_MESSAGES.between(1, MAX_INVOICE_PAGE_SIZE) })
    .max(MAX_INVOICE_PAGE_SIZE, { error: FORM_MESSAGES.between(1, MAX_INVOICE_PAGE_SIZE) })
    .default(INVOICE_PAGE_SIZE)
    .describe(`Page size (default ${INVOICE_PAGE_SIZE}, at most ${MAX_INVOICE_PAGE_SIZE})`),
});
export type InvoicesQuery = z.input<typeof InvoicesQuery>;

export const InvoiceSummary = z
  .object({
    id: z.number().int().describe('Id of the invoice (GET /v1/invoices/{id}/file)'),
    invoiceNo: z.string().describe('Number of the invoice (GET /v1/invoices/GetInvoice/{invoiceNo})'),
    clientId: z.number().int(),
    clientName: z.string(),
    locale: z.string().describe("The client's locale: format dates and amounts with it"),
    issueDate: z.string().describe("'YYYY-MM-DD'"),
    dueDate: z.string().describe("'YYYY-MM-DD'"),
    periodStart: z.string().describe("First day of the period invoiced, 'YYYY-MM-DD'"),
    periodEnd: z.string().describe("Last day of the period invoiced, 'YYYY-MM-DD'"),
    currency: z.enum(CURRENCIES).describe('ISO 4217 code'),
    taxLabel: z.enum(TAX_LABELS).describe("The client's tax label (spec §1)"),
    subtotal: z.number().describe('Before tax, major units'),
    tax: z.number().describe(`Tax, major units. ${TAX_ROUNDING_RULE}`),
    total: z.number().describe('Subtotal plus tax, major units'),
    subtotalMinor: z.number().int().describe('Before tax, minor units'),
    taxMinor: z.number().int(),
    totalMinor: z.number().int(),
    isPaid: z.boolean().describe('Paid (spec §3: an invoice is paid or not paid)'),
    paidAt: z.string().nullable().describe('When it was paid, ISO 8601 UTC (null: not paid)'),
    isOverdue: z.boolean().describe("Not paid and past its due date in the client's time zone"),
    daysOverdue: z.number().int().nonnegative().describe('Days past due (0 when paid or not yet due)'),
    status: z.enum(INVOICE_STATUSES).describe("'paid', 'overdue', or 'unpaid' (not yet due)"),
  })
  .meta({ id: 'InvoiceSummary' });
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

/** Spec §3 'Invoices list: invoices, total, currentPage'. */
export const InvoicesResponse = z
  .object({
    invoices: z.array(InvoiceSummary),
    total: z.number().int().nonnegative().describe('Invoices matching, over all pages'),
    currentPage: z.number().int().positive().describe('1-based page of this answer: floor(skip / take) + 1'),
  })
  .meta({ id: 'InvoicesResponse' });
export type InvoicesResponse = z.infer<typeof InvoicesResponse>;

// GET /v1/invoices/GetInvoice/{invoiceNo}

export const InvoiceNoParams = z.strictObject({
  invoiceNo: z
    .string()
    .min(1, { error: FORM_MESSAGES.required })
    .max(40, { error: FORM_MESSAGES.max(40) })
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, { message: 'Must be an invoice number such as INV-000123' })
    .describe('Number of the invoice'),
});

export const InvoiceLine = z
  .object({
    id: z.number().int(),
    candidateId: z.number().int().nullable(),
    candidateName: z.string().nullable().describe('The educator (null when no longer on record)'),
    description: z.string().describe('What was supplied: the classification (role) the educator worked as'),
    serviceDates: z
      .array(z.string())
      .describe("The dates the line covers, 'YYYY-MM-DD' in order (empty for a line issued before lines carried dates)"),
    quantity: z.number().describe('Days, half days or hours (two decimals)'),
    unit: z
      .enum(INVOICE_LINE_UNITS)
      .describe("'day', 'half_day' (priced at half the day rate) or 'hour'; write it with quantityWords (invoices/lines)"),
    unitPrice: z.number().describe('Price of one unit, major units'),
    amount: z.number().describe('Quantity × unit price (hours: from the exact minutes), major units, before tax'),
    tax: z.number().describe(`The line's share of the invoice's tax, major units. ${TAX_ROUNDING_RULE}`),
    unitPriceMinor: z.number().int(),
    amountMinor: z.number().int(),
    taxMinor: z.number().int(),
  })
  .meta({ id: 'InvoiceLine' });
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const InvoiceDetailsResponse = InvoiceSummary.extend({
  taxRatePercent: z.number().describe("The client's tax rate, e.g. 20 for 20%"),
  lines: z.array(InvoiceLine),
  paymentDetails: PaymentDetails.nullable().describe(
    "The provider's account in the client's region, to pay into quoting the invoice number (null: none configured)",
  ),
}).meta({ id: 'InvoiceDetailsResponse' });
export type InvoiceDetailsResponse = z.infer<typeof InvoiceDetailsResponse>;

// GET /v1/invoices/{id}/file  (application/pdf)

export const InvoiceIdParams = z.strictObject({ id: Id.describe('Id of the invoice') });

// GET /v1/invoices/ageing

export const InvoicesAgeingQuery = z.strictObject({ clientIds: ClientIds });
export type InvoicesAgeingQuery = z.input<typeof InvoicesAgeingQuery>;

/** Buckets of outstanding (unpaid) amounts by days past due, in this order. */
export const AGEING_BUCKETS = [
  { key: 'notDue', label: 'Not yet due', fromDays: null, toDays: 0 },
  { key: 'days1To30', label: '1–30 days', fromDays: 1, toDays: 30 },
  { key: 'days31To60', label: '31–60 days', fromDays: 31, toDays: 60 },
  { key: 'days61To90', label: '61–90 days', fromDays: 61, toDays: 90 },
  { key: 'over90', label: 'Over 90 days', fromDays: 91, toDays: null },
] as const;
export type AgeingBucketKey = (typeof AGEING_BUCKETS)[number]['key'];

/** The bucket of an unpaid invoice `daysOverdue` days past its due date (0 or less: not yet due). */
export function ageingBucketOf(daysOverdue: number): AgeingBucketKey {
  for (const bucket of AGEING_BUCKETS) if (bucket.toDays === null || daysOverdue <= bucket.toDays) return bucket.key;
  return 'over90';
}

const bucketAmounts = Object.fromEntries(AGEING_BUCKETS.map((b) => [b.key, z.number().describe(`${b.label}, major units`)])) as Record<
  AgeingBucketKey,
  z.ZodNumber
>;
const bucketMinor = Object.fromEntries(AGEING_BUCKETS.map((b) => [`${b.key}Minor`, z.number().int()])) as Record<
  `${AgeingBucketKey}Minor`,
  z.ZodNumber
>;

export const AgeingRow = z
  .object({
    currency: z.enum(CURRENCIES),
    ...bucketAmounts,
    total: z.number().describe('All outstanding, major units'),
    ...bucketMinor,
    totalMinor: z.number().int(),
    invoiceCount: z.number().int().nonnegative().describe('Unpaid invoices'),
  })
  .meta({ id: 'AgeingRow' });
export type AgeingRow = z.infer<typeof AgeingRow>;

export const InvoicesAgeingResponse = z
  .object({
    currencies: z.array(AgeingRow).describe('One row per currency with outstanding invoices, by currency code'),
  })
  .meta({ id: 'InvoicesAgeingResponse' });
export type InvoicesAgeingResponse = z.infer<typeof InvoicesAgeingResponse>;
