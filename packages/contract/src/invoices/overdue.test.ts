import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES } from '../invoices';
import { daysOverdue, daysPastDue, invoiceStatusFilter, invoiceStatusOf, isDue, isOverdue, overdueCutOff } from './overdue';

const unpaid = (dueDate: string) => ({ dueDate, paidAt: null });

describe('the overdue rule', () => {
  it('is overdue the day after the due date, not on it', () => {
    expect(isOverdue(unpaid('2026-11-10'), '2026-11-09')).toBe(false);
    expect(isOverdue(unpaid('2026-11-10'), '2026-11-10')).toBe(false);
    expect(isOverdue(unpaid('2026-11-10'), '2026-11-11')).toBe(true);
    expect(daysOverdue(unpaid('2026-11-10'), '2026-11-10')).toBe(0);
    expect(daysOverdue(unpaid('2026-11-10'), '2026-11-11')).toBe(1);
  });

  it('is due on its due date and after, a day before it is overdue; never once paid', () => {
    expect(isDue(unpaid('2026-11-10'), '2026-11-09')).toBe(false);
    expect(isDue(unpaid('2026-11-10'), '2026-11-10')).toBe(true);
    expect(isDue(unpaid('2026-11-10'), '2026-11-11')).toBe(true);
    expect(isDue({ dueDate: '2026-11-10', paidAt: '2026-11-10T09:00:00.000Z' }, '2026-11-11')).toBe(false);
  });

  it('is never overdue once paid', () => {
    const paid = { dueDate: '2026-01-01', paidAt: '2026-03-01T10:00:00.000Z' };
    expect(isOverdue(paid, '2026-11-29')).toBe(false);
    expect(daysOverdue(paid, '2026-11-29')).toBe(0);
    expect(invoiceStatusOf(paid, '2026-11-29')).toBe('paid');
  });

  it('counts calendar days across months, years and clock changes', () => {
    expect(daysPastDue('2026-10-20', '2026-11-29')).toBe(40);
    expect(daysPastDue('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysPastDue('2026-03-28', '2026-04-06')).toBe(9);
    expect(daysPastDue('2026-12-01', '2026-11-29')).toBe(-2);
    expect(daysOverdue(unpaid('2026-12-01'), '2026-11-29')).toBe(0);
  });

  it('names the status', () => {
    expect(invoiceStatusOf(unpaid('2026-11-29'), '2026-11-29')).toBe('unpaid');
    expect(invoiceStatusOf(unpaid('2026-11-28'), '2026-11-29')).toBe('overdue');
  });

  it('filters as it decides: a query for overdue selects unpaid invoices due before the cut-off', () => {
    const today = '2026-11-29';
    const invoices = [
      unpaid('2026-11-28'),
      unpaid('2026-11-29'),
      unpaid('2026-11-30'),
      { dueDate: '2026-11-01', paidAt: '2026-11-02T09:00:00.000Z' },
    ];
    for (const status of INVOICE_STATUSES) {
      const { paid, dueBeforeCutOff } = invoiceStatusFilter(status);
      const selected = invoices.filter((i) => (i.paidAt !== null) === paid && (!dueBeforeCutOff || i.dueDate < overdueCutOff(today)));
      const expected = invoices.filter((i) =>
        status === 'unpaid' ? invoiceStatusOf(i, today) !== 'paid' : invoiceStatusOf(i, today) === status,
      );
      expect(selected).toEqual(expected);
    }
    expect(invoiceStatusFilter(undefined)).toEqual({ paid: undefined, dueBeforeCutOff: false });
  });
});
