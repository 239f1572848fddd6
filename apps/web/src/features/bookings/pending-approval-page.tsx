import { hasPermission } from '@portal/contract/permissions';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';
import { usePageTitle } from '../../lib/use-page-title';
import { useSelectedClientIds } from '../../lib/use-selected-clients';
import { usePendingBookings } from './api/get-pending-bookings';
import { useBookingsText } from './list/use-bookings-text';
import { PendingApprovalDialogs } from './pending/pending-approval-dialogs';
import { PENDING_PAGE_SIZE, PendingListSection } from './pending/pending-list-section';
import type { PendingRowActions } from './pending/pending-requests';
import { listRequests, useListApprovals } from './pending/use-list-approvals';
import { usePendingDecisions } from './pending/use-pending-decisions';

/** Bookings Pending Approval (spec §2 bookingsPendingApproval, §4): list, detail, approve or reject with a reason. */
export function PendingApprovalPage() {
  const { t } = useBookingsText();
  usePageTitle(t('pending.title'));
  const clientIds = useSelectedClientIds();
  const [page, setPage] = useState(0);
  const list = usePendingBookings({ clientIds, skip: page * PENDING_PAGE_SIZE, take: PENDING_PAGE_SIZE });
  /**
   * One Idempotency-Key per request and decision (with its reason), kept when no answer arrived: a double click or a
   * retry decides once, and a rejection sent again with another reason is a new request (lib/use-idempotency-key).
   */
  const keys = useIdempotencyKey();
  const decisions = usePendingDecisions(keys);
  const approvals = useListApprovals(listRequests(list.data), keys, page * PENDING_PAGE_SIZE);
  const tree = decisions.tree;
  const actions: PendingRowActions = {
    canDecide: decisions.canDecide,
    busy: decisions.busy,
    phase: approvals.phase,
    canWithdraw: decisions.canWithdraw,
    onDetails: decisions.setDetails,
    onApprove: approvals.approve,
    onUndo: approvals.undo,
    onReject: decisions.setRejecting,
    onWithdraw: decisions.setWithdrawing,
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 1400 }}>
      <Button component={RouterLink} to={paths.bookings} startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start', ml: -1 }}>
        {t('actions.back')}
      </Button>
      <Box sx={{ maxWidth: 760 }}>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('pending.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          {/* A contact who may only ask reads about her own requests, not about approving. */}
          {t(tree && !hasPermission(tree, { scope: 'pendingBooking', action: 'modify' }) ? 'pending.introBooker' : 'pending.intro')}
        </Typography>
      </Box>
      <PendingListSection list={list} approvals={approvals} actions={actions} page={page} onPageChange={setPage} />
      <PendingApprovalDialogs decisions={decisions} phase={approvals.phase} />
    </Stack>
  );
}
