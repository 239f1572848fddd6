import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext } from 'react-hook-form';
import type { BookingFormValues } from './booking-form-rules';
import { useBookingCreateTranslation } from './use-booking-create-translation';

/** Whether the booking is for a full day, as a switch with what that means. */
export function FullDayField() {
  const { t } = useBookingCreateTranslation();
  const { control } = useFormContext<BookingFormValues>();
  return (
    <Controller
      control={control}
      name="isFullDay"
      render={({ field }) => (
        <FormControlLabel
          control={
            <Switch
              checked={field.value}
              onChange={(event) => field.onChange(event.target.checked)}
              slotProps={{ input: { ref: field.ref } as object }}
            />
          }
          label={
            <span>
              {t('where.fullDay')}
              <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                {t('where.fullDayHelp')}
              </Typography>
            </span>
          }
        />
      )}
    />
  );
}
