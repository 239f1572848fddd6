import type { PendingBookingSummary } from '@portal/contract/bookings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GeneralModal } from '../../../components/general-modal';
import { usePendingBooking } from '../api/get-pending-booking';
import { BookingStatusChip } from '../list/booking-status-chip';
import { useBookingsText } from '../list/use-bookings-text';
import { PendingDetailFacts } from './pending-detail-facts';
import { ErrorState, LoadingState } from '../../../components/query-state';

/**
 * A request pending approval in full (GET /v1/pending-bookings/{id}), with Approve and Reject when allowed, and
 * Withdraw for the contact who asked (`onWithdraw`).
 */
export function PendingDetailDialog({
  summary,
  canDecide,
  deciding,
  onClose,
  onApprove,
  onReject,
  onWithdraw,
}: {
  summary: PendingBookingSummary;
  canDecide: boolean;
  deciding: boolean;
  onClose: () => void;
  onApprove: () => void;
  onReject: () => void;
  onWithdraw?: () => void;
}) {
  const { t } = useBookingsText();
  const detail = usePendingBooking(summary.id);
  const data = detail.data;
  // Decided elsewhere while open (a live update refetched it): nothing left to decide here, and it says so.
  const decided = data !== undefined && data.status !== 'pending_approval';
  return (
    <GeneralModal
      open
      title={t('pending.detailTitle')}
      onClose={onClose}
      maxWidth="md"
      dividers
      actions={
        !decided && onWithdraw ? (
          <Button variant="outlined" color="error" onClick={onWithdraw}>
            {t('pending.withdraw')}
          </Button>
        ) : (
          canDecide &&
          !decided && (
            <>
              <Button variant="outlined" color="error" onClick={onReject} disabled={deciding}>
                {t('pending.reject')}
              </Button>
              <Button variant="contained" onClick={onApprove} loading={deciding}>
                {t('pending.approve')}
              </Button>
            </>
          )
        )
      }
    >
      {detail.isError && <ErrorState message={t('pending.loadFailed')} onRetry={() => void detail.refetch()} />}
      {!data && !detail.isError && <LoadingState label={t('pending.loading')} sx={{ justifyContent: 'center', py: 4 }} />}
      {decided && (
        <Alert severity="info" variant="outlined" data-testid="pending-decided" sx={{ mb: 2 }}>
          {data.status === 'rejected'
            ? t('pending.rejectedMeanwhile')
            : data.status === 'withdrawn'
              ? t('pending.withdrawnMeanwhile')
              : t('pending.approvedMeanwhile')}
        </Alert>
      )}
      {data && (
        <Stack spacing={2.5}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <BookingStatusChip status={data.status} />
            <Typography sx={{ color: 'text.secondary' }}>
              {data.location.name}
              {data.client.name !== data.location.name ? ` · ${data.client.name}` : ''}
            </Typography>
          </Box>
          <PendingDetailFacts data={data} />
          {!canDecide && <Alert severity="info">{t('pending.noPermission')}</Alert>}
        </Stack>
      )}
    </GeneralModal>
  );
}
