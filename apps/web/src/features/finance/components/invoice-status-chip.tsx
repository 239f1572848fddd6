import type { InvoiceSummary } from '@portal/contract/invoices';
import { ToneChip } from '../../../components/tone-chip';
import { useFinanceText } from '../use-finance-text';

const TONE = { paid: 'success', unpaid: 'info', overdue: 'error' } as const;

/** Paid, Unpaid (not yet due) or Overdue N days, in words and colour. */
export function InvoiceStatusChip({ invoice }: { invoice: Pick<InvoiceSummary, 'status' | 'daysOverdue'> }) {
  const { t } = useFinanceText();
  const label =
    invoice.status === 'overdue' && invoice.daysOverdue > 0
      ? t('status.overdueDays', { count: invoice.daysOverdue })
      : t(`status.${invoice.status}`);
  return <ToneChip label={label} tone={TONE[invoice.status]} testId={`invoice-status-${invoice.status}`} />;
}
