import type { BookingDetail } from '@portal/contract/bookings';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { UserAvatar } from '../../../components/user-avatar';
import { educatorName } from '../list/booking-format';
import { useBookingsText } from '../list/use-bookings-text';
import { DetailSection } from './detail-sections';

/** Educator: who comes (or why nobody does) and whom the school asked for. */
export function BookingEducatorSection({ detail }: { detail: BookingDetail }) {
  const { t } = useBookingsText();
  const booking = detail.booking;
  return (
    <DetailSection id="detail-educator" title={t('detail.educator')}>
      {booking.candidate ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <UserAvatar name={booking.candidate.fullName} size="lg" />
          <div>
            <Typography sx={{ fontWeight: 700, fontSize: '1.0625rem' }} data-testid="detail-educator">
              {educatorName(booking.candidate)}
            </Typography>
            {booking.candidate.preferredName && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {booking.candidate.fullName}
              </Typography>
            )}
          </div>
        </Box>
      ) : (
        <Typography sx={{ color: 'text.secondary' }} data-testid="detail-no-educator">
          {booking.status === 'cancelled'
            ? t('detail.noEducatorCancelled')
            : booking.status === 'rejected'
              ? t('detail.noEducatorRejected')
              : t('detail.noEducator')}
        </Typography>
      )}
      {detail.requestedCandidate && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }} data-testid="detail-requested-educator">
          {t('detail.requestedEducator', { name: detail.requestedCandidate.fullName })}
        </Typography>
      )}
    </DetailSection>
  );
}
