import type { BookingLocation, Classification, Grade } from '@portal/contract/booking-reference';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext } from 'react-hook-form';
import { MultiSelect } from '../../../components/multi-select';
import type { BookingFormValues } from './booking-form-rules';
import { useBookingMessage } from './booking-messages';
import { nativeSelect, Section } from './form-section';
import { useBookingCreateTranslation } from './use-booking-create-translation';

/** The location's label: the client, plus the location when they differ (as the group overview names them). */
export function locationLabel(location: BookingLocation, manyClients: boolean): string {
  const named = location.locationName.startsWith(location.clientName);
  return manyClients && !named ? `${location.clientName} - ${location.locationName}` : location.locationName;
}

/** Where: the location, its classification and grades, and whether the booking is for a full day. */
export function WhereSection({
  id,
  locations,
  manyClients,
  location,
  classifications,
  classificationsLoading,
  grades,
  gradeIds,
  onGrades,
  pendingOnly,
  noClassifications,
}: {
  id: string;
  locations: readonly BookingLocation[];
  manyClients: boolean;
  location: BookingLocation | undefined;
  classifications: readonly Classification[] | undefined;
  classificationsLoading: boolean;
  grades: readonly Grade[] | undefined;
  gradeIds: number[];
  onGrades: (ids: number[]) => void;
  pendingOnly: boolean;
  noClassifications: boolean;
}) {
  const { t } = useBookingCreateTranslation();
  const message = useBookingMessage();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  return (
    <Section id={id} title={t('where.heading')}>
      <Stack spacing={2.5}>
        <TextField
          {...register('locationId')}
          id="booking-location"
          select
          label={t('where.location')}
          required
          fullWidth
          error={Boolean(errors.locationId)}
          helperText={message(errors.locationId?.message)}
          slotProps={nativeSelect}
        >
          <option value="" disabled>
            {t('where.locationPlaceholder')}
          </option>
          {locations.map((l) => (
            <option key={l.locationId} value={String(l.locationId)}>
              {locationLabel(l, manyClients)}
            </option>
          ))}
        </TextField>
        {pendingOnly && !errors.locationId && (
          <Alert severity="info" variant="outlined" data-testid="pending-only">
            {t('where.pendingOnly')}
          </Alert>
        )}
        {noClassifications && (
          <Alert severity="warning" variant="outlined" role="alert">
            {t('messages.noClassifications')}
          </Alert>
        )}
        <TextField
          {...register('classificationId')}
          id="booking-classification"
          select
          label={t('where.classification')}
          required
          fullWidth
          disabled={!location || noClassifications}
          error={Boolean(errors.classificationId)}
          helperText={message(errors.classificationId?.message) ?? (classificationsLoading ? t('where.classificationLoading') : undefined)}
          slotProps={nativeSelect}
        >
          <option value="" disabled>
            {t('where.classificationPlaceholder')}
          </option>
          {(classifications ?? []).map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.onlineTitle}
            </option>
          ))}
        </TextField>
        {grades && grades.length > 0 && (
          <Box>
            <MultiSelect
              label={t('where.grades')}
              size="medium"
              options={grades.map((g) => ({ value: g.id, label: g.title }))}
              value={gradeIds}
              onChange={onGrades}
              sx={{ width: '100%' }}
            />
            <FormHelperText error={Boolean(errors.gradeIds)} sx={{ mx: 1.75 }}>
              {message(errors.gradeIds?.message) ?? t('where.gradesHelp')}
            </FormHelperText>
          </Box>
        )}
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
      </Stack>
    </Section>
  );
}
