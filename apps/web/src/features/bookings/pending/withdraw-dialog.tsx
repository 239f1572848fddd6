import { ReasonDialog } from '../../../components/reason-dialog';
import { useBookingsText } from '../list/use-bookings-text';

/** Withdrawing one's own request is a decision: it asks first. The parent sends it (with its Idempotency-Key). */
export function WithdrawDialog({
  summary,
  pending,
  onClose,
  onWithdraw,
}: {
  summary: { days: string; location: string };
  pending: boolean;
  onClose: () => void;
  onWithdraw: () => void;
}) {
  const { t } = useBookingsText();
  return (
    <ReasonDialog
      title={t('pending.withdrawTitle')}
      intro={t('pending.withdrawBody', { days: summary.days, location: summary.location })}
      confirmLabel={t('pending.withdrawConfirm')}
      confirmColor="error"
      busy={pending}
      onConfirm={() => onWithdraw()}
      onClose={onClose}
    />
  );
}
