import type { InvoiceDetailsResponse } from '@portal/contract/invoices';
import { invoiceDocumentKind, showsTax } from '@portal/contract/invoices/document';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { visuallyHidden } from '../../components/visually-hidden';
import { ApiError } from '../../lib/api-error';
import { formatDateList, formatDateTime } from '../../lib/locale-format';
import { paths } from '../../lib/paths';
import { useToast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { useBootPaintHeldUntil } from '../../lib/boot-paint-hold';
import { invoiceQueryOptions, useInvoice } from './api/get-invoice';
import { firstRequest, type FirstRequests } from '../../lib/first-requests';
import { DownloadInvoiceButton } from './components/download-invoice-button';
import { HowToPay } from './components/how-to-pay';
import { InvoiceLines } from './components/invoice-lines';
import { InvoiceStatusChip } from './components/invoice-status-chip';
import { money } from './invoice-format';
import { useFinanceText } from './use-finance-text';
import { ErrorState, LoadingState } from '../../components/query-state';

const card = { borderRadius: '16px', p: { xs: 2, sm: 3 } } as const;

/** The invoice, asked for by the page's route once the session check has passed. */
export const invoiceFirstRequests: FirstRequests = ({ params }) => [firstRequest(invoiceQueryOptions(params.invoiceNo ?? ''))];

/**
 * View Invoice (spec §2 'invoice-view', /finance/invoices/{invoiceNo}): the invoice under its region's title (Tax
 * invoice, VAT invoice, Invoice), its lines with their dates, totals with its tax label (none where no tax is
 * charged and the region needs no tax invoice), whether it is paid, how to pay it, and its PDF. Spec §8: a 403 goes
 * back to Finance without a toast; any other failure says 'Cannot load invoice'.
 */
export function InvoicePage() {
  const { t } = useFinanceText();
  usePageTitle(t('invoice.title'));
  const { invoiceNo = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const invoice = useInvoice(invoiceNo);
  const refused = invoice.error instanceof ApiError && invoice.error.status === 403;
  // index.html's first screen of this invoice (drawn by the server) stays over the page until the page shows what it
  // shows: the invoice, or its failure, for at most a second (lib/boot-paint-hold.ts). A refused invoice keeps it until
  // the page has gone to Finance, whose page then takes its place in the same commit, rather than showing this page's
  // header in between.
  useBootPaintHeldUntil(invoice.data !== undefined || (invoice.isError && !refused));

  const failedAt = invoice.errorUpdatedAt;
  useEffect(() => {
    if (!failedAt) return;
    if (refused) void navigate(paths.finance, { replace: true });
    else toast.error(t('invoice.loadFailed'));
  }, [failedAt, refused, navigate, toast, t]);

  const data = invoice.data;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <Box>
        <Button component={RouterLink} to={paths.finance} startIcon={<ArrowBackIcon />} sx={{ ml: -1 }}>
          {t('invoice.back')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2 }}>
        <Box>
          <Typography variant="h1" sx={{ mb: 0.5 }}>
            {t('invoice.title')}
          </Typography>
          <Typography component="p" sx={{ fontSize: '1.25rem', fontWeight: 600, color: 'primary.dark' }} data-testid="invoice-number">
            {data
              ? t(`invoice.document.${invoiceDocumentKind(data.locale)}`, { invoiceNo: data.invoiceNo })
              : t('invoice.heading', { invoiceNo })}
          </Typography>
        </Box>
        {data && <DownloadInvoiceButton invoice={data} variant="button" />}
      </Box>

      {invoice.isPending && <LoadingState label={t('invoice.loading')} />}
      {invoice.isError && !refused && (
        <ErrorState
          message={t('invoice.loadFailed')}
          onRetry={invoice.error instanceof ApiError && invoice.error.status === 404 ? undefined : () => void invoice.refetch()}
        />
      )}
      {data && <InvoiceBody invoice={data} />}
    </Stack>
  );
}

function InvoiceBody({ invoice }: { invoice: InvoiceDetailsResponse }) {
  const { t, locale } = useFinanceText();
  return (
    <>
      {invoice.isPaid ? (
        <Alert severity="success" data-testid="invoice-paid">
          {t('invoice.paidBanner', {
            date: invoice.paidAt ? formatDateList(invoice.paidAt, locale) : formatDateList(invoice.dueDate, locale),
          })}
        </Alert>
      ) : invoice.isOverdue ? (
        <Alert severity="error" data-testid="invoice-overdue">
          {t('invoice.overdueBanner', { count: invoice.daysOverdue })}
        </Alert>
      ) : (
        <Alert severity="info" data-testid="invoice-unpaid">
          {t('invoice.unpaidBanner', { date: formatDateList(invoice.dueDate, locale) })}
        </Alert>
      )}

      <Paper variant="outlined" component="section" aria-label={t('invoice.heading', { invoiceNo: invoice.invoiceNo })} sx={card}>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' },
            '& dt': { color: 'text.secondary', fontSize: '0.875rem', fontWeight: 500 },
            '& dd': { m: 0, fontWeight: 600 },
          }}
        >
          <Box sx={{ gridColumn: { xs: '1 / -1', lg: 'auto' } }}>
            <dt>{t('invoice.billedTo')}</dt>
            <dd>{invoice.clientName}</dd>
          </Box>
          <Box>
            <dt>{t('invoice.issued')}</dt>
            <dd>{formatDateList(invoice.issueDate, locale)}</dd>
          </Box>
          <Box>
            <dt>{t('invoice.due')}</dt>
            <dd>{formatDateList(invoice.dueDate, locale)}</dd>
          </Box>
          <Box>
            <dt>{t('invoice.period')}</dt>
            <dd>
              {t('list.periodRange', { from: formatDateList(invoice.periodStart, locale), to: formatDateList(invoice.periodEnd, locale) })}
            </dd>
          </Box>
          <Box>
            <dt>{t('invoice.currency')}</dt>
            <dd data-testid="invoice-currency">{invoice.currency}</dd>
          </Box>
          <Box>
            <dt>{t('list.status')}</dt>
            <dd>
              <InvoiceStatusChip invoice={invoice} />
              {invoice.paidAt && (
                <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                  {formatDateTime(invoice.paidAt, locale)}
                </Typography>
              )}
            </dd>
          </Box>
        </Box>
      </Paper>

      <Paper variant="outlined" component="section" aria-labelledby="invoice-lines" sx={{ borderRadius: '16px', overflow: 'hidden' }}>
        <Typography variant="h2" id="invoice-lines" sx={{ fontSize: '1.125rem', px: { xs: 2, sm: 3 }, pt: { xs: 2, sm: 3 }, pb: 1.5 }}>
          {t('invoice.linesHeading')}
        </Typography>
        {invoice.lines.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', px: { xs: 2, sm: 3 }, pb: 3 }}>{t('invoice.noLines')}</Typography>
        ) : (
          <InvoiceLines invoice={invoice} />
        )}
        <InvoiceTotals invoice={invoice} />
      </Paper>
      <HowToPay invoice={invoice} />
    </>
  );
}

/** Subtotal, tax with its rate and total; a plain invoice without tax shows its total alone (invoices/document). */
function InvoiceTotals({ invoice }: { invoice: InvoiceDetailsResponse }) {
  const { t, locale } = useFinanceText();
  const amount = (minor: number) => money(minor, invoice.currency, locale);
  const withTax = showsTax(invoice.locale, invoice.taxRatePercent);
  const totalSx = { fontWeight: 700, fontSize: '1.125rem', borderTop: withTax ? 1 : 0, borderColor: 'divider', pt: withTax ? 1 : 0 };
  return (
    <Box
      component="section"
      aria-labelledby="invoice-totals"
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        px: { xs: 2, sm: 3 },
        py: 2,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-end',
      }}
    >
      <Box sx={{ width: { xs: '100%', sm: 360 } }}>
        <Typography variant="h3" id="invoice-totals" sx={visuallyHidden}>
          {t('invoice.totalsHeading')}
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 1, columnGap: 3, '& dd': { m: 0, textAlign: 'right' } }}
        >
          {withTax && (
            <>
              <dt>{t('invoice.subtotal')}</dt>
              <dd data-testid="invoice-subtotal">{amount(invoice.subtotalMinor)}</dd>
              <dt data-testid="invoice-tax-label">
                {t('invoice.taxWithRate', { taxLabel: invoice.taxLabel, rate: invoice.taxRatePercent.toLocaleString(locale) })}
              </dt>
              <dd data-testid="invoice-tax">{amount(invoice.taxMinor)}</dd>
            </>
          )}
          <Box component="dt" sx={totalSx}>
            {t('invoice.total')}
          </Box>
          <Box component="dd" sx={totalSx} data-testid="invoice-grand-total">
            {amount(invoice.totalMinor)}
          </Box>
        </Box>
      </Box>
      {withTax && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5, maxWidth: 480, textAlign: 'right' }}>
          {t('invoice.taxRule', { taxLabel: invoice.taxLabel })}
        </Typography>
      )}
    </Box>
  );
}
