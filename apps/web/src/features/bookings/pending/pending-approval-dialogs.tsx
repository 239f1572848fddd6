import type { PendingBookingSummary } from '@portal/contract/bookings';
import { useBookingsText } from '../list/use-bookings-text';
import { PendingDetailDialog } from './pending-detail-dialog';
import { dateSpan } from './pending-format';
import type { ApprovalPhase } from './pending-requests';
import { RejectDialog } from './reject-dialog';
import type { PendingDecisions } from './use-pending-decisions';
import { WithdrawDialog } from './withdraw-dialog';

/** The open request's details, or its withdrawal or rejection (these replace the details while open). */
export function PendingApprovalDialogs({
  decisions,
  phase,
}: {
  decisions: PendingDecisions;
  phase: (request: PendingBookingSummary) => ApprovalPhase | undefined;
}) {
  const { t, locale } = useBookingsText();
  const { details, rejecting, withdrawing } = decisions;
  return (
    <>
      {details && !rejecting && !withdrawing && (
        <PendingDetailDialog
          summary={details}
          canDecide={decisions.canDecide(details) && !phase(details)}
          deciding={decisions.busy(details)}
          onClose={() => decisions.setDetails(null)}
          onApprove={() => decisions.decide(details, { action: 'accept' })}
          onReject={() => decisions.setRejecting(details)}
          {...(decisions.canWithdraw(details) ? { onWithdraw: () => decisions.setWithdrawing(details) } : {})}
        />
      )}
      {withdrawing && (
        <WithdrawDialog
          summary={{
            days: `${t('pending.daysCount', { count: withdrawing.days })} (${dateSpan(withdrawing.details, locale)})`,
            location: withdrawing.location.name,
          }}
          pending={decisions.withdrawPending}
          onClose={() => decisions.setWithdrawing(null)}
          onWithdraw={() => decisions.confirmWithdraw(withdrawing)}
        />
      )}
      {rejecting && (
        <RejectDialog
          summary={{
            createdBy: rejecting.createdBy.name,
            days: `${t('pending.daysCount', { count: rejecting.days })} (${dateSpan(rejecting.details, locale)})`,
            location: rejecting.location.name,
          }}
          pending={decisions.busy(rejecting)}
          onClose={() => decisions.setRejecting(null)}
          onReject={(reason) => decisions.decide(rejecting, { action: 'reject', reason })}
        />
      )}
    </>
  );
}
