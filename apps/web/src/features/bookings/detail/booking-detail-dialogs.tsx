import type { BookingDetail } from '@portal/contract/bookings';
import { QuickFeedbackDialog } from '../feedback/quick-feedback-dialog';
import { educatorName } from '../list/booking-format';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { ExtendBookingDialog } from './extend-booking-dialog';
import { RequestCancellationDialog } from './request-cancellation-dialog';
import type { BookingDetailActions } from './use-booking-detail-actions';

/** The booking detail's one open dialog, mounted only while open. */
export function BookingDetailDialogs({ detail, actions }: { detail: BookingDetail; actions: BookingDetailActions }) {
  const booking = detail.booking;
  const close = () => actions.setDialog(null);
  switch (actions.dialog) {
    case 'cancel':
      return <CancelBookingDialog booking={booking} onClose={close} />;
    case 'extend':
      return <ExtendBookingDialog detail={detail} onClose={close} />;
    case 'request':
      return <RequestCancellationDialog booking={booking} onClose={close} onSent={actions.setRequestSent} />;
    case 'feedback':
      return booking.candidate ? (
        <QuickFeedbackDialog
          target={{
            bookingId: booking.id,
            educator: educatorName(booking.candidate),
            dateLocal: booking.dateLocal,
            location: booking.location.name,
          }}
          onClose={close}
        />
      ) : null;
    default:
      return null;
  }
}
