import type { PendingBookingSummary } from '@portal/contract/bookings';
import { canAtLocation, hasPermission } from '@portal/contract/permissions';
import type { PendingBookingActionBody } from '@portal/contract/pending-bookings';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { paths } from '../../lib/paths';
import { useProfile } from '../../lib/profile';
import { useToast } from '../../lib/toast';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';
import { UNDO_WINDOW_MS, useUndoable } from '../../lib/use-undoable';
import { visuallyHidden } from '../../components/visually-hidden';
import { usePageTitle } from '../../lib/use-page-title';
import { useSelectedClientIds } from '../../lib/use-selected-clients';
import { actOnPendingBooking, useActOnPendingBooking } from './api/act-on-pending-booking';
import { bookingsKey } from './api/get-bookings';
import { useWithdrawPendingBooking } from './api/withdraw-pending-booking';
import { pendingBookingsKey, usePendingBookings } from './api/get-pending-bookings';
import { useBookingsText } from './list/use-bookings-text';
import { PendingDetailDialog } from './pending/pending-detail-dialog';
import { dateSpan } from './pending/pending-format';
import { PendingRequestCards, PendingRequestsTable, type ApprovalPhase, type PendingRowActions } from './pending/pending-requests';
import { RejectDialog } from './pending/reject-dialog';
import { WithdrawDialog } from './pending/withdraw-dialog';
import { ErrorState, LoadingState } from '../../components/query-state';
import { ListPagination } from '../../components/list-pagination';

const PAGE_SIZE = 25;

/** Bookings Pending Approval (spec §2 bookingsPendingApproval, §4): list, detail, approve or reject with a reason. */
export function PendingApprovalPage() {
  const { t, locale } = useBookingsText();
  usePageTitle(t('pending.title'));
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const toast = useToast();
  const profile = useProfile().data;
  const tree = profile?.links;
  const me = profile?.contact.id;
  const clientIds = useSelectedClientIds();
  const [page, setPage] = useState(0);
  const list = usePendingBookings({ clientIds, skip: page * PAGE_SIZE, take: PAGE_SIZE });
  const act = useActOnPendingBooking();
  const [details, setDetails] = useState<PendingBookingSummary | null>(null);
  const [rejecting, setRejecting] = useState<PendingBookingSummary | null>(null);
  /**
   * One Idempotency-Key per request and decision (with its reason), kept when no answer arrived: a double click or a
   * retry decides once, and a rejection sent again with another reason is a new request (lib/use-idempotency-key).
   */
  const keys = useIdempotencyKey();
  const queryClient = useQueryClient();

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

  const approvals = useListApprovals(listRequests(list.data), keys, page * PAGE_SIZE);

  // Spec: the buttons only where the contact holds pendingBooking modify at the location (the server refuses too).
  const canDecide = (request: PendingBookingSummary) => !!tree && canAtLocation(tree, 'pendingBooking', 'modify', request.location.id);
  const busy = (request: PendingBookingSummary) => act.isPending && act.variables?.id === request.id;
  // The contact who asked may take a request back while it waits.
  const canWithdraw = (request: PendingBookingSummary) =>
    request.status === 'pending_approval' &&
    me !== undefined &&
    request.createdBy.id === me &&
    !!tree &&
    canAtLocation(tree, 'pendingBooking', 'create', request.location.id);
  const withdraw = useWithdrawPendingBooking();
  const [withdrawing, setWithdrawing] = useState<PendingBookingSummary | null>(null);
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
  const actions: PendingRowActions = {
    canDecide,
    busy,
    phase: approvals.phase,
    canWithdraw,
    onDetails: setDetails,
    onApprove: approvals.approve,
    onUndo: approvals.undo,
    onReject: setRejecting,
    onWithdraw: setWithdrawing,
  };

  const data = list.data;
  const requests = approvals.shown;
  const total = data?.pagination.total ?? 0;
  const caption = t('list.caption', { from: total === 0 ? 0 : page * PAGE_SIZE + 1, to: page * PAGE_SIZE + requests.length, total });

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
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="pending-list-heading"
        sx={{ borderRadius: '16px', overflow: 'hidden' }}
        // A mouse over the list holds approved rows in place; a finger leaves nothing to slide under.
        onPointerMove={(event) => event.pointerType === 'mouse' && approvals.setPointerInside(true)}
        onPointerLeave={() => approvals.setPointerInside(false)}
      >
        <Box role="status" sx={visuallyHidden} data-testid="pending-announcement">
          {approvals.announcement}
        </Box>
        <Box sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2.5, sm: 3 }, pb: 2 }}>
          <Typography variant="h2" id="pending-list-heading" tabIndex={-1} sx={{ fontSize: '1.125rem', outline: 'none' }}>
            {t('pending.listHeading')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite" data-testid="pending-total">
            {data ? t('pending.count', { count: total }) : ' '}
          </Typography>
        </Box>
        {list.isPending && <LoadingState label={t('pending.loading')} sx={{ px: { xs: 2, sm: 3 }, pb: 3 }} />}
        {list.isError && !data && (
          <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
            <ErrorState message={t('pending.loadFailed')} onRetry={() => void list.refetch()} />
          </Box>
        )}
        {data && requests.length === 0 && (
          <Box sx={{ px: { xs: 2, sm: 3 }, pb: 4, pt: 1, textAlign: 'center' }} data-testid="pending-empty">
            <TaskAltIcon aria-hidden="true" sx={{ fontSize: 48, color: 'primary.dark', mb: 1 }} />
            <Typography component="p" sx={{ fontWeight: 600, fontSize: '1.0625rem', mb: 0.5 }}>
              {t('pending.emptyTitle')}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{t('pending.emptyBody')}</Typography>
          </Box>
        )}
        {requests.length > 0 && (
          <>
            {phone ? (
              <PendingRequestCards requests={requests} label={caption} actions={actions} />
            ) : (
              <PendingRequestsTable requests={requests} caption={caption} actions={actions} />
            )}
            {total > PAGE_SIZE && (
              <ListPagination
                count={total}
                page={page}
                rowsPerPage={PAGE_SIZE}
                rowsPerPageOptions={[PAGE_SIZE]}
                onPageChange={(_, next) => {
                  approvals.release();
                  setPage(next);
                }}
                labelDisplayedRows={({ from, to, count }) => t('list.range', { from, to, total: count })}
              />
            )}
          </>
        )}
      </Paper>
      {details && !rejecting && !withdrawing && (
        <PendingDetailDialog
          summary={details}
          canDecide={canDecide(details) && !approvals.phase(details)}
          deciding={busy(details)}
          onClose={() => setDetails(null)}
          onApprove={() => decide(details, { action: 'accept' })}
          onReject={() => setRejecting(details)}
          {...(canWithdraw(details) ? { onWithdraw: () => setWithdrawing(details) } : {})}
        />
      )}
      {withdrawing && (
        <WithdrawDialog
          summary={{
            days: `${t('pending.daysCount', { count: withdrawing.days })} (${dateSpan(withdrawing.details, locale)})`,
            location: withdrawing.location.name,
          }}
          pending={withdraw.isPending}
          onClose={() => setWithdrawing(null)}
          onWithdraw={() => confirmWithdraw(withdrawing)}
        />
      )}
      {rejecting && (
        <RejectDialog
          summary={{
            createdBy: rejecting.createdBy.name,
            days: `${t('pending.daysCount', { count: rejecting.days })} (${dateSpan(rejecting.details, locale)})`,
            location: rejecting.location.name,
          }}
          pending={busy(rejecting)}
          onClose={() => setRejecting(null)}
          onReject={(reason) => decide(rejecting, { action: 'reject', reason })}
        />
      )}
    </Stack>
  );
}

const listRequests = (data: { requests: PendingBookingSummary[] } | undefined) => data?.requests ?? [];

/**
 * Approve from the list, one click with a way back: the row stays in place marked "Approving…" with Undo for
 * UNDO_WINDOW_MS before anything is sent (Undo sends nothing; leaving the page sends it at once, see useUndoable).
 * Sent and approved, the row stays, marked, while the pointer is over the list, so the next one never slides
 * under it; the pointer leaving (or another page) lets the list close up.
 */
function useListApprovals(fetched: PendingBookingSummary[], keys: ReturnType<typeof useIdempotencyKey>, offset: number) {
  const { t } = useBookingsText();
  const toast = useToast();
  const queryClient = useQueryClient();
  const undoable = useUndoable<number>();
  const [phases, setPhases] = useState<ReadonlyMap<number, { phase: ApprovalPhase; request: PendingBookingSummary; index: number }>>(
    () => new Map(),
  );
  const [pointerInside, setPointerInside] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const headingFocus = useRef<() => void>(() => document.getElementById('pending-list-heading')?.focus());

  const setPhase = (id: number, next: { phase: ApprovalPhase; request: PendingBookingSummary; index: number } | undefined) =>
    setPhases((current) => {
      const copy = new Map(current);
      if (next) copy.set(id, next);
      else copy.delete(id);
      return copy;
    });

  /** Sent outside React's life: it must finish (and say so) even after the page was left. */
  const send = (request: PendingBookingSummary, index: number) => {
    const body = { action: 'accept' } as const;
    const idempotencyKey = keys.keyFor({ id: request.id, body });
    // Focus on its Undo would be lost with the button.
    const row = document.querySelector(`[data-request-id="${request.id}"]`);
    if (row?.contains(document.activeElement)) headingFocus.current();
    setPhase(request.id, { phase: 'sending', request, index });
    actOnPendingBooking(request.id, body, idempotencyKey).then(
      () => {
        keys.settle(idempotencyKey);
        toast.success(t('pending.acceptSuccess'));
        setAnnouncement(t('pending.approvedAnnounce', { name: request.createdBy.name }));
        setPhase(request.id, { phase: 'approved', request, index });
        void queryClient.invalidateQueries({ queryKey: bookingsKey });
      },
      (error: unknown) => {
        keys.settle(idempotencyKey, error);
        setPhase(request.id, undefined);
        if (error instanceof ApiError && error.status === 409) toast.info(t('pending.decidedElsewhere'));
        else toast.error((error instanceof ApiError && error.serverMessage) || t('pending.processFailed'));
        void queryClient.invalidateQueries({ queryKey: pendingBookingsKey });
      },
    );
  };

  const approve = (request: PendingBookingSummary) => {
    // Its place in the whole list, so that another page does not show it.
    const index = offset + fetched.findIndex((r) => r.id === request.id);
    setPhase(request.id, { phase: 'queued', request, index });
    setAnnouncement(t('pending.approvingAnnounce', { name: request.createdBy.name, seconds: Math.round(UNDO_WINDOW_MS / 1000) }));
    undoable.schedule(request.id, () => send(request, index));
  };
  const undo = (request: PendingBookingSummary) => {
    if (!undoable.undo(request.id)) return;
    setPhase(request.id, undefined);
    setAnnouncement(t('pending.undoneAnnounce', { name: request.createdBy.name }));
  };
  const phase = (request: PendingBookingSummary) => phases.get(request.id)?.phase;

  // The fetched list, with the rows on their way (or just approved, while the pointer is over the list) where they were.
  const shown = [...fetched];
  for (const [id, held] of phases) {
    if (shown.some((r) => r.id === id)) continue;
    if (held.phase === 'approved' && !pointerInside) continue;
    const at = held.index - offset;
    if (at < 0 || at > shown.length) continue;
    shown.splice(at, 0, held.request);
  }
  const visible = shown.filter((r) => phases.get(r.id)?.phase !== 'approved' || pointerInside);

  /** Approved rows are let go (the list closes up). */
  const release = () => setPhases((current) => new Map([...current].filter(([, held]) => held.phase !== 'approved')));

  return {
    shown: visible,
    phase,
    approve,
    undo,
    announcement,
    release,
    setPointerInside: (inside: boolean) => {
      setPointerInside(inside);
      if (!inside) release();
    },
  };
}
