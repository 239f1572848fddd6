import { ReasonDialog } from '../../../components/reason-dialog';
import { useBookingsText } from '../list/use-bookings-text';

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
  return (
    <ReasonDialog
      title={t('pending.rejectTitle')}
      intro={t('pending.rejectBody', { name: summary.createdBy, days: summary.days, location: summary.location })}
      reason={{ label: t('pending.rejectReason'), requiredMessage: t('validation.rejectReasonRequired') }}
      confirmLabel={t('pending.rejectConfirm')}
      confirmColor="error"
      busy={pending}
      onConfirm={onReject}
      onClose={onClose}
    />
  );
}
