import type { BookingDetail } from '@portal/contract/bookings';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDay } from '../../../lib/locale-format';
import { bookingPath } from '../../../lib/paths';
import { BookingStatusChip } from '../list/booking-status-chip';
import { seriesPosition } from '../list/list-params';
import { useBookingsText } from '../list/use-bookings-text';
import { DetailSection, Facts } from './detail-sections';

/** Block booking: the series, this day's place in it and every date of it (only for a booking in a series). */
export function BookingBlockSection({ detail }: { detail: BookingDetail }) {
  const { t, locale } = useBookingsText();
  const booking = detail.booking;
  const series = seriesPosition(booking);
  if (!detail.seriesReference) return null;
  return (
    <DetailSection id="detail-block" title={t('detail.block')}>
      <Facts
        items={[
          [t('detail.series'), detail.seriesReference],
          series && [t('detail.position'), t('list.positionOfTotal', { position: series.position, total: series.total })],
        ]}
      />
      <Typography variant="h3" sx={{ fontSize: '0.9375rem', mt: 2.5, mb: 1 }} id="detail-block-dates">
        {t('detail.allDates')}
      </Typography>
      <Box
        component="ol"
        aria-labelledby="detail-block-dates"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {detail.bookings.map((item) => (
          <Box
            component="li"
            key={item.id}
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 1,
              px: 1.25,
              py: 0.75,
              borderRadius: '8px',
              bgcolor: item.id === booking.id ? 'action.selected' : 'transparent',
            }}
          >
            {item.id === booking.id ? (
              <Typography variant="body2" sx={{ fontWeight: 700 }} aria-current="page">
                {formatDay(item.dateLocal, locale)}
              </Typography>
            ) : (
              <Link component={RouterLink} to={bookingPath(item.id)} variant="body2">
                {formatDay(item.dateLocal, locale)}
              </Link>
            )}
            <BookingStatusChip status={item.status} />
          </Box>
        ))}
      </Box>
    </DetailSection>
  );
}
