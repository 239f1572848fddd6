import CircularProgress from '@mui/material/CircularProgress';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { GeneralModal } from '../../../components/general-modal';
import { useBooking } from '../api/get-booking';
import { educatorName } from '../list/booking-format';
import { useBookingsText } from '../list/use-bookings-text';
import { QuickFeedbackDialog } from './quick-feedback-dialog';

/** The full feedback form for `?feedback=<id>`: the booking is loaded first for its educator, date and place. */
export function FullFeedbackDialog({ bookingId, onClose }: { bookingId: number; onClose: () => void }) {
  const { t } = useBookingsText();
  const booking = useBooking(bookingId);
  const item = booking.data?.booking;
  if (item) {
    return (
      <QuickFeedbackDialog
        variant="full"
        target={{
          bookingId,
          educator: item.candidate ? educatorName(item.candidate) : t('list.noEducator'),
          dateLocal: item.dateLocal,
          location: item.location.name,
        }}
        onClose={onClose}
      />
    );
  }
  return (
    <GeneralModal open title={t('feedback.fullForm')} onClose={onClose}>
      {booking.isError ? (
        <Alert severity="error">{t('detail.notFound')}</Alert>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={28} aria-label={t('detail.loading')} />
        </Box>
      )}
    </GeneralModal>
  );
}
