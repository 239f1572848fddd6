import type { BookingListRow } from '@portal/contract/bookings';
import { locationLabel } from '@portal/contract/format/location-name';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { UnfilledRiskChip } from '../../../components/unfilled-risk-chip';
import { formatDay, formatTimeOfDay } from '../../../lib/locale-format';
import { bookingPath } from '../../../lib/paths';
import { useZoneLabel, withZone } from '../../../lib/use-zone-label';
import { BookingStatusChip } from './booking-status-chip';
import { EducatorCell } from './educator-cell';
import { seriesPosition } from './list-params';
import { useBookingsText } from './use-bookings-text';

/** One booking of the desktop table: its date opens the detail. */
export function BookingsTableRow({ booking, showClient }: { booking: BookingListRow; showClient: boolean }) {
  const { t, locale } = useBookingsText();
  const zoneLabel = useZoneLabel();
  const series = seriesPosition(booking);
  const day = formatDay(booking.dateLocal, locale);
  return (
    <TableRow hover data-testid="booking-row" data-booking-id={booking.id} data-status={booking.status}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Link component={RouterLink} to={bookingPath(booking.id)} sx={{ fontWeight: 600 }} aria-label={t('actions.viewOn', { date: day })}>
          {day}
        </Link>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {withZone(
          t('time.range', {
            start: formatTimeOfDay(booking.startTimeLocal, locale),
            end: formatTimeOfDay(booking.endTimeLocal, locale),
          }),
          zoneLabel(booking.timeZone, `${booking.dateLocal}T${booking.startTimeLocal}`),
        )}
        {booking.breakMinutes > 0 && (
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {t('time.break', { count: booking.breakMinutes })}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        {booking.location.name}
        {showClient && locationLabel(booking.client.name, booking.location.name) !== booking.location.name && (
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {booking.client.name}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        {booking.classification.onlineTitle}
        {booking.covering?.name && (
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {t('list.covering', { name: booking.covering.name })}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <EducatorCell candidate={booking.candidate} status={booking.status} />
      </TableCell>
      <TableCell>
        {booking.unfilledRisk ? (
          <UnfilledRiskChip minutesLeft={booking.unfilledRisk.minutesLeft} />
        ) : (
          <BookingStatusChip status={booking.status} />
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {series ? (
          <>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {booking.seriesReference}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('list.positionOfTotal', { position: series.position, total: series.total })}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" aria-hidden="true" sx={{ color: 'text.secondary' }}>
            —
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}
