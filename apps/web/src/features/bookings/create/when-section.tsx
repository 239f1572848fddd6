import type { BookingLocation, Classification } from '@portal/contract/booking-reference';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext } from 'react-hook-form';
import type { BookingFormValues } from './booking-form-rules';
import { useBookingMessage } from './booking-messages';
import { BookingTimesFields } from './booking-times-fields';
import { BookingsPerDayField } from './bookings-per-day-field';
import { DatesField } from './dates-field';
import { Section } from './form-section';
import { useBookingCreateTranslation } from './use-booking-create-translation';

const numericInput = { htmlInput: { inputMode: 'numeric', autoComplete: 'off' }, inputLabel: { shrink: true } } as const;

/** When: the dates (with blocks, the server's refusals and the cut-off), the times, the break and bookings per day. */
export function WhenSection({
  id,
  location,
  classification,
  blockedDates,
  holidayDates,
  serverDateErrors,
  onDatesChanged,
  datesError,
  cutoffNote,
  today,
}: {
  id: string;
  location: BookingLocation | undefined;
  classification: Classification | undefined;
  blockedDates: ReadonlyMap<string, string>;
  holidayDates?: ReadonlyMap<string, string> | undefined;
  /** Dates the server refused, with its message. */
  serverDateErrors: ReadonlyMap<string, string>;
  onDatesChanged: (dates: string[]) => void;
  datesError: string | undefined;
  cutoffNote: string | undefined;
  today: string;
}) {
  const { t } = useBookingCreateTranslation();
  const message = useBookingMessage();
  const {
    register,
    control,
    trigger,
    formState: { errors, isSubmitted },
  } = useFormContext<BookingFormValues>();
  const extra = classification?.extraValidation;
  return (
    <Section id={id} title={t('when.heading')}>
      <Stack spacing={2.5}>
        <Controller
          control={control}
          name="dates"
          render={({ field }) => (
            <DatesField
              value={field.value}
              onChange={(dates) => {
                field.onChange(dates);
                onDatesChanged(dates);
                if (isSubmitted) void trigger('dates');
              }}
              buttonRef={field.ref}
              blockedDates={blockedDates}
              holidayDates={holidayDates}
              locationId={location?.locationId}
              dateErrors={serverDateErrors}
              error={datesError}
              cutoffNote={cutoffNote}
              today={today}
            />
          )}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <BookingTimesFields classification={classification} />
          {extra && !extra.shouldShowBreaks && (extra.defaultBreakInMins ?? 0) > 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary', alignSelf: 'center' }} data-testid="booking-set-break">
              {t('when.setBreak', { minutes: extra.defaultBreakInMins ?? 0 })}
            </Typography>
          )}
          {extra?.shouldShowBreaks && (
            <TextField
              {...register('breakMinutes')}
              id="booking-break"
              label={t('when.breakMinutes')}
              required
              error={Boolean(errors.breakMinutes)}
              helperText={message(errors.breakMinutes?.message) ?? t('when.breakHelp')}
              slotProps={numericInput}
            />
          )}
          <BookingsPerDayField location={location} />
        </Box>
      </Stack>
    </Section>
  );
}
