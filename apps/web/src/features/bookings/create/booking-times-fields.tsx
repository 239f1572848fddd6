import type { Classification } from '@portal/contract/booking-reference';
import { Controller, useFormContext } from 'react-hook-form';
import { TimeField } from '../../../components/time-field';
import { formatTimeOfDay } from '../../../lib/locale-format';
import type { BookingFormValues } from './booking-form-rules';
import { useBookingMessage } from './booking-messages';
import { useBookingCreateTranslation } from './use-booking-create-translation';

/** The start and end times; the end says what the classification asks of it (earliest end, minimum duration). */
export function BookingTimesFields({ classification }: { classification: Classification | undefined }) {
  const { t, locale } = useBookingCreateTranslation();
  const message = useBookingMessage();
  const { control } = useFormContext<BookingFormValues>();
  const extra = classification?.extraValidation;
  const endHints = [
    ...(extra?.earliestEndTime24hr ? [t('when.earliestEnd', { time: formatTimeOfDay(extra.earliestEndTime24hr, locale) })] : []),
    ...(extra?.minimumDurationInMins ? [t('when.minimumDuration', { minutes: extra.minimumDurationInMins })] : []),
  ];
  return (
    <>
      {(['startTime', 'endTime'] as const).map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field, fieldState }) => (
            <TimeField
              id={name === 'startTime' ? 'booking-start-time' : 'booking-end-time'}
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              label={t(name === 'startTime' ? 'when.startTime' : 'when.endTime')}
              required
              error={Boolean(fieldState.error)}
              helperText={message(fieldState.error?.message) ?? (name === 'endTime' && endHints.length ? endHints.join(' · ') : undefined)}
            />
          )}
        />
      ))}
    </>
  );
}
