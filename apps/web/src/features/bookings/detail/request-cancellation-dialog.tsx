import type { CancellationRequestSent } from '@portal/contract/bookings';
import { ReasonDialog } from '../../../components/reason-dialog';
import { failureMessage } from '../../../lib/api-error';
import { formatDay } from '../../../lib/locale-format';
import { useToast } from '../../../lib/toast';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useRequestCancellation } from '../api/request-cancellation';
import { useBookingsText } from '../list/use-bookings-text';

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

  const submit = (reason: string) => {
    const body = { reason };
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
        onError: (error) => toast.error(failureMessage(error, t('cancel.failed'))),
      },
    );
  };

  return (
    <ReasonDialog
      title={t('cancel.requestTitle')}
      intro={t('cancel.requestBody', { date: formatDay(booking.dateLocal, locale), location: booking.location.name })}
      reason={{ label: t('cancel.requestReason'), requiredMessage: t('validation.cancelReasonRequired'), help: t('cancel.reasonHelp') }}
      confirmLabel={t('cancel.requestSend')}
      dismissLabel={t('cancel.keep')}
      busy={send.isPending}
      failure={send.error && failureMessage(send.error, t('cancel.failed'))}
      onConfirm={submit}
      onClose={onClose}
    />
  );
}
