import { ReasonDialog } from '../../../components/reason-dialog';
import { failureMessage } from '../../../lib/api-error';
import { formatDay } from '../../../lib/locale-format';
import { useToast } from '../../../lib/toast';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useCancelBooking } from '../api/cancel-booking';
import { useBookingsText } from '../list/use-bookings-text';

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

  const submit = (reason: string) => {
    const body = { cancelReason: reason };
    const idempotencyKey = keys.keyFor({ id: booking.id, body });
    cancel.mutate(
      { id: booking.id, body, idempotencyKey },
      {
        onSettled: (_result, error) => keys.settle(idempotencyKey, error ?? undefined),
        onSuccess: () => {
          toast.success(t('cancel.success'));
          onClose();
        },
        onError: (error) => toast.error(failureMessage(error, t('cancel.failed'))),
      },
    );
  };

  return (
    <ReasonDialog
      title={t('cancel.title')}
      intro={t('cancel.body', { date: formatDay(booking.dateLocal, locale), location: booking.location.name })}
      reason={{ label: t('cancel.reason'), requiredMessage: t('validation.cancelReasonRequired'), help: t('cancel.reasonHelp') }}
      confirmLabel={t('cancel.confirm')}
      confirmColor="error"
      dismissLabel={t('cancel.keep')}
      busy={cancel.isPending}
      failure={cancel.error && failureMessage(cancel.error, t('cancel.failed'))}
      onConfirm={submit}
      onClose={onClose}
    />
  );
}
