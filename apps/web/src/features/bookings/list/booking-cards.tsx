import type { BookingListRow } from '@portal/contract/bookings';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import ViewWeekOutlinedIcon from '@mui/icons-material/ViewWeekOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { bookingPath } from '../../../lib/paths';
import { formatDay, formatTimeOfDay } from '../../../lib/locale-format';
import { UnfilledRiskChip } from '../../../components/unfilled-risk-chip';
import { BookingStatusChip } from './booking-status-chip';
import { EducatorCell } from './educator-cell';
import { seriesPosition } from './list-params';
import { useBookingsText } from './use-bookings-text';

/** Phone: one card per booking, the whole card a link to the detail. */
export function BookingCards({ bookings, label, showClient }: { bookings: BookingListRow[]; label: string; showClient: boolean }) {
  const { t, locale } = useBookingsText();
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {bookings.map((booking) => {
        const series = seriesPosition(booking);
        const day = formatDay(booking.dateLocal, locale);
        return (
          <Box
            component="li"
            key={booking.id}
            data-testid="booking-card"
            data-booking-id={booking.id}
            data-status={booking.status}
            sx={{ borderTop: 1, borderColor: 'divider' }}
          >
            <Box
              component={RouterLink}
              to={bookingPath(booking.id)}
              sx={{
                display: 'flex',
                gap: 1.5,
                px: 2,
                py: 2,
                color: 'inherit',
                textDecoration: 'none',
                '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
              }}
            >
              <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.75 }}>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                  <Typography component="span" sx={{ fontWeight: 700 }}>
                    {day}
                  </Typography>
                  {booking.unfilledRisk ? (
                    <UnfilledRiskChip minutesLeft={booking.unfilledRisk.minutesLeft} />
                  ) : (
                    <BookingStatusChip status={booking.status} />
                  )}
                </Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}>
                  <AccessTimeIcon fontSize="small" aria-hidden="true" />
                  <Typography variant="body2">
                    {t('time.range', { start: formatTimeOfDay(booking.startTimeLocal, locale), end: formatTimeOfDay(booking.endTimeLocal, locale) })}
                    {' · '}
                    {booking.classification.onlineTitle}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}>
                  <SchoolOutlinedIcon fontSize="small" aria-hidden="true" />
                  <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
                    {showClient && booking.client.name !== booking.location.name
                      ? `${booking.client.name} - ${booking.location.name}`
                      : booking.location.name}
                  </Typography>
                </Box>
                {booking.covering?.name && (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }} data-testid="booking-card-covering">
                    <PersonOutlineIcon fontSize="small" aria-hidden="true" />
                    <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
                      {t('list.covering', { name: booking.covering.name })}
                    </Typography>
                  </Box>
                )}
                {series && (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}>
                    <ViewWeekOutlinedIcon fontSize="small" aria-hidden="true" />
                    <Typography variant="body2">
                      {t('list.series', { reference: booking.seriesReference ?? '', position: series.position, total: series.total })}
                    </Typography>
                  </Box>
                )}
                <EducatorCell candidate={booking.candidate} size="xs" />
              </Box>
              <ChevronRightIcon aria-hidden="true" sx={{ alignSelf: 'center', color: 'text.secondary' }} />
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
