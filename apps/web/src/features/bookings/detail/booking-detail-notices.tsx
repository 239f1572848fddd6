import type { BookingDetail } from '@portal/contract/bookings';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ProviderContact } from '../../../components/provider-contact';
import { formatDateTime } from '../../../lib/locale-format';
import { useBookingsText } from '../list/use-bookings-text';
import type { BookingDetailActions } from './use-booking-detail-actions';

/**
 * What the caller should know before the facts: that the booking is view-only, why it cannot be cancelled here (with
 * the office's contact and a way to ask), that the request was sent, that it was cancelled or rejected and why.
 */
export function BookingDetailNotices({ detail, actions }: { detail: BookingDetail; actions: BookingDetailActions }) {
  const { t, locale } = useBookingsText();
  const booking = detail.booking;
  const allowed = actions.actions;
  const requestSent = actions.requestSent;
  return (
    <>
      {allowed.viewOnly && (
        <Alert severity="info" variant="outlined" data-testid="booking-view-only">
          {t('detail.viewOnly')}
        </Alert>
      )}
      {!allowed.cancel && allowed.cancelBlockedReason && (
        <Alert severity="info" variant="outlined" data-testid="cancel-blocked" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
          <AlertTitle>{t('cancel.blockedTitle')}</AlertTitle>
          <Typography variant="body2">{allowed.cancelBlockedReason}</Typography>
          <Typography variant="body2" sx={{ mt: 1, mb: 1.5 }}>
            {t('cancel.contactIntro')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
            <ProviderContact region={detail.region} />
            {!requestSent && (
              <Button
                variant="outlined"
                startIcon={<SendOutlinedIcon />}
                onClick={() => actions.setDialog('request')}
                sx={{ flex: { xs: '1 1 100%', sm: 'none' } }}
              >
                {t('cancel.request')}
              </Button>
            )}
          </Box>
        </Alert>
      )}
      {requestSent && (
        <Alert severity="success" role="status" data-testid="cancellation-request-sent">
          <AlertTitle>{t('cancel.requestSentTitle')}</AlertTitle>
          <Typography variant="body2">
            {t('cancel.requestSent', { email: requestSent.sentTo, time: formatDateTime(requestSent.sentAt, locale, booking.timeZone) })}
          </Typography>
        </Alert>
      )}
      {booking.status === 'cancelled' && (
        <Alert severity="warning" variant="outlined">
          <AlertTitle>{t('detail.cancelled')}</AlertTitle>
          {[
            booking.cancelReason && `${t('detail.cancelReason')}: ${booking.cancelReason}`,
            booking.cancelledAt && `${t('detail.cancelledAt')}: ${formatDateTime(booking.cancelledAt, locale, booking.timeZone)}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Alert>
      )}
      {detail.details.rejectReason && (
        <Alert severity="error" variant="outlined">
          <AlertTitle>{t('detail.rejectReason')}</AlertTitle>
          {detail.details.rejectReason}
        </Alert>
      )}
    </>
  );
}
