import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { GeneralModal } from '../../../components/general-modal';
import { ApiError } from '../../../lib/api-error';
import { useToast } from '../../../lib/toast';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useCancelBooking } from '../api/cancel-booking';
import { formatDay } from '../../../lib/locale-format';
import { useBookingsText } from '../list/use-bookings-text';

const REASON_MAX = 500;

/**
 * Cancel with a reason (spec §4). One Idempotency-Key per cancellation asked for (lib/use-idempotency-key), so a
 * double click (or a retry after a lost answer) cancels once. Mount it only while open.
 */
export function CancelBookingDialog({
  booking,
  onClose,
}: {
  booking: { id: number; dateLocal: string; location: { name: string } };
  onClose: () => void;
}) {
  const { t, locale } = useBookingsText();
  const toast = useToast();
  const cancel = useCancelBooking();
  const keys = useIdempotencyKey();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const missing = reason.trim() === '';

  const submit = () => {
    setTried(true);
    if (missing) return;
    setFailure(null);
    const body = { cancelReason: reason.trim() };
    const idempotencyKey = keys.keyFor({ id: booking.id, body });
    cancel.mutate(
      { id: booking.id, body, idempotencyKey },
      {
        onSettled: (_result, error) => keys.settle(idempotencyKey, error ?? undefined),
        onSuccess: () => {
          toast.success(t('cancel.success'));
          onClose();
        },
        // Spec §8: the server's message if there is one, else the generic failed-request text.
        onError: (error) => {
          const message = (error instanceof ApiError && error.serverMessage) || t('cancel.failed');
          setFailure(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <GeneralModal
      open
      title={t('cancel.title')}
      onClose={onClose}
      persistent={cancel.isPending}
      showCancel={false}
      actions={
        <>
          <Button onClick={onClose}>{t('cancel.keep')}</Button>
          <Button variant="contained" color="error" onClick={submit} loading={cancel.isPending}>
            {t('cancel.confirm')}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <Typography>{t('cancel.body', { date: formatDay(booking.dateLocal, locale), location: booking.location.name })}</Typography>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <TextField
          label={t('cancel.reason')}
          required
          multiline
          minRows={2}
          autoFocus
          value={reason}
          onChange={(event) => setReason(event.target.value.slice(0, REASON_MAX))}
          error={tried && missing}
          helperText={tried && missing ? t('validation.cancelReasonRequired') : t('cancel.reasonHelp')}
          fullWidth
        />
      </Stack>
    </GeneralModal>
  );
}
