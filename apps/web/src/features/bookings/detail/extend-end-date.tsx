import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatDay } from '../../../lib/locale-format';
import { useBookingsText } from '../list/use-bookings-text';
import type { ExtendBookingForm } from './use-extend-booking-form';

/** The extension's end date, the button that opens the picker, and the latest end date the scheduling allows. */
export function ExtendEndDate({ form, onChange }: { form: ExtendBookingForm; onChange: () => void }) {
  const { t, locale } = useBookingsText();
  const maxEndDate = form.scheduling.data?.maxEndDateLocal;
  return (
    <Box>
      <Typography component="p" variant="body2" sx={{ fontWeight: 600, mb: 0.5 }} id="extend-end-date-label">
        {t('extend.endDate')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography sx={{ fontSize: '1.125rem', fontWeight: 700 }} data-testid="extend-end-date" data-date={form.endDate}>
          {formatDay(form.endDate, locale)}
        </Typography>
        <Button variant="outlined" size="small" startIcon={<EventOutlinedIcon />} onClick={onChange}>
          {t('extend.changeEndDate')}
        </Button>
      </Box>
      {maxEndDate && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {t('extend.maxDate', { date: formatDay(maxEndDate, locale) })}
        </Typography>
      )}
    </Box>
  );
}
