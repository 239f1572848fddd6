import type { InvoiceSummary } from '@portal/contract/invoices';
import type { CsvColumn } from '../../lib/csv-export';

/**
 * The invoices CSV (GET /v1/invoices with Accept: text/csv): what a finance team matches against its ledger and bank
 * statement — the number, whose it is, when it was issued and is due, what it covers, whether and when it was paid,
 * and the amounts with their currency and tax label.
 */
export const INVOICE_CSV_COLUMNS: readonly CsvColumn<InvoiceSummary>[] = [
  { header: 'Invoice number', text: (i) => i.invoiceNo },
  { header: 'School', text: (i) => i.clientName },
  { header: 'School ID', number: (i) => i.clientId },
  { header: 'Issue date', date: (i) => i.issueDate },
  { header: 'Due date', date: (i) => i.dueDate },
  { header: 'Period start', date: (i) => i.periodStart },
  { header: 'Period end', date: (i) => i.periodEnd },
  { header: 'Status', text: (i) => i.status },
  { header: 'Days overdue', number: (i) => i.daysOverdue },
  { header: 'Paid at (UTC)', instant: (i) => i.paidAt },
  { header: 'Currency', text: (i) => i.currency },
  { header: 'Subtotal', amount: (i) => i.subtotalMinor },
  { header: 'Tax label', text: (i) => i.taxLabel },
  { header: 'Tax', amount: (i) => i.taxMinor },
  { header: 'Total', amount: (i) => i.totalMinor },
];
