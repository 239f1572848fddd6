import type { CancellationRequestSent } from '@portal/contract/bookings';
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
import { useRequestCancellation } from '../api/request-cancellation';
import { formatDay } from '../../../lib/locale-format';
import { useBookingsText } from '../list/use-bookings-text';

const REASON_MAX = 500;

/**
 * Asks the provider to cancel a booking that cannot be cancelled online (spec §4). One Idempotency-Key per request
 * asked for (lib/use-idempotency-key), so a double click or a retry after a lost answer sends one request. Mount it
 * only while open.
 */
export function RequestCancellationDialog({
  booking,
  onClose,
  onSent,
}: {
  booking: { id: number; dateLocal: string; location: { name: string } };
  onClose: () => void;
  onSent: (sent: CancellationRequestSent) => void;
}) {
  const { t, locale } = useBookingsText();
  const toast = useToast();
  const send = useRequestCancellation();
  const keys = useIdempotencyKey();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const missing = reason.trim() === '';

  const submit = () => {
    setTried(true);
    if (missing) return;
    setFailure(null);
    const body = { reason: reason.trim() };
    const idempotencyKey = keys.keyFor({ id: booking.id, body });
    send.mutate(
      { id: booking.id, body, idempotencyKey },
      {
        onSettled: (_sent, error) => keys.settle(idempotencyKey, error ?? undefined),
        onSuccess: (sent) => {
          toast.success(t('cancel.requestToast'));
          onSent(sent);
          onClose();
        },
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
      title={t('cancel.requestTitle')}
      onClose={onClose}
      persistent={send.isPending}
      showCancel={false}
      actions={
        <>
          <Button onClick={onClose}>{t('cancel.keep')}</Button>
          <Button variant="contained" onClick={submit} loading={send.isPending}>
            {t('cancel.requestSend')}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <Typography>{t('cancel.requestBody', { date: formatDay(booking.dateLocal, locale), location: booking.location.name })}</Typography>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <TextField
          label={t('cancel.requestReason')}
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
