import type { BookingListRow } from '@portal/contract/bookings';
import { locationLabel } from '@portal/contract/format/location-name';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import ViewWeekOutlinedIcon from '@mui/icons-material/ViewWeekOutlined';
import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { bookingPath } from '../../../lib/paths';
import { formatDay, formatTimeOfDay } from '../../../lib/locale-format';
import { useZoneLabel, withZone } from '../../../lib/use-zone-label';
import { UnfilledRiskChip } from '../../../components/unfilled-risk-chip';
import { offscreenRowSx } from '../../../components/offscreen-rows';
import { BookingStatusChip } from './booking-status-chip';
import { EducatorCell } from './educator-cell';
import { seriesPosition } from './list-params';
import { useBookingsText } from './use-bookings-text';

/**
 * The cards' looks, given once on the list rather than per card: a page of cards each with a dozen elements of its
 * own `sx` had emotion work out and hash some three hundred style objects per render, most of the bookings page's
 * blocking time on a phone. The cards themselves are plain elements with class names.
 */
const listSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  '& .booking-card': { borderTop: 1, borderColor: 'divider', borderTopStyle: 'solid', ...offscreenRowSx(185) },
  '& .booking-card-link': {
    display: 'flex',
    gap: 1.5,
    px: 2,
    py: 2,
    color: 'inherit',
    textDecoration: 'none',
    '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
  },
  '& .booking-card-body': { flex: 1, minWidth: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.75 },
  '& .booking-card-head': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 },
  '& .booking-card-day': { typography: 'body1', fontWeight: 700 },
  '& .booking-card-line': { display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' },
  '& .booking-card-text': { typography: 'body2' },
  '& .booking-card-text[data-nowrap]': { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .booking-card-chevron': { alignSelf: 'center', color: 'text.secondary' },
} as const;

/** Phone: one card per booking, the whole card a link to the detail. */
export function BookingCards({ bookings, label, showClient }: { bookings: BookingListRow[]; label: string; showClient: boolean }) {
  const { t, locale } = useBookingsText();
  const zoneLabel = useZoneLabel();
  return (
    <Box component="ul" aria-label={label} sx={listSx}>
      {bookings.map((booking) => {
        const series = seriesPosition(booking);
        const day = formatDay(booking.dateLocal, locale);
        return (
          <li
            key={booking.id}
            className="booking-card"
            data-testid="booking-card"
            data-booking-id={booking.id}
            data-status={booking.status}
          >
            <RouterLink className="booking-card-link" to={bookingPath(booking.id)}>
              <div className="booking-card-body">
                <div className="booking-card-head">
                  <span className="booking-card-day">{day}</span>
                  {booking.unfilledRisk ? (
                    <UnfilledRiskChip minutesLeft={booking.unfilledRisk.minutesLeft} />
                  ) : (
                    <BookingStatusChip status={booking.status} />
                  )}
                </div>
                <div className="booking-card-line">
                  <AccessTimeIcon fontSize="small" aria-hidden="true" />
                  <span className="booking-card-text">
                    {withZone(
                      t('time.range', {
                        start: formatTimeOfDay(booking.startTimeLocal, locale),
                        end: formatTimeOfDay(booking.endTimeLocal, locale),
                      }),
                      zoneLabel(booking.timeZone, `${booking.dateLocal}T${booking.startTimeLocal}`),
                    )}
                    {' · '}
                    {booking.classification.onlineTitle}
                  </span>
                </div>
                <div className="booking-card-line">
                  <SchoolOutlinedIcon fontSize="small" aria-hidden="true" />
                  <span className="booking-card-text" data-testid="booking-card-location">
                    {showClient ? locationLabel(booking.client.name, booking.location.name) : booking.location.name}
                  </span>
                </div>
                {booking.covering?.name && (
                  <div className="booking-card-line" data-testid="booking-card-covering">
                    <PersonOutlineIcon fontSize="small" aria-hidden="true" />
                    <span className="booking-card-text" data-nowrap="">
                      {t('list.covering', { name: booking.covering.name })}
                    </span>
                  </div>
                )}
                {series && (
                  <div className="booking-card-line">
                    <ViewWeekOutlinedIcon fontSize="small" aria-hidden="true" />
                    <span className="booking-card-text">
                      {t('list.series', { reference: booking.seriesReference ?? '', position: series.position, total: series.total })}
                    </span>
                  </div>
                )}
                <EducatorCell candidate={booking.candidate} status={booking.status} size="xs" />
              </div>
              <ChevronRightIcon aria-hidden="true" className="booking-card-chevron" />
            </RouterLink>
          </li>
        );
      })}
    </Box>
  );
}
