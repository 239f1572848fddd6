import type { InvoiceSummary } from '@portal/contract/invoices';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { formatDateList } from '../../../lib/locale-format';
import { invoicePath } from '../../../lib/paths';
import { money } from '../invoice-format';
import { useFinanceText } from '../use-finance-text';
import { DownloadInvoiceButton } from './download-invoice-button';
import { InvoiceStatusChip } from './invoice-status-chip';
import { offscreenRowSx } from '../../../components/offscreen-rows';

/**
 * The cards' looks, given once on the list rather than per card (as the bookings cards): emotion works out one
 * style object per render instead of a dozen per invoice. The cards themselves are plain elements with class names.
 */
const listSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  '& .invoice-card': {
    borderTop: 1,
    borderTopStyle: 'solid',
    borderColor: 'divider',
    display: 'flex',
    alignItems: 'center',
    pr: 1,
    ...offscreenRowSx(105),
  },
  '& .invoice-card-link': {
    flex: 1,
    minWidth: 0,
    display: 'flex',
    gap: 1,
    alignItems: 'center',
    pl: 2,
    pr: 0.5,
    py: 1.75,
    color: 'inherit',
    textDecoration: 'none',
    '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
  },
  '& .invoice-card-body': { flex: 1, minWidth: 0, display: 'grid', gap: 0.5 },
  '& .invoice-card-line': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 },
  '& .invoice-card-strong': { typography: 'body1', fontWeight: 700 },
  '& .invoice-card-text': { typography: 'body2', color: 'text.secondary' },
  '& .invoice-card-text[data-nowrap]': { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .invoice-card-tax': { typography: 'caption', color: 'text.secondary', whiteSpace: 'nowrap' },
  '& .invoice-card-chevron': { color: 'text.secondary' },
} as const;

/** Phone: one card per invoice, a link to it, with the PDF button beside it. */
export function InvoiceCards({ invoices, label, showSchool }: { invoices: InvoiceSummary[]; label: string; showSchool: boolean }) {
  const { t, locale } = useFinanceText();
  return (
    <Box component="ul" aria-label={label} sx={listSx}>
      {invoices.map((invoice) => (
        <li
          key={invoice.id}
          className="invoice-card"
          data-testid="invoice-card"
          data-invoice-no={invoice.invoiceNo}
          data-status={invoice.status}
        >
          <RouterLink
            className="invoice-card-link"
            to={invoicePath(invoice.invoiceNo)}
            aria-label={t('list.open', { invoiceNo: invoice.invoiceNo })}
          >
            <div className="invoice-card-body">
              <div className="invoice-card-line">
                <span className="invoice-card-strong">{invoice.invoiceNo}</span>
                <span className="invoice-card-strong" data-testid="invoice-total">
                  {money(invoice.totalMinor, invoice.currency, locale)}
                </span>
              </div>
              <div className="invoice-card-line">
                <span className="invoice-card-text" data-nowrap="">
                  {showSchool
                    ? invoice.clientName
                    : t('list.periodRange', {
                        from: formatDateList(invoice.periodStart, locale),
                        to: formatDateList(invoice.periodEnd, locale),
                      })}
                </span>
                <span className="invoice-card-tax">{t('list.inclTax', { taxLabel: invoice.taxLabel })}</span>
              </div>
              <div className="invoice-card-line">
                <span className="invoice-card-text">
                  {invoice.isPaid && invoice.paidAt
                    ? t('status.paidOn', { date: formatDateList(invoice.paidAt, locale) })
                    : t('status.dueOn', { date: formatDateList(invoice.dueDate, locale) })}
                </span>
                <InvoiceStatusChip invoice={invoice} />
              </div>
            </div>
            <ChevronRightIcon aria-hidden="true" className="invoice-card-chevron" />
          </RouterLink>
          <DownloadInvoiceButton invoice={invoice} />
        </li>
      ))}
    </Box>
  );
}
