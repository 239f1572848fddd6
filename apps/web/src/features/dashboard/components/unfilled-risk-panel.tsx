import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { BookingListRow } from '@portal/contract/bookings';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { UnfilledRiskChip } from '../../../components/unfilled-risk-chip';
import { formatDay, formatTimeRange } from '../../../lib/locale-format';
import { bookingPath, paths } from '../../../lib/paths';

/**
 * Home's open bookings that start by the end of the next school day without an educator, each a
 * link to its booking with the time left; the bookings list shows them all, first.
 */
export function UnfilledRiskPanel({
  bookings,
  total,
  loading,
}: {
  bookings: BookingListRow[] | undefined;
  total: number;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation('pages');
  const locale = i18n.language;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="unfilled-risk-heading"
      data-testid="unfilled-risk-panel"
      sx={{ borderRadius: '16px', overflow: 'hidden', ...(total > 0 ? { borderColor: 'error.light' } : {}) }}
    >
      <Box sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2, sm: 2.5 }, pb: 1, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <WarningAmberOutlinedIcon aria-hidden="true" sx={{ color: total > 0 ? 'error.main' : 'text.secondary', mt: 0.25 }} />
        <div>
          <Typography variant="h2" id="unfilled-risk-heading" sx={{ fontSize: '1.125rem' }}>
            {t('home.unfilledRisk.heading')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('home.unfilledRisk.description')}
          </Typography>
        </div>
      </Box>
      {loading && !bookings ? (
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: 2 }}>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Box>
      ) : !bookings || bookings.length === 0 ? (
        <Typography sx={{ px: { xs: 2, sm: 3 }, pb: 2.5, pt: 0.5 }} data-testid="unfilled-risk-none">
          {t('home.unfilledRisk.none')}
        </Typography>
      ) : (
        <>
          <List disablePadding aria-labelledby="unfilled-risk-heading">
            {bookings.map((b) => (
              <ListItem key={b.id} disablePadding divider data-testid="unfilled-risk-row" data-booking-id={b.id}>
                <ListItemButton
                  component={RouterLink}
                  to={bookingPath(b.id)}
                  sx={{ px: { xs: 2, sm: 3 }, py: 1.25, display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>{b.location.name}</Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {`${formatDay(b.dateLocal, locale)} · ${formatTimeRange(b.startTimeLocal, b.endTimeLocal, locale)} · ${b.classification.onlineTitle}`}
                    </Typography>
                  </Box>
                  {b.unfilledRisk && <UnfilledRiskChip minutesLeft={b.unfilledRisk.minutesLeft} />}
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          <Box sx={{ px: { xs: 2, sm: 3 }, py: 1.5 }}>
            <Link component={RouterLink} to={paths.bookings}>
              {t('home.unfilledRisk.viewAll', { count: total })}
            </Link>
          </Box>
        </>
      )}
    </Paper>
  );
}
