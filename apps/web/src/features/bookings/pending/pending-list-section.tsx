import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ListPagination } from '../../../components/list-pagination';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { visuallyHidden } from '../../../components/visually-hidden';
import type { usePendingBookings } from '../api/get-pending-bookings';
import { useBookingsText } from '../list/use-bookings-text';
import { PendingRequestCards, PendingRequestsTable, type PendingRowActions } from './pending-requests';
import type { useListApprovals } from './use-list-approvals';

export const PENDING_PAGE_SIZE = 25;

export interface PendingListSectionProps {
  list: ReturnType<typeof usePendingBookings>;
  approvals: ReturnType<typeof useListApprovals>;
  actions: PendingRowActions;
  page: number;
  onPageChange: (page: number) => void;
}

/** The requests pending approval, a page at a time: a table, or cards on a phone, with what happened announced. */
export function PendingListSection({ list, approvals, actions, page, onPageChange }: PendingListSectionProps) {
  const { t } = useBookingsText();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const data = list.data;
  const requests = approvals.shown;
  const total = data?.pagination.total ?? 0;
  const first = page * PENDING_PAGE_SIZE;
  const caption = t('list.caption', { from: total === 0 ? 0 : first + 1, to: first + requests.length, total });
  return (
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
          {total > PENDING_PAGE_SIZE && (
            <ListPagination
              count={total}
              page={page}
              rowsPerPage={PENDING_PAGE_SIZE}
              rowsPerPageOptions={[PENDING_PAGE_SIZE]}
              onPageChange={(_, next) => {
                approvals.release();
                onPageChange(next);
              }}
              labelDisplayedRows={({ from, to, count }) => t('list.range', { from, to, total: count })}
            />
          )}
        </>
      )}
    </Paper>
  );
}
