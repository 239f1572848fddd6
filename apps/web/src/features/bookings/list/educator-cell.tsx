import type { BookingCandidate } from '@portal/contract/bookings';
import type { BookingStatus } from '@portal/contract/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { UserAvatar, type AvatarSize } from '../../../components/user-avatar';
import { educatorName } from './booking-format';
import { useBookingsText } from './use-bookings-text';

/** The educator's avatar and name; else 'Not yet assigned', or 'None' for a booking that will not happen. */
export function EducatorCell({
  candidate,
  status,
  size = 'sm',
}: {
  candidate: BookingCandidate | null;
  status: BookingStatus;
  size?: AvatarSize;
}) {
  const { t } = useBookingsText();
  if (!candidate) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
        {status === 'cancelled' || status === 'rejected' ? t('list.noEducatorClosed') : t('list.noEducator')}
      </Typography>
    );
  }
  const name = educatorName(candidate);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <UserAvatar name={candidate.fullName} size={size} />
      <Typography variant="body2" sx={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {name}
      </Typography>
    </Box>
  );
}
