import type { BookingLocation } from '@portal/contract/booking-reference';
import TextField from '@mui/material/TextField';
import { useFormContext } from 'react-hook-form';
import type { BookingFormValues } from './booking-form-rules';
import { useBookingMessage } from './booking-messages';
import { useBookingCreateTranslation } from './use-booking-create-translation';

/** How many educators a day, within the location's least and most. */
export function BookingsPerDayField({ location }: { location: BookingLocation | undefined }) {
  const { t } = useBookingCreateTranslation();
  const message = useBookingMessage();
  const {
    register,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  return (
    <TextField
      {...register('bookingsPerDay')}
      id="booking-per-day"
      label={t('when.bookingsPerDay')}
      required
      type="number"
      error={Boolean(errors.bookingsPerDay)}
      helperText={
        message(errors.bookingsPerDay?.message) ??
        (location ? t('when.perDayHelp', { min: location.rules.minBookingsPerDay, max: location.rules.maxBookingsPerDay }) : undefined)
      }
      slotProps={{
        htmlInput: {
          min: location?.rules.minBookingsPerDay ?? 1,
          max: location?.rules.maxBookingsPerDay ?? 100,
          inputMode: 'numeric',
        },
        inputLabel: { shrink: true },
      }}
    />
  );
}
