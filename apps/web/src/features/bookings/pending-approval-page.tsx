import type { PendingBookingSummary } from '@portal/contract/bookings';
import { canAtLocation } from '@portal/contract/permissions';
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
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { paths } from '../../lib/paths';
import { useProfile } from '../../lib/profile';
import { useToast } from '../../lib/toast';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';
import { usePageTitle } from '../../lib/use-page-title';
import { useSelectedClientIds } from '../../lib/use-selected-clients';
import { useActOnPendingBooking } from './api/act-on-pending-booking';
import { pendingBookingsKey, usePendingBookings } from './api/get-pending-bookings';
import { useBookingsText } from './list/use-bookings-text';
import { PendingDetailDialog } from './pending/pending-detail-dialog';
import { dateSpan } from './pending/pending-format';
import { PendingRequestCards, PendingRequestsTable, type PendingRowActions } from './pending/pending-requests';
import { RejectDialog } from './pending/reject-dialog';
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
  const tree = useProfile().data?.links;
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

  // Spec: the buttons only where the contact holds pendingBooking modify at the location (the server refuses too).
  const canDecide = (request: PendingBookingSummary) => !!tree && canAtLocation(tree, 'pendingBooking', 'modify', request.location.id);
  const busy = (request: PendingBookingSummary) => act.isPending && act.variables?.id === request.id;
  const actions: PendingRowActions = {
    canDecide,
    busy,
    onDetails: setDetails,
    onApprove: (request) => decide(request, { action: 'accept' }),
    onReject: setRejecting,
  };

  const data = list.data;
  const requests = data?.requests ?? [];
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
        <Typography sx={{ color: 'text.secondary' }}>{t('pending.intro')}</Typography>
      </Box>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="pending-list-heading"
        sx={{ borderRadius: '16px', overflow: 'hidden' }}
      >
        <Box sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2.5, sm: 3 }, pb: 2 }}>
          <Typography variant="h2" id="pending-list-heading" sx={{ fontSize: '1.125rem' }}>
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
                onPageChange={(_, next) => setPage(next)}
                labelDisplayedRows={({ from, to, count }) => t('list.range', { from, to, total: count })}
              />
            )}
          </>
        )}
      </Paper>
      {details && !rejecting && (
        <PendingDetailDialog
          summary={details}
          canDecide={canDecide(details)}
          deciding={busy(details)}
          onClose={() => setDetails(null)}
          onApprove={() => decide(details, { action: 'accept' })}
          onReject={() => setRejecting(details)}
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
