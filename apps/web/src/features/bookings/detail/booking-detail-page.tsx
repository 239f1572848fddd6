import type { BookingDetail } from '@portal/contract/bookings';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-error';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBooking } from '../api/get-booking';
import { useBookingsText } from '../list/use-bookings-text';
import { BookingBlockSection } from './booking-block-section';
import { BookingConfirmationsSection } from './booking-confirmations-section';
import { BookingDetailDialogs } from './booking-detail-dialogs';
import { BookingDetailHeader } from './booking-detail-header';
import { BookingDetailNotices } from './booking-detail-notices';
import { BookingEducatorSection } from './booking-educator-section';
import { BookingLocationSection } from './booking-location-section';
import { BookingWhatSection } from './booking-what-section';
import { BookingWhenSection } from './booking-when-section';
import { useBookingDetailActions } from './use-booking-detail-actions';

/** A booking in full (spec §3 'Booking detail') with the actions its state and the caller's permissions allow. */
export function BookingDetailPage() {
  const { t } = useBookingsText();
  const { bookingId } = useParams();
  const id = /^\d{1,10}$/.test(bookingId ?? '') ? Number(bookingId) : undefined;
  const booking = useBooking(id);
  usePageTitle(t('detail.title'));

  const back = (
    <Button component={RouterLink} to={paths.bookings} startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start', ml: -1 }}>
      {t('actions.back')}
    </Button>
  );
  if (
    id === undefined ||
    (booking.isError && booking.error instanceof ApiError && (booking.error.status === 404 || booking.error.status === 403))
  ) {
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="warning">{t('detail.notFound')}</Alert>
      </Stack>
    );
  }
  if (booking.isError) {
    return (
      <Stack spacing={2}>
        {back}
        <ErrorState message={t('detail.loadFailed')} onRetry={() => void booking.refetch()} />
      </Stack>
    );
  }
  if (!booking.data) {
    return (
      <Stack spacing={2}>
        {back}
        <LoadingState label={t('detail.loading')} sx={{ py: 4 }} />
      </Stack>
    );
  }
  // Actions are offered only once the booking has been read since this page opened (never from an older copy).
  return <BookingDetailView detail={booking.data} back={back} current={booking.isFetchedAfterMount} />;
}

function BookingDetailView({ detail, back, current }: { detail: BookingDetail; back: ReactNode; current: boolean }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const actions = useBookingDetailActions(detail, current);
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      {back}
      <BookingDetailHeader detail={detail} actions={actions} />
      <BookingDetailNotices detail={detail} actions={actions} />
      {phone ? (
        // On a phone one column, When first: the day and times are what a booking is opened for, then who comes.
        <Stack spacing={3} data-testid="booking-detail-sections">
          <BookingWhenSection detail={detail} />
          <BookingEducatorSection detail={detail} />
          <BookingWhatSection detail={detail} />
          <BookingBlockSection detail={detail} />
          <BookingLocationSection detail={detail} />
          <BookingConfirmationsSection detail={detail} />
        </Stack>
      ) : (
        <Box
          data-testid="booking-detail-sections"
          sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', alignItems: 'start' }}
        >
          <Stack spacing={3}>
            <BookingWhenSection detail={detail} />
            <BookingWhatSection detail={detail} />
            <BookingBlockSection detail={detail} />
          </Stack>
          <Stack spacing={3}>
            <BookingEducatorSection detail={detail} />
            <BookingLocationSection detail={detail} />
            <BookingConfirmationsSection detail={detail} />
          </Stack>
        </Box>
      )}
      <BookingDetailDialogs detail={detail} actions={actions} />
    </Stack>
  );
}
