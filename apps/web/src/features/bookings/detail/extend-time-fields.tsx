import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { MAX_BREAK_MINUTES } from '@portal/contract/bookings';
import { TimeField } from '../../../components/time-field';
import { useBookingsText } from '../list/use-bookings-text';
import type { ExtendBookingForm } from './use-extend-booking-form';

/** The added days' start and end times and break, side by side where there is room: stacked on a phone. */
export function ExtendTimeFields({ form }: { form: ExtendBookingForm }) {
  const { t } = useBookingsText();
  const timeField = (key: 'startTime' | 'endTime', label: string) => (
    <TimeField
      label={label}
      size="small"
      required
      value={form.times[key]}
      onChange={(value) => form.setTime(key, value)}
      error={!!form.errorOf(key)}
      helperText={form.errorOf(key)}
      slotProps={{ htmlInput: { 'data-testid': `extend-${key}` } }}
      fullWidth
    />
  );
  return (
    <Box
      sx={{
        display: 'grid',
        columnGap: 2,
        rowGap: { xs: 1.5, sm: 0.5 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {timeField('startTime', t('extend.startTime'))}
      {timeField('endTime', t('extend.endTime'))}
      <TextField
        label={t('extend.breakMinutes')}
        type="number"
        size="small"
        value={form.times.breakMinutes}
        onChange={(event) => form.setTime('breakMinutes', event.target.value)}
        error={!!form.errorOf('breakMinutes')}
        helperText={form.errorOf('breakMinutes') ?? ' '}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 0, max: MAX_BREAK_MINUTES, step: 5 } }}
        fullWidth
      />
    </Box>
  );
}
