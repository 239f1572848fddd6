import type { InvoiceStatus } from '../invoices';

/**
 * When an invoice is overdue: not paid, and its due date is before the client's today (a 'YYYY-MM-DD' in the
 * client's own time zone). Due today is not yet overdue; the day after, it is one day overdue.
 */

/** The facts the rule reads: dates as 'YYYY-MM-DD', paidAt null while unpaid. */
export interface InvoiceDueFacts {
  dueDate: string;
  paidAt: string | null;
}

const DAY_MS = 86_400_000;

/** The first due date that is not yet overdue on `today`: an unpaid invoice due before it is overdue. */
export function overdueCutOff(today: string): string {
  return today;
}

/** Calendar days from the due date to today (negative: not yet due). */
export function daysPastDue(dueDate: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / DAY_MS);
}

/** Due for payment: not paid, and its due date has come (due today included; overdue is the day after). */
export function isDue(invoice: InvoiceDueFacts, today: string): boolean {
  return invoice.paidAt === null && daysPastDue(invoice.dueDate, today) >= 0;
}

export function isOverdue(invoice: InvoiceDueFacts, today: string): boolean {
  return invoice.paidAt === null && invoice.dueDate < overdueCutOff(today);
}

/** Days past due of an overdue invoice; 0 when paid or not yet due. */
export function daysOverdue(invoice: InvoiceDueFacts, today: string): number {
  return isOverdue(invoice, today) ? daysPastDue(invoice.dueDate, today) : 0;
}

export function invoiceStatusOf(invoice: InvoiceDueFacts, today: string): InvoiceStatus {
  if (invoice.paidAt !== null) return 'paid';
  return isOverdue(invoice, today) ? 'overdue' : 'unpaid';
}

/**
 * What a status filter selects, as a query reads it: paid or not (undefined: either), and for overdue only the
 * invoices due before each client's `overdueCutOff(today)`.
 */
export function invoiceStatusFilter(status: InvoiceStatus | undefined): { paid: boolean | undefined; dueBeforeCutOff: boolean } {
  switch (status) {
    case 'paid':
      return { paid: true, dueBeforeCutOff: false };
    case 'unpaid':
      return { paid: false, dueBeforeCutOff: false };
    case 'overdue':
      return { paid: false, dueBeforeCutOff: true };
    default:
      return { paid: undefined, dueBeforeCutOff: false };
  }
}
