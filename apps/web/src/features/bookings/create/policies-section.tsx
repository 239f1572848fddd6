import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { Controller, useFormContext } from 'react-hook-form';
import type { BookingFormValues } from './booking-form-rules';
import { useBookingMessage } from './booking-messages';
import { Section } from './form-section';
import { MarkdownText } from './markdown-text';
import { useBookingCreateTranslation } from './use-booking-create-translation';

/** The location's booking policies and the booker's agreement to them. */
export function PoliciesSection({ id, policiesMarkdown }: { id: string; policiesMarkdown: string | null | undefined }) {
  const { t } = useBookingCreateTranslation();
  const message = useBookingMessage();
  const {
    control,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  return (
    <Section id={id} title={t('policies.heading')}>
      <Box
        sx={{ maxHeight: 240, overflowY: 'auto', mb: 1.5, color: 'text.secondary', fontSize: '0.9375rem' }}
        tabIndex={0}
        aria-label={t('policies.heading')}
        role="region"
      >
        <MarkdownText>{policiesMarkdown ?? t('policies.none')}</MarkdownText>
      </Box>
      <Controller
        control={control}
        name="policiesAgreed"
        render={({ field }) => (
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  slotProps={{
                    input: {
                      ref: field.ref,
                      'aria-describedby': errors.policiesAgreed ? 'booking-policies-error' : undefined,
                      'aria-invalid': errors.policiesAgreed ? true : undefined,
                      required: true,
                    } as object,
                  }}
                />
              }
              label={t('policies.agree')}
            />
            {errors.policiesAgreed && (
              <FormHelperText error id="booking-policies-error" sx={{ mx: 0 }}>
                {message(errors.policiesAgreed.message)}
              </FormHelperText>
            )}
          </Box>
        )}
      />
    </Section>
  );
}
