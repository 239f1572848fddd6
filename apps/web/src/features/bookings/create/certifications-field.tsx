import type { Certification } from '@portal/contract/booking-reference';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useId, useState } from 'react';
import { useBookingCreateTranslation } from './use-booking-create-translation';

/** The location's certifications, its defaults ticked; a change from them needs the review box ticked (spec §5). */
export function CertificationsField({
  certifications,
  value,
  onChange,
  changed,
  reviewed,
  onReviewed,
  reviewError,
  reviewRef,
  error,
}: {
  certifications: readonly Certification[];
  value: number[];
  onChange: (ids: number[]) => void;
  changed: boolean;
  reviewed: boolean;
  onReviewed: (value: boolean) => void;
  reviewError: string | undefined;
  reviewRef?: React.Ref<HTMLInputElement>;
  error: string | undefined;
}) {
  const { t } = useBookingCreateTranslation();
  const reviewErrorId = useId();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  // The location's defaults and whatever is ticked; the rest of the catalogue on request.
  const shown = expanded ? certifications : certifications.filter((c) => c.isLocationDefault || value.includes(c.id));
  const hidden = certifications.length - shown.length;
  const toggle = (id: number, on: boolean) =>
    onChange(certifications.map((c) => c.id).filter((each) => (each === id ? on : value.includes(each))));
  return (
    <Box>
      <Box id={listId} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {shown.map((certification) => (
          <FormControlLabel
            key={certification.id}
            control={
              <Checkbox checked={value.includes(certification.id)} onChange={(event) => toggle(certification.id, event.target.checked)} />
            }
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                {certification.name}
                {certification.isLocationDefault && (
                  <Chip size="small" variant="outlined" label={t('certifications.default')} sx={{ height: 20, fontSize: '0.75rem' }} />
                )}
              </Box>
            }
            sx={{ mr: 0 }}
          />
        ))}
      </Box>
      {(hidden > 0 || expanded) && (
        <Button
          size="small"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
          sx={{ ml: -1, mt: 0.5 }}
        >
          {expanded ? t('certifications.showFewer') : t('certifications.showAll', { count: certifications.length })}
        </Button>
      )}
      {error && (
        <FormHelperText error sx={{ mx: 0 }}>
          {error}
        </FormHelperText>
      )}
      {(changed || reviewed) && (
        <Box
          sx={{
            mt: 1.5,
            p: 1.5,
            borderRadius: '10px',
            bgcolor: 'rgba(255, 167, 38, 0.12)',
            border: 1,
            borderColor: reviewError ? 'error.main' : 'warning.main',
          }}
        >
          <FormControlLabel
            control={
              <Checkbox
                checked={reviewed}
                onChange={(event) => onReviewed(event.target.checked)}
                slotProps={{
                  input: {
                    ref: reviewRef,
                    'aria-describedby': reviewError ? reviewErrorId : undefined,
                    'aria-invalid': reviewError ? true : undefined,
                  } as object,
                }}
              />
            }
            label={t('certifications.review')}
          />
          {reviewError && (
            <FormHelperText error id={reviewErrorId} sx={{ mx: 0 }}>
              {reviewError}
            </FormHelperText>
          )}
        </Box>
      )}
    </Box>
  );
}
