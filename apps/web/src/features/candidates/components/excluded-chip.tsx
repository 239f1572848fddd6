import BlockIcon from '@mui/icons-material/Block';
import Chip from '@mui/material/Chip';
import { useCandidatesText } from '../use-candidates-text';

/** Marks an educator the school excluded (never sent to its bookings). */
export function ExcludedChip() {
  const { t } = useCandidatesText();
  return (
    <Chip
      icon={<BlockIcon />}
      label={t('exclusion.chip')}
      size="small"
      color="error"
      variant="outlined"
      data-testid="excluded-chip"
      sx={{ justifySelf: 'start', width: 'fit-content', mt: 0.5 }}
    />
  );
}
