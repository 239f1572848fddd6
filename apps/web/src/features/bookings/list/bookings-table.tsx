import type { BookingListRow } from '@portal/contract/bookings';
import { locationLabel } from '@portal/contract/format/location-name';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '../../../components/visually-hidden';
import { bookingPath } from '../../../lib/paths';
import { formatDay, formatTimeOfDay } from '../../../lib/locale-format';
import { useZoneLabel, withZone } from '../../../lib/use-zone-label';
import { UnfilledRiskChip } from '../../../components/unfilled-risk-chip';
import { BookingStatusChip } from './booking-status-chip';
import { EducatorCell } from './educator-cell';
import { seriesPosition, type BookingSort } from './list-params';
import { useBookingsText } from './use-bookings-text';

const SORTABLE: Partial<Record<string, BookingSort>> = { date: 'date', status: 'status', location: 'location', educator: 'candidate' };

/** Desktop: one row per booking; the date opens the detail; column headers sort. */
export function BookingsTable({
  bookings,
  caption,
  sort,
  onSort,
  showClient,
}: {
  bookings: BookingListRow[];
  caption: string;
  sort: BookingSort;
  onSort: (sort: BookingSort) => void;
  showClient: boolean;
}) {
  const { t, locale } = useBookingsText();
  const zoneLabel = useZoneLabel();
  const header = (key: 'date' | 'time' | 'location' | 'classification' | 'educator' | 'status' | 'block') => {
    const sortKey = SORTABLE[key];
    if (!sortKey) return <TableCell key={key}>{t(`list.${key}`)}</TableCell>;
    const active = sort === sortKey || (key === 'date' && sort === '-date');
    const direction = sort === '-date' ? 'desc' : 'asc';
    return (
      <TableCell key={key} sortDirection={active ? direction : false}>
        <TableSortLabel
          active={active}
          direction={active ? direction : 'asc'}
          onClick={() => onSort(key === 'date' && sort === 'date' ? '-date' : sortKey)}
        >
          {t(`list.${key}`)}
        </TableSortLabel>
      </TableCell>
    );
  };
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 880, '& td, & th': { px: 1.25 } }}>
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
            {header('date')}
            {header('time')}
            {header('location')}
            {header('classification')}
            {header('educator')}
            {header('status')}
            {header('block')}
          </TableRow>
        </TableHead>
        <TableBody>
          {bookings.map((booking) => {
            const series = seriesPosition(booking);
            const day = formatDay(booking.dateLocal, locale);
            return (
              <TableRow key={booking.id} hover data-testid="booking-row" data-booking-id={booking.id} data-status={booking.status}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Link
                    component={RouterLink}
                    to={bookingPath(booking.id)}
                    sx={{ fontWeight: 600 }}
                    aria-label={t('actions.viewOn', { date: day })}
                  >
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
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
