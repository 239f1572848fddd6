import type { PendingBookingSummary } from '@portal/contract/bookings';
import { canAtLocation } from '@portal/contract/permissions';
import type { PendingBookingActionBody } from '@portal/contract/pending-bookings';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { useProfile } from '../../../lib/profile';
import { useToast } from '../../../lib/toast';
import type { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useActOnPendingBooking } from '../api/act-on-pending-booking';
import { pendingBookingsKey } from '../api/get-pending-bookings';
import { useWithdrawPendingBooking } from '../api/withdraw-pending-booking';
import { useBookingsText } from '../list/use-bookings-text';

/**
 * Deciding on requests pending approval from their details and dialogs: approve or reject (with a reason), or take
 * one's own request back; who may do which; the request whose details, rejection or withdrawal is open. `keys` is the
 * page's one Idempotency-Key per request and decision, shared with the list's approvals.
 */
export function usePendingDecisions(keys: ReturnType<typeof useIdempotencyKey>) {
  const { t } = useBookingsText();
  const toast = useToast();
  const profile = useProfile().data;
  const tree = profile?.links;
  const me = profile?.contact.id;
  const queryClient = useQueryClient();
  const act = useActOnPendingBooking();
  const withdraw = useWithdrawPendingBooking();
  const [details, setDetails] = useState<PendingBookingSummary | null>(null);
  const [rejecting, setRejecting] = useState<PendingBookingSummary | null>(null);
  const [withdrawing, setWithdrawing] = useState<PendingBookingSummary | null>(null);

  const decide = (request: PendingBookingSummary, body: PendingBookingActionBody) => {
    const idempotencyKey = keys.keyFor({ id: request.id, body });
    act.mutate(
      { id: request.id, body, idempotencyKey },
      {
        onSettled: (_result, error) => keys.settle(idempotencyKey, error ?? undefined),
        onSuccess: () => {
          toast.success(body.action === 'accept' ? t('pending.acceptSuccess') : t('pending.rejectSuccess'));
          setRejecting(null);
          setDetails(null);
        },
        onError: (error) => {
          // Decided elsewhere meanwhile (another approver, an e-mailed link): say so; the open details show how.
          if (error instanceof ApiError && error.status === 409) {
            toast.info(t('pending.decidedElsewhere'));
            setRejecting(null);
            void queryClient.invalidateQueries({ queryKey: pendingBookingsKey });
          } else toast.error(t('pending.processFailed'));
        },
      },
    );
  };

  const confirmWithdraw = (request: PendingBookingSummary) => {
    const idempotencyKey = keys.keyFor({ id: request.id, withdraw: true });
    withdraw.mutate(
      { id: request.id, idempotencyKey },
      {
        onSettled: (_result, error) => keys.settle(idempotencyKey, error ?? undefined),
        onSuccess: () => {
          toast.success(t('pending.withdrawSuccess'));
          setWithdrawing(null);
          setDetails(null);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            toast.info(error.serverMessage || t('pending.decidedElsewhere'));
            setWithdrawing(null);
          } else toast.error((error instanceof ApiError && error.serverMessage) || t('pending.processFailed'));
        },
      },
    );
  };

  return {
    tree,
    // Spec: the buttons only where the contact holds pendingBooking modify at the location (the server refuses too).
    canDecide: (request: PendingBookingSummary) => !!tree && canAtLocation(tree, 'pendingBooking', 'modify', request.location.id),
    busy: (request: PendingBookingSummary) => act.isPending && act.variables?.id === request.id,
    // The contact who asked may take a request back while it waits.
    canWithdraw: (request: PendingBookingSummary) =>
      request.status === 'pending_approval' &&
      me !== undefined &&
      request.createdBy.id === me &&
      !!tree &&
      canAtLocation(tree, 'pendingBooking', 'create', request.location.id),
    decide,
    confirmWithdraw,
    withdrawPending: withdraw.isPending,
    details,
    setDetails,
    rejecting,
    setRejecting,
    withdrawing,
    setWithdrawing,
  };
}

export type PendingDecisions = ReturnType<typeof usePendingDecisions>;
