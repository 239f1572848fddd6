import { AGEING_BUCKETS, type AgeingRow } from '@portal/contract/invoices';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useInvoicesAgeing } from '../api/get-invoices-ageing';
import { money } from '../invoice-format';
import { useFinanceText } from '../use-finance-text';
import { ErrorState } from '../../../components/query-state';

const ACCENTS: Record<(typeof AGEING_BUCKETS)[number]['key'], string> = {
  notDue: '#0277bd',
  days1To30: '#b26a00',
  days31To60: '#c45100',
  days61To90: '#c62828',
  over90: '#8e0000',
};

const AGEING_SKELETON_HEIGHT = { xs: 336, sm: 240, lg: 162 };

/** What is outstanding per currency, in the buckets of days past due; the total opens the unpaid invoices. */
export function AgeingSummary({ clientIds, onShowUnpaid }: { clientIds: readonly number[]; onShowUnpaid: () => void }) {
  const { t, locale } = useFinanceText();
  const ageing = useInvoicesAgeing(clientIds);
  const rows = ageing.data?.currencies ?? [];
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="ageing-heading"
      sx={{ borderRadius: '16px', p: { xs: 2, sm: 3 } }}
      data-testid="ageing-summary"
    >
      <Typography variant="h2" id="ageing-heading" sx={{ fontSize: '1.125rem', mb: 0.5 }}>
        {t('ageing.heading')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('ageing.help')}
      </Typography>
      {ageing.isPending && (
        <Box role="status" aria-label={t('ageing.loading')}>
          {/* About the height of one currency's figures at each width, so the invoices below do not move. */}
          <Skeleton variant="rounded" sx={{ height: AGEING_SKELETON_HEIGHT }} />
        </Box>
      )}
      {ageing.isError && <ErrorState message={t('ageing.loadFailed')} onRetry={() => void ageing.refetch()} />}
      {ageing.data && rows.length === 0 && <Typography sx={{ color: 'text.secondary' }}>{t('ageing.none')}</Typography>}
      {rows.map((row) => (
        <AgeingCurrency key={row.currency} row={row} locale={locale} onShowUnpaid={onShowUnpaid} />
      ))}
    </Paper>
  );
}

function AgeingCurrency({ row, locale, onShowUnpaid }: { row: AgeingRow; locale: string; onShowUnpaid: () => void }) {
  const { t } = useFinanceText();
  return (
    <Box sx={{ '& + &': { mt: 3, pt: 3, borderTop: 1, borderColor: 'divider' } }} data-testid={`ageing-${row.currency}`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 1.5, mb: 2 }}>
        <Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 500 }}>
            {t('ageing.totalIn', { currency: row.currency })}
          </Typography>
          <Typography
            component="p"
            sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, fontWeight: 700, lineHeight: 1.2 }}
            data-testid="ageing-total"
          >
            {money(row.totalMinor, row.currency, locale)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('ageing.invoices', { count: row.invoiceCount })}
          </Typography>
        </Box>
        {row.invoiceCount > 0 && (
          <Button variant="outlined" size="small" onClick={onShowUnpaid}>
            {t('ageing.showUnpaid')}
          </Button>
        )}
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' },
        }}
      >
        {AGEING_BUCKETS.map((bucket) => {
          const minor = row[`${bucket.key}Minor`];
          return (
            <Box
              key={bucket.key}
              sx={{
                borderRadius: 2,
                border: 1,
                borderColor: 'divider',
                borderLeft: `4px solid ${ACCENTS[bucket.key]}`,
                px: 1.5,
                py: 1.25,
                minWidth: 0,
              }}
            >
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {t(`ageing.buckets.${bucket.key}`)}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: '1.0625rem' }}>
                {money(minor, row.currency, locale)}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
