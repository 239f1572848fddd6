import type { BookingDetail } from '@portal/contract/bookings';
import { locationLabel } from '@portal/contract/format/location-name';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatDayLong } from '../../../lib/locale-format';
import { BookingStatusChip } from '../list/booking-status-chip';
import { useBookingsText } from '../list/use-bookings-text';
import type { BookingDetailActions } from './use-booking-detail-actions';

const ACTION_SX = { flex: { xs: 1, sm: 'none' } };

/** The day and status as the page's heading, the school and location under it, and the booking's actions beside. */
export function BookingDetailHeader({ detail, actions }: { detail: BookingDetail; actions: BookingDetailActions }) {
  const { t, locale } = useBookingsText();
  const booking = detail.booking;
  const allowed = actions.actions;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}>
      <div>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 0.5 }}>
          <Typography variant="h1">{t('detail.heading', { date: formatDayLong(booking.dateLocal, locale) })}</Typography>
          <BookingStatusChip status={booking.status} size="medium" />
        </Box>
        <Typography sx={{ color: 'text.secondary' }}>{locationLabel(booking.client.name, booking.location.name)}</Typography>
      </div>
      <Box
        role="group"
        aria-label={t('detail.actions')}
        sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}
      >
        {allowed.quickFeedback && (
          <>
            <Button variant="contained" startIcon={<RateReviewOutlinedIcon />} onClick={() => actions.setDialog('feedback')} sx={ACTION_SX}>
              {t('feedback.quick')}
            </Button>
            <Button
              variant="outlined"
              endIcon={<OpenInNewIcon />}
              onClick={actions.openFullFeedback}
              loading={actions.fullFeedbackPending}
              sx={ACTION_SX}
            >
              {t('feedback.fullForm')}
            </Button>
          </>
        )}
        {actions.canExtend && (
          <Button variant="outlined" startIcon={<EventRepeatOutlinedIcon />} onClick={() => actions.setDialog('extend')} sx={ACTION_SX}>
            {t('extend.button')}
          </Button>
        )}
        {allowed.cancel && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<EventBusyOutlinedIcon />}
            onClick={() => actions.setDialog('cancel')}
            sx={ACTION_SX}
          >
            {t('cancel.button')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
