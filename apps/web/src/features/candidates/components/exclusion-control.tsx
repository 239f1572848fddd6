import BlockIcon from '@mui/icons-material/Block';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_EXCLUSION_REASON_LENGTH } from '@portal/contract/candidates';
import { useState } from 'react';
import { GeneralModal } from '../../../components/general-modal';
import { ApiError } from '../../../lib/api-error';
import { useToast } from '../../../lib/toast';
import { useSetExclusion } from '../api/set-exclusion';
import { useCandidatesText } from '../use-candidates-text';

/**
 * Exclude an educator from one school (never sent to its bookings again), or include them again. Excluding asks
 * for a confirmation with an optional reason; including is one click (it only makes them assignable again).
 */
export function ExclusionControl({
  candidateId,
  clientId,
  name,
  school,
  isExcluded,
  canChange,
}: {
  candidateId: number;
  clientId: number;
  name: string;
  school: string;
  isExcluded: boolean;
  canChange: boolean;
}) {
  const { t } = useCandidatesText();
  const toast = useToast();
  const exclusion = useSetExclusion();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  if (!canChange) return null;

  const save = (isExcludedNext: boolean) =>
    exclusion.mutate(
      { candidateId, clientId, isExcluded: isExcludedNext, ...(isExcludedNext && reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: () => {
          setAsking(false);
          setReason('');
          toast.success(isExcludedNext ? t('exclusion.excluded', { name, school }) : t('exclusion.included', { name, school }));
        },
        onError: (error) => toast.error((error instanceof ApiError && error.status < 500 && error.serverMessage) || t('exclusion.failed')),
      },
    );

  return (
    <>
      {isExcluded ? (
        <Button size="small" variant="outlined" onClick={() => save(false)} loading={exclusion.isPending}>
          {t('exclusion.include')}
        </Button>
      ) : (
        <Button
          size="small"
          color="inherit"
          variant="text"
          startIcon={<BlockIcon />}
          onClick={() => setAsking(true)}
          sx={{ color: 'text.secondary' }}
        >
          {t('exclusion.exclude')}
        </Button>
      )}
      {asking && (
        <GeneralModal
          open
          title={t('exclusion.title', { name, school })}
          onClose={() => setAsking(false)}
          persistent={exclusion.isPending}
          actions={
            <Button variant="contained" color="error" onClick={() => save(true)} loading={exclusion.isPending}>
              {t('exclusion.confirm')}
            </Button>
          }
        >
          <Typography sx={{ mb: 2 }}>{t('exclusion.body', { name, school })}</Typography>
          <TextField
            label={t('exclusion.reason')}
            helperText={t('exclusion.reasonHelp')}
            value={reason}
            onChange={(event) => setReason(event.target.value.slice(0, MAX_EXCLUSION_REASON_LENGTH))}
            multiline
            minRows={2}
            fullWidth
            autoFocus
          />
          <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
            {t('exclusion.bookedNote')}
          </Alert>
        </GeneralModal>
      )}
    </>
  );
}
