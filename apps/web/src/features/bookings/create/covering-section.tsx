import { ABSENCE_REASONS } from '@portal/contract/domain';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useFormContext, useWatch } from 'react-hook-form';
import { NOTES_MAX_LENGTH, type BookingFormValues } from './booking-form-rules';
import { useBookingMessage } from './booking-messages';
import { nativeSelect, Section } from './form-section';
import { useBookingCreateTranslation } from './use-booking-create-translation';

/** Who the educator covers (name and reason for absence), the room and notes. */
export function CoveringSection({ id }: { id: string }) {
  const { t } = useBookingCreateTranslation();
  const message = useBookingMessage();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  const notesLength = (useWatch({ control, name: 'notes' }) ?? '').trim().length;
  // A reason is needed once someone is named as away (the form's rules say the same).
  const reasonRequired = (useWatch({ control, name: 'coveringName' }) ?? '').trim() !== '';
  return (
    <Section id={id} title={t('covering.heading')}>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...register('coveringName')}
          id="booking-covering-name"
          label={t('covering.name')}
          autoComplete="off"
          error={Boolean(errors.coveringName)}
          helperText={message(errors.coveringName?.message)}
        />
        <TextField
          {...register('coveringReason')}
          id="booking-covering-reason"
          select
          label={t('covering.reason')}
          required={reasonRequired}
          error={Boolean(errors.coveringReason)}
          helperText={message(errors.coveringReason?.message)}
          slotProps={nativeSelect}
        >
          {/* A prompt, not a choice: "not provided" is the reason to pick when none is given. */}
          <option value="">{t('covering.reasonChoose')}</option>
          {ABSENCE_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`reasons.${reason}`)}
            </option>
          ))}
        </TextField>
        <TextField
          {...register('room')}
          id="booking-room"
          label={t('covering.room')}
          autoComplete="off"
          error={Boolean(errors.room)}
          helperText={message(errors.room?.message)}
        />
        <TextField
          {...register('notes')}
          id="booking-notes"
          label={t('covering.notes')}
          multiline
          minRows={3}
          error={Boolean(errors.notes)}
          helperText={message(errors.notes?.message) ?? t('covering.length', { length: notesLength, max: NOTES_MAX_LENGTH })}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
      </Box>
    </Section>
  );
}
