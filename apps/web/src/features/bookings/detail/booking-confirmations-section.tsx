import type { BookingDetail } from '@portal/contract/bookings';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { UserAvatar } from '../../../components/user-avatar';
import { useBookingsText } from '../list/use-bookings-text';
import { DetailSection } from './detail-sections';

const METHODS = ['email', 'sms', 'voice', 'push'] as const;

/** Confirmations: who is told about the booking, and how. */
export function BookingConfirmationsSection({ detail }: { detail: BookingDetail }) {
  const { t } = useBookingsText();
  return (
    <DetailSection id="detail-confirmations" title={t('detail.confirmations')}>
      {detail.confirmations.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('detail.noConfirmations')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
          {detail.confirmations.map((confirmation) => (
            <Box component="li" key={confirmation.id} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <UserAvatar name={confirmation.name} size="sm" />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {confirmation.name}
                </Typography>
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.25 }}>
                  {METHODS.filter((method) => confirmation[method]).map((method) => (
                    <Chip key={method} label={t(`detail.methods.${method}`)} size="small" variant="outlined" sx={{ height: 22 }} />
                  ))}
                </Box>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </DetailSection>
  );
}
