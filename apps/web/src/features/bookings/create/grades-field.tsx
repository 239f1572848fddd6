import type { Grade } from '@portal/contract/booking-reference';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { useFormContext } from 'react-hook-form';
import { MultiSelect } from '../../../components/multi-select';
import type { BookingFormValues } from './booking-form-rules';
import { useBookingMessage } from './booking-messages';
import { useBookingCreateTranslation } from './use-booking-create-translation';

/** The school's grades the booking is for, several at once. */
export function GradesField({ grades, value, onChange }: { grades: readonly Grade[]; value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useBookingCreateTranslation();
  const message = useBookingMessage();
  const {
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  return (
    <Box>
      <MultiSelect
        label={t('where.grades')}
        size="medium"
        options={grades.map((g) => ({ value: g.id, label: g.title }))}
        value={value}
        onChange={onChange}
        sx={{ width: '100%' }}
      />
      <FormHelperText error={Boolean(errors.gradeIds)} sx={{ mx: 1.75 }}>
        {message(errors.gradeIds?.message) ?? t('where.gradesHelp')}
      </FormHelperText>
    </Box>
  );
}
