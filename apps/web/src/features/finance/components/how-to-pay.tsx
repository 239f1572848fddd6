import type { InvoiceDetailsResponse } from '@portal/contract/invoices';
import { paymentDetailRows } from '@portal/contract/invoices/payment';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateList } from '../../../lib/locale-format';
import { money } from '../invoice-format';
import { useFinanceText } from '../use-finance-text';

/** The provider's bank account for an unpaid invoice, with the invoice number as the reference to quote. */
export function HowToPay({ invoice }: { invoice: InvoiceDetailsResponse }) {
  const { t, locale } = useFinanceText();
  const details = invoice.paymentDetails;
  if (!details || invoice.isPaid) return null;
  const rows: Array<[string, string]> = [
    [t('invoice.pay.accountName'), details.accountName],
    [t('invoice.pay.bank'), details.bank],
    ...paymentDetailRows(details).map((row): [string, string] => [t(`invoice.pay.fields.${row.key}`), row.value]),
    [t('invoice.pay.reference'), invoice.invoiceNo],
  ];
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="invoice-pay"
      sx={{ borderRadius: '16px', p: { xs: 2, sm: 3 } }}
      data-testid="invoice-how-to-pay"
    >
      <Typography variant="h2" id="invoice-pay" sx={{ fontSize: '1.125rem', mb: 1 }}>
        {t('invoice.pay.heading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {t('invoice.pay.intro', {
          amount: money(invoice.totalMinor, invoice.currency, locale),
          date: formatDateList(invoice.dueDate, locale),
          invoiceNo: invoice.invoiceNo,
        })}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.25, sm: 1 },
          '& dt': { color: 'text.secondary', fontSize: '0.875rem', fontWeight: 500, mt: { xs: 1, sm: 0 } },
          '& dd': { m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' },
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
