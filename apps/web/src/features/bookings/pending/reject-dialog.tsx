import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { GeneralModal } from '../../../components/general-modal';
import { useBookingsText } from '../list/use-bookings-text';

const REASON_MAX = 500;

/** Spec §4: a reject needs a reason. The parent sends it (with the request's Idempotency-Key). */
export function RejectDialog({
  summary,
  pending,
  onClose,
  onReject,
}: {
  summary: { createdBy: string; days: string; location: string };
  pending: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const { t } = useBookingsText();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = reason.trim() === '';
  const submit = () => {
    setTried(true);
    if (!missing) onReject(reason.trim());
  };
  return (
    <GeneralModal
      open
      title={t('pending.rejectTitle')}
      onClose={onClose}
      persistent={pending}
      actions={
        <Button variant="contained" color="error" onClick={submit} loading={pending}>
          {t('pending.rejectConfirm')}
        </Button>
      }
    >
      <Stack spacing={2}>
        <Typography>{t('pending.rejectBody', { name: summary.createdBy, days: summary.days, location: summary.location })}</Typography>
        <TextField
          label={t('pending.rejectReason')}
          required
          multiline
          minRows={2}
          autoFocus
          value={reason}
          onChange={(event) => setReason(event.target.value.slice(0, REASON_MAX))}
          error={tried && missing}
          helperText={tried && missing ? t('validation.rejectReasonRequired') : ' '}
          fullWidth
        />
      </Stack>
    </GeneralModal>
  );
}
