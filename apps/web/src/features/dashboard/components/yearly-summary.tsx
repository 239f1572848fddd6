import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ClientBookingsSummaryResponse } from '@portal/contract/dashboard';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';

/** The first selected client's year, month by month (GET clients/{id}/bookings/summary). */
export function YearlySummary({
  summary,
  clientName,
  year,
  selectedCount,
}: {
  summary: ClientBookingsSummaryResponse;
  clientName: string;
  year: number;
  /** With several schools selected, the chart says it counts the first one only. */
  selectedCount: number;
}) {
  const { t } = useTranslation('pages');
  const max = Math.max(1, ...summary.months.map((month) => month.total));
  return (
    <Paper variant="outlined" component="section" aria-labelledby="year-heading" sx={{ borderRadius: '16px', p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id="year-heading" sx={{ fontSize: '1.125rem' }}>
        {t('home.yearHeading', { year, client: clientName })}
      </Typography>
      <Typography data-testid="year-total" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('home.yearTotal', { count: summary.totals.total })}
      </Typography>
      {selectedCount > 1 && (
        <Typography variant="body2" data-testid="year-scope" sx={{ color: 'text.secondary', mt: -1.5, mb: 2 }}>
          {t('home.yearScope', { client: clientName, count: selectedCount })}
        </Typography>
      )}
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(12, 1fr)',
          gap: 0.75,
          alignItems: 'end',
          height: 140,
        }}
      >
        {summary.months.map((month) => {
          const name = DateTime.fromISO(`${month.month}-01`).setLocale('en').toFormat('LLL');
          return (
            <Box
              component="li"
              key={month.month}
              aria-label={t('home.monthBar', { month: name, count: month.total })}
              sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5, height: '100%', justifyContent: 'flex-end' }}
            >
              <Typography variant="caption" aria-hidden="true" sx={{ fontWeight: 600 }}>
                {month.total}
              </Typography>
              <Box
                aria-hidden="true"
                sx={{
                  width: '100%',
                  maxWidth: 28,
                  height: `${Math.max(2, (month.total / max) * 90)}px`,
                  bgcolor: 'primary.main',
                  borderRadius: 1,
                }}
              />
              <Typography variant="caption" aria-hidden="true" sx={{ color: 'text.secondary', fontSize: { xs: '0.6rem', sm: '0.75rem' } }}>
                {name}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
