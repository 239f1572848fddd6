import type { InvoiceSummary } from '@portal/contract/invoices';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDateList } from '../../../lib/locale-format';
import { invoicePath } from '../../../lib/paths';
import { money } from '../invoice-format';
import { useFinanceText } from '../use-finance-text';
import { DownloadInvoiceButton } from './download-invoice-button';
import { InvoiceStatusChip } from './invoice-status-chip';

/** Phone: one card per invoice, a link to it, with the PDF button beside it. */
export function InvoiceCards({ invoices, label, showSchool }: { invoices: InvoiceSummary[]; label: string; showSchool: boolean }) {
  const { t, locale } = useFinanceText();
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {invoices.map((invoice) => (
        <Box
          component="li"
          key={invoice.id}
          data-testid="invoice-card"
          data-invoice-no={invoice.invoiceNo}
          data-status={invoice.status}
          sx={{ borderTop: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', pr: 1 }}
        >
          <Box
            component={RouterLink}
            to={invoicePath(invoice.invoiceNo)}
            aria-label={t('list.open', { invoiceNo: invoice.invoiceNo })}
            sx={{
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
            }}
          >
            <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.5 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  {invoice.invoiceNo}
                </Typography>
                <Typography component="span" sx={{ fontWeight: 700 }} data-testid="invoice-total">
                  {money(invoice.totalMinor, invoice.currency, locale)}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
                  {showSchool
                    ? invoice.clientName
                    : t('list.periodRange', {
                        from: formatDateList(invoice.periodStart, locale),
                        to: formatDateList(invoice.periodEnd, locale),
                      })}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                  {t('list.inclTax', { taxLabel: invoice.taxLabel })}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {invoice.isPaid && invoice.paidAt
                    ? t('status.paidOn', { date: formatDateList(invoice.paidAt, locale) })
                    : t('status.dueOn', { date: formatDateList(invoice.dueDate, locale) })}
                </Typography>
                <InvoiceStatusChip invoice={invoice} />
              </Box>
            </Box>
            <ChevronRightIcon aria-hidden="true" sx={{ color: 'text.secondary' }} />
          </Box>
          <DownloadInvoiceButton invoice={invoice} />
        </Box>
      ))}
    </Box>
  );
}
