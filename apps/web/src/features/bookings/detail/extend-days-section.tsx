import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useBookingsText } from '../list/use-bookings-text';
import { ExtendDayRow } from './extend-day-row';
import type { ExtendBookingForm } from './use-extend-booking-form';

/** The school days the extension adds, each one kept or left out, and what the extension would do with them. */
export function ExtendDaysSection({ form }: { form: ExtendBookingForm }) {
  const { t } = useBookingsText();
  const idPrefix = useId();
  const { scheduling, plan, candidate } = form;
  return (
    <Box component="section" aria-labelledby="extend-days-heading">
      <Typography variant="h3" id="extend-days-heading" sx={{ fontSize: '1rem', mb: 0.25 }}>
        {t('extend.daysHeading')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('extend.daysHelp')}
      </Typography>
      {scheduling.isFetching && !scheduling.data && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <CircularProgress size={20} aria-hidden="true" />
          <Typography variant="body2">{t('extend.checking')}</Typography>
        </Box>
      )}
      {scheduling.isError && <Alert severity="warning">{form.schedulingProblem ?? t('extend.schedulingFailed')}</Alert>}
      {scheduling.data && plan && (
        <>
          <Box
            component="ul"
            data-testid="extend-days"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              maxHeight: 220,
              overflowY: 'auto',
              border: 1,
              borderColor: 'divider',
              borderRadius: '10px',
            }}
          >
            {scheduling.data.dates.map((day) => (
              <ExtendDayRow
                key={day.dateLocal}
                day={day}
                leftOut={form.leftOut.has(day.dateLocal)}
                hasEducator={!!candidate}
                name={form.name}
                inputId={`${idPrefix}-${day.dateLocal}`}
                onToggle={() => form.toggleDay(day.dateLocal)}
              />
            ))}
          </Box>
          <Alert severity={plan.added === 0 || plan.unfilled > 0 ? 'warning' : 'info'} sx={{ mt: 1.5 }} data-testid="extend-summary">
            {plan.added === 0 ? t('extend.noneChosen') : t('extend.summary', { count: plan.added })}
            {plan.leftOut > 0 ? ` ${t('extend.leftOut', { count: plan.leftOut })}` : ''}
            {plan.unfilled > 0 ? ` ${t('extend.summaryUnfilled', { count: plan.unfilled })}` : ''}
            {candidate && plan.added > plan.unfilled ? ` ${t('extend.tentative')}` : ''}
          </Alert>
        </>
      )}
    </Box>
  );
}
