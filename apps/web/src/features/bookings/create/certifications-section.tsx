import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext } from 'react-hook-form';
import type { BookingFormValues } from './booking-form-rules';
import { useBookingMessage } from './booking-messages';
import { CertificationsField } from './certifications-field';
import { Section } from './form-section';
import type { BookingReference } from './use-booking-reference';
import type { BookingFieldUpdate } from './use-booking-form';
import { useBookingCreateTranslation } from './use-booking-create-translation';

/** Certifications: the location's, its defaults ticked, with the review box once they differ from the defaults. */
export function CertificationsSection({
  id,
  certifications,
  value,
  changed,
  update,
}: {
  id: string;
  certifications: BookingReference['certifications'];
  value: number[];
  /** The defaults changed: the booker confirms they reviewed the choice. */
  changed: boolean;
  update: BookingFieldUpdate;
}) {
  const { t } = useBookingCreateTranslation();
  const message = useBookingMessage();
  const {
    control,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  return (
    <Section id={id} title={t('certifications.heading')} help={certifications.data?.length ? t('certifications.help') : undefined}>
      {certifications.isPending ? (
        <CircularProgress size={24} aria-label={t('loading')} />
      ) : certifications.data && certifications.data.length > 0 ? (
        <Controller
          control={control}
          name="certificationsReviewed"
          render={({ field }) => (
            <CertificationsField
              certifications={certifications.data}
              value={value}
              onChange={(next) => update('certificationIds', next)}
              changed={changed}
              reviewed={field.value}
              onReviewed={(next) => field.onChange(next)}
              reviewRef={field.ref}
              reviewError={message(errors.certificationsReviewed?.message)}
              error={message(errors.certificationIds?.message)}
            />
          )}
        />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {certifications.isError ? t('failed.certifications') : t('certifications.none')}
        </Typography>
      )}
    </Section>
  );
}
