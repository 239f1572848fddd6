import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { DateTime } from 'luxon';
import { useId, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { formatDateList } from '../../../lib/locale-format';
import type { BookingFormValues } from './booking-form-rules';
import { useBookingMessage } from './booking-messages';
import { Section } from './form-section';
import { MarkdownText } from './markdown-text';
import { useBookingCreateTranslation } from './use-booking-create-translation';

/**
 * The location's booking policies and the booker's agreement to them. A booker who agreed to this version of the
 * policies before is told when, with the box ticked and the text folded away (a changed text is a new version,
 * asked for again).
 */
export function PoliciesSection({
  id,
  policiesMarkdown,
  acceptedAt,
}: {
  id: string;
  policiesMarkdown: string | null | undefined;
  /** When the booker agreed to the current version (ISO instant), or null. */
  acceptedAt: string | null;
}) {
  const { t, locale } = useBookingCreateTranslation();
  const message = useBookingMessage();
  const textId = useId();
  const [reading, setReading] = useState(false);
  const {
    control,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  const accepted = acceptedAt ? DateTime.fromISO(acceptedAt) : undefined;
  const showText = !accepted || reading;
  return (
    <Section id={id} title={t('policies.heading')}>
      {accepted && (
        <Alert severity="success" variant="outlined" icon={<CheckCircleOutlineIcon />} sx={{ mb: 1.5 }} data-testid="policies-accepted">
          {t('policies.accepted', { date: formatDateList(accepted, locale) })}
          <Box>
            <Button
              size="small"
              onClick={() => setReading((open) => !open)}
              aria-expanded={reading}
              aria-controls={textId}
              sx={{ mt: 0.5 }}
            >
              {reading ? t('policies.hide') : t('policies.read')}
            </Button>
          </Box>
        </Alert>
      )}
      {showText && (
        <Box
          id={textId}
          sx={{ maxHeight: 240, overflowY: 'auto', mb: 1.5, color: 'text.secondary', fontSize: '0.9375rem' }}
          tabIndex={0}
          aria-label={t('policies.heading')}
          role="region"
        >
          <MarkdownText>{policiesMarkdown ?? t('policies.none')}</MarkdownText>
        </Box>
      )}
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
