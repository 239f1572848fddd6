import type { BookingLocation, Classification } from '@portal/contract/booking-reference';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateList, formatTimeOfDay } from '../../../lib/locale-format';
import { normalisedTime, totalBookings, type BookingFormValues } from './booking-form-rules';
import { useBookingMessage } from './booking-messages';
import { card } from './form-section';
import { locationLabel } from './where-section';
import { useBookingCreateTranslation } from './use-booking-create-translation';

/** The sticky summary: what the request books, whether it waits for approval, the failure, and the submit button. */
export function BookingSummary({
  id,
  values,
  location,
  manyClients,
  classification,
  pendingOnly,
  failure,
  missing = [],
  submitting,
  blocked,
}: {
  id: string;
  values: BookingFormValues;
  location: BookingLocation | undefined;
  manyClients: boolean;
  classification: Classification | undefined;
  pendingOnly: boolean;
  failure: string | undefined;
  /** After a refused submit: the cards that still need something, each a link to its heading. */
  missing?: Array<{ id: string; title: string }>;
  submitting: boolean;
  blocked: boolean;
}) {
  const { t, locale } = useBookingCreateTranslation();
  const message = useBookingMessage();
  const total = totalBookings(values.dates.length, values.bookingsPerDay);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ ...card, position: { md: 'sticky' }, top: { md: 88 }, borderColor: 'primary.main' }}
      data-testid="booking-summary"
    >
      <Typography variant="h2" id={id} sx={{ fontSize: '1.125rem', mb: 1.5 }}>
        {t('summary.heading')}
      </Typography>
      <Stack spacing={1.25}>
        {location && <Typography sx={{ fontWeight: 600 }}>{locationLabel(location, manyClients)}</Typography>}
        {classification && <Typography variant="body2">{classification.onlineTitle}</Typography>}
        {values.dates.length > 0 ? (
          <>
            <Typography sx={{ fontSize: '1.25rem', fontWeight: 700, color: 'primary.dark' }} data-testid="booking-total" aria-live="polite">
              {t('summary.line', {
                dates: t('summary.dates', { count: values.dates.length }),
                perDay: t('summary.perDay', { count: Number(values.bookingsPerDay) || 0 }),
                total: t('summary.total', { count: total }),
              })}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {formatDateList(values.dates[0]!, locale)}
              {values.dates.length > 1 ? ` – ${formatDateList(values.dates[values.dates.length - 1]!, locale)}` : ''}
              {values.startTime && values.endTime
                ? ` · ${t('summary.times', { start: formatTimeOfDay(normalisedTime(values.startTime), locale), end: formatTimeOfDay(normalisedTime(values.endTime), locale) })}`
                : ''}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('summary.none')}
          </Typography>
        )}
        {location && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('summary.max', { max: location.rules.maxBookingsAllowed })}
          </Typography>
        )}
        {location && (
          <Alert severity={pendingOnly ? 'info' : 'success'} variant="outlined" icon={false} sx={{ py: 0 }}>
            {pendingOnly ? t('summary.willWait') : t('summary.straightAway')}
          </Alert>
        )}
        {missing.length > 0 && (
          <Alert severity="error" variant="outlined" data-testid="booking-missing">
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('summary.missing')}
            </Typography>
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
              {missing.map((section) => (
                <li key={section.id}>
                  <Link href={`#${section.id}`} color="inherit">
                    {section.title}
                  </Link>
                </li>
              ))}
            </Box>
          </Alert>
        )}
        {failure && (
          <Alert severity="error" variant="outlined" role="alert">
            {message(failure)}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" loading={submitting} disabled={blocked} fullWidth>
          {pendingOnly ? t('summary.submitPending') : t('summary.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
