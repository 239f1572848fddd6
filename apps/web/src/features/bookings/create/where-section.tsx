import type { BookingLocation, Classification, Grade } from '@portal/contract/booking-reference';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormContext } from 'react-hook-form';
import type { BookingFormValues } from './booking-form-rules';
import { useBookingMessage } from './booking-messages';
import { nativeSelect, Section } from './form-section';
import { FullDayField } from './full-day-field';
import { GradesField } from './grades-field';
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
        {grades && grades.length > 0 && <GradesField grades={grades} value={gradeIds} onChange={onGrades} />}
        <FullDayField />
      </Stack>
    </Section>
  );
}
