import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { GeneralModal } from '../../../components/general-modal';
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
    <GeneralModal
      open
      title={t('pending.withdrawTitle')}
      onClose={onClose}
      persistent={pending}
      actions={
        <Button variant="contained" color="error" onClick={onWithdraw} loading={pending}>
          {t('pending.withdrawConfirm')}
        </Button>
      }
    >
      <Typography>{t('pending.withdrawBody', { days: summary.days, location: summary.location })}</Typography>
    </GeneralModal>
  );
}
