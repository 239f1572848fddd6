import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { FillTotals, SpendTotal } from '@portal/contract/reports';
import { useTranslation } from 'react-i18next';
import { moneyFormat, percentFormat, quantityFormat } from '../report-format';

function Figure({ term, value, testId }: { term: string; value: string; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ borderRadius: '16px', p: 2, minWidth: 0 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {term}
      </Typography>
      <Typography
        component="dd"
        data-testid={testId}
        sx={{ m: 0, mt: 0.5, fontWeight: 600, fontSize: '1.375rem', fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Typography>
    </Paper>
  );
}

/**
 * The period at a glance: spend and days billed (in the chosen currency) where the contact sees spend, bookings and
 * the fill rate where they see bookings. A figure still loading shows a dash.
 */
export function ReportSummary({
  spend,
  spendLoaded,
  fill,
  showSpend,
  showFill,
  currency,
  locale,
}: {
  spend: SpendTotal | undefined;
  /** The spend report answered (a period without spend has no total: it reads as nothing spent). */
  spendLoaded: boolean;
  currency: string;
  fill: FillTotals | undefined;
  showSpend: boolean;
  showFill: boolean;
  locale: string;
}) {
  const { t } = useTranslation('reports');
  const none = t('summary.none');
  const quantity = quantityFormat(locale);
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}
    >
      {showSpend && (
        <>
          <Figure
            term={t('summary.spend')}
            testId="summary-spend"
            value={spend || spendLoaded ? moneyFormat(locale, currency)(spend?.amount ?? 0) : none}
          />
          <Figure term={t('summary.days')} testId="summary-days" value={spend || spendLoaded ? quantity(spend?.days ?? 0) : none} />
        </>
      )}
      {showFill && (
        <>
          <Figure term={t('summary.bookings')} testId="summary-bookings" value={fill ? quantity(fill.bookings) : none} />
          <Figure
            term={t('summary.fillRate')}
            testId="summary-fill-rate"
            value={fill ? percentFormat(locale)(fill.fillRatePercentage < 0 ? null : fill.fillRatePercentage) : none}
          />
        </>
      )}
    </Box>
  );
}
