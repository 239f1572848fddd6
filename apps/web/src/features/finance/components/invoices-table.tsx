import type { InvoiceSummary } from '@portal/contract/invoices';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { InvoiceSort } from '@portal/contract/invoices';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDateList } from '../../../lib/locale-format';
import { invoicePath } from '../../../lib/paths';
import { money, taxLabelOf } from '../invoice-format';
import { useFinanceText } from '../use-finance-text';
import { DownloadInvoiceButton } from './download-invoice-button';
import { InvoiceStatusChip } from './invoice-status-chip';

type SortColumn = 'issueDate' | 'dueDate' | 'total';

/** The text with its spaces made non-breaking. */
const unbroken = (text: string) => text.replace(/ /g, '\u00a0');

/** Desktop: one row per invoice; the number opens it; issued, due and total sort. */
export function InvoicesTable({
  invoices,
  caption,
  showSchool,
  sort,
  onSort,
}: {
  invoices: InvoiceSummary[];
  caption: string;
  showSchool: boolean;
  sort: InvoiceSort;
  onSort: (sort: InvoiceSort) => void;
}) {
  const { t, locale } = useFinanceText();
  const taxLabel = taxLabelOf(invoices, locale);
  const sortable = (column: SortColumn, label: string, align: 'left' | 'right' = 'left') => {
    const active = sort === column || sort === `-${column}`;
    const direction = sort === `-${column}` ? 'desc' : 'asc';
    return (
      <TableCell align={align} sortDirection={active ? direction : false}>
        <TableSortLabel
          active={active}
          direction={active ? direction : column === 'dueDate' ? 'asc' : 'desc'}
          onClick={() => onSort(active ? (direction === 'desc' ? column : `-${column}`) : column === 'dueDate' ? column : `-${column}`)}
        >
          {label}
        </TableSortLabel>
      </TableCell>
    );
  };
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 900, '& td, & th': { px: 1.25 } }}>
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
            <TableCell>{t('list.invoice')}</TableCell>
            {showSchool && <TableCell>{t('list.school')}</TableCell>}
            <TableCell>{t('list.period')}</TableCell>
            {sortable('issueDate', t('list.issued'))}
            {sortable('dueDate', t('list.due'))}
            <TableCell align="right">{t('list.subtotal')}</TableCell>
            <TableCell align="right">{taxLabel}</TableCell>
            {sortable('total', t('list.total'), 'right')}
            <TableCell>{t('list.status')}</TableCell>
            <TableCell align="center">{t('list.download')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => (
            <TableRow key={invoice.id} hover data-testid="invoice-row" data-invoice-no={invoice.invoiceNo} data-status={invoice.status}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                <Link component={RouterLink} to={invoicePath(invoice.invoiceNo)} sx={{ fontWeight: 600 }}>
                  {invoice.invoiceNo}
                </Link>
              </TableCell>
              {showSchool && <TableCell>{invoice.clientName}</TableCell>}
              <TableCell>
                {/* A date never breaks inside itself; the range may break at its dash, so the table fits beside
                    the navigation on a 1280 px screen. */}
                {t('list.periodRange', {
                  from: unbroken(formatDateList(invoice.periodStart, locale)),
                  to: unbroken(formatDateList(invoice.periodEnd, locale)),
                })}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateList(invoice.issueDate, locale)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateList(invoice.dueDate, locale)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(invoice.subtotalMinor, invoice.currency, locale)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(invoice.taxMinor, invoice.currency, locale)}
                {invoice.taxLabel !== taxLabel && (
                  <Typography component="span" variant="caption" sx={{ color: 'text.secondary', ml: 0.5 }}>
                    {invoice.taxLabel}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 700 }} data-testid="invoice-total">
                {money(invoice.totalMinor, invoice.currency, locale)}
              </TableCell>
              <TableCell>
                <InvoiceStatusChip invoice={invoice} />
              </TableCell>
              <TableCell align="center" sx={{ py: 0 }}>
                <DownloadInvoiceButton invoice={invoice} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
