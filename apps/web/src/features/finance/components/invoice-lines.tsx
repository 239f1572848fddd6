import type { InvoiceDetailsResponse, InvoiceLine } from '@portal/contract/invoices';
import { showsTax } from '@portal/contract/invoices/document';
import { serviceDatesText } from '@portal/contract/invoices/service-dates';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lineQuantity, money } from '../invoice-format';
import { useFinanceText, type FinanceTranslate } from '../use-finance-text';

interface LineTexts {
  educator: string;
  dates: string;
  quantity: string;
  rate: string;
  amount: string;
  tax: string;
}

function lineTexts(invoice: InvoiceDetailsResponse, line: InvoiceLine, t: FinanceTranslate, locale: string): LineTexts {
  const amount = (minor: number) => money(minor, invoice.currency, locale);
  return {
    educator: line.candidateName ?? t('invoice.unknownEducator'),
    dates: serviceDatesText(line.serviceDates, locale),
    quantity: lineQuantity(line, t, locale),
    rate: t(`invoice.perUnit.${line.unit}`, { price: amount(line.unitPriceMinor) }),
    amount: amount(line.amountMinor),
    tax: amount(line.taxMinor),
  };
}

/** A phone's list: one card-like item per line, its dates under its description. */
function LineList({ invoice, withTax }: { invoice: InvoiceDetailsResponse; withTax: boolean }) {
  const { t, locale } = useFinanceText();
  return (
    <Box component="ul" aria-labelledby="invoice-lines" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {invoice.lines.map((line) => {
        const text = lineTexts(invoice, line, t, locale);
        return (
          <Box
            component="li"
            key={line.id}
            data-testid="invoice-line"
            sx={{ borderTop: 1, borderColor: 'divider', px: 2, py: 1.5, display: 'grid', gap: 0.25 }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{text.educator}</Typography>
              <Typography sx={{ fontWeight: 600 }}>{text.amount}</Typography>
            </Box>
            <Typography variant="body2">{line.description}</Typography>
            {text.dates && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="invoice-line-dates">
                {text.dates}
              </Typography>
            )}
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {text.quantity} · {text.rate}
              {withTax && ` · ${invoice.taxLabel} ${text.tax}`}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

/** A wider screen's table: educator, description with its dates, quantity in words, rate, amount (and tax). */
function LineTable({ invoice, withTax }: { invoice: InvoiceDetailsResponse; withTax: boolean }) {
  const { t, locale } = useFinanceText();
  const nowrap = { whiteSpace: 'nowrap' } as const;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby="invoice-lines" sx={{ minWidth: 760, '& td, & th': { px: 3 } }}>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
            <TableCell>{t('invoice.educator')}</TableCell>
            <TableCell>{t('invoice.description')}</TableCell>
            <TableCell align="right">{t('invoice.quantity')}</TableCell>
            <TableCell align="right">{t('invoice.unitPrice')}</TableCell>
            <TableCell align="right">{t('invoice.amount')}</TableCell>
            {withTax && <TableCell align="right">{invoice.taxLabel}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {invoice.lines.map((line) => {
            const text = lineTexts(invoice, line, t, locale);
            return (
              <TableRow key={line.id} data-testid="invoice-line">
                <TableCell sx={{ fontWeight: 500 }}>{text.educator}</TableCell>
                <TableCell>
                  {line.description}
                  {text.dates && (
                    <Typography
                      component="span"
                      variant="body2"
                      sx={{ display: 'block', color: 'text.secondary' }}
                      data-testid="invoice-line-dates"
                    >
                      {text.dates}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right" sx={nowrap}>
                  {text.quantity}
                </TableCell>
                <TableCell align="right" sx={nowrap}>
                  {text.rate}
                </TableCell>
                <TableCell align="right" sx={nowrap}>
                  {text.amount}
                </TableCell>
                {withTax && (
                  <TableCell align="right" sx={nowrap}>
                    {text.tax}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The invoice's lines; the tax column only where the invoice shows tax (invoices/document). */
export function InvoiceLines({ invoice }: { invoice: InvoiceDetailsResponse }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const withTax = showsTax(invoice.locale, invoice.taxRatePercent);
  return phone ? <LineList invoice={invoice} withTax={withTax} /> : <LineTable invoice={invoice} withTax={withTax} />;
}
