import { zodResolver } from '@hookform/resolvers/zod';
import type { DayAwayBody } from '@portal/contract/availability';
import { ABSENCE_REASONS, type AbsenceReason } from '@portal/contract/domain';
import { FORM_MESSAGES } from '@portal/contract/messages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LocaleDateField } from '../../../components/locale-date-field';
import { ApiError } from '../../../lib/api-error';
import { useValidationMessage } from '../../../lib/validation-message';
import { useAddDayAway } from '../api/add-day-away';
import { formatDayShort } from '../format';
import { useAvailabilityTranslation } from '../use-availability-translation';
import { dayAwayFormSchema, emptyDayAwayForm, NOTE_MAX_LENGTH, type DayAwayFormValues } from './day-away-form-values';
import { formLevelError, setServerFieldErrors } from '../../../lib/form-server-errors';

export interface LocationOption {
  locationId: number;
  label: string;
}

const FIELDS = ['dateLocal', 'reason', 'locationId', 'note'] as const;

/** The form's state and rules, sending it, and the server's refusals: on their field, else one line above the form. */
function useDayAwayForm(today: string, locations: LocationOption[], onAdded: ((message: string) => void) | undefined) {
  const { t, locale } = useAvailabilityTranslation();
  const { t: tv } = useTranslation(['validation', 'errors']);
  const validationMessage = useValidationMessage();
  const add = useAddDayAway();
  // One school: chosen already (a replace-me offer needs it); it can still be cleared.
  const defaultLocation = locations.length === 1 ? String(locations[0]!.locationId) : '';
  const schema = useMemo(() => dayAwayFormSchema(today), [today]);
  const form = useForm<DayAwayFormValues>({ resolver: zodResolver(schema), defaultValues: emptyDayAwayForm(defaultLocation) });
  const { handleSubmit, setError, reset, control } = form;
  const note = useWatch({ control, name: 'note' });

  const message = (text: string | undefined) => (text === FORM_MESSAGES.dateInPast ? tv('validation:dateInPast') : validationMessage(text));

  const onSubmit = handleSubmit(async (values) => {
    const body: DayAwayBody = {
      dateLocal: values.dateLocal,
      reason: values.reason as AbsenceReason,
      ...(values.note.trim() ? { note: values.note.trim() } : {}),
      ...(values.locationId ? { locationId: Number(values.locationId) } : {}),
    };
    try {
      await add.mutateAsync(body);
    } catch (error) {
      setServerFieldErrors(error, setError, FIELDS);
      return;
    }
    reset({ ...emptyDayAwayForm(values.locationId) });
    onAdded?.(t('form.added', { date: formatDayShort(values.dateLocal, locale) }));
  });

  const error = formLevelError(add.error, FIELDS);
  let failure: string | undefined;
  if (error) {
    if (error instanceof ApiError && error.noResponse) failure = tv('errors:api.noServerResponse');
    else failure = (error instanceof ApiError && error.serverMessage) || tv('errors:api.generic');
  }
  return { form, onSubmit, message, failure, noteLength: note.trim().length };
}

/** Adds a day away (date from the server's today, reason, optional school, note); server refusals land on their field. */
export function DayAwayForm({
  today,
  locations,
  onAdded,
}: {
  today: string;
  locations: LocationOption[];
  /** Called with the confirmation to show once the day is added. */
  onAdded?: (message: string) => void;
}) {
  const { t } = useAvailabilityTranslation();
  const { form, onSubmit, message, failure, noteLength } = useDayAwayForm(today, locations, onAdded);
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="availability-form-heading"
      // A field focused for its error stays clear of the sticky app bar.
      sx={{ '& input, & select, & textarea': { scrollMarginTop: 96 } }}
    >
      <Stack spacing={2.5}>
        {failure && (
          <Alert severity="error" variant="outlined">
            {failure}
          </Alert>
        )}
        <Controller
          control={control}
          name="dateLocal"
          render={({ field }) => (
            <LocaleDateField
              id="day-away-date"
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              min={today}
              label={t('form.date')}
              required
              fullWidth
              error={Boolean(errors.dateLocal)}
              helperText={message(errors.dateLocal?.message)}
            />
          )}
        />
        <TextField
          {...register('reason')}
          id="day-away-reason"
          select
          label={t('form.reason')}
          required
          fullWidth
          error={Boolean(errors.reason)}
          helperText={message(errors.reason?.message)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="" disabled>
            {t('form.reasonPlaceholder')}
          </option>
          {ABSENCE_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`reasons.${reason}`)}
            </option>
          ))}
        </TextField>
        <TextField
          {...register('locationId')}
          id="day-away-location"
          select
          label={t('form.location')}
          fullWidth
          error={Boolean(errors.locationId)}
          helperText={message(errors.locationId?.message) ?? t('form.locationHelp')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('form.noLocation')}</option>
          {locations.map((location) => (
            <option key={location.locationId} value={String(location.locationId)}>
              {location.label}
            </option>
          ))}
        </TextField>
        <TextField
          {...register('note')}
          id="day-away-note"
          label={t('form.note')}
          multiline
          minRows={3}
          fullWidth
          error={Boolean(errors.note)}
          helperText={message(errors.note?.message) ?? t('form.noteHelp', { length: noteLength, max: NOTE_MAX_LENGTH })}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={isSubmitting}
            sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 200 } }}
          >
            {t('form.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
