import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { ListPagination } from '../../../components/list-pagination';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-state';
import { formatCount } from '../../../lib/locale-format';
import { BookingCards } from './booking-cards';
import { BookingsTable } from './bookings-table';
import { PAGE_SIZES } from './list-params';
import type { BookingsList } from './use-bookings-list';
import { useBookingsText } from './use-bookings-text';

/**
 * The skip link's target, after the filters: why there is nothing to show (no client, no access, loading, failed,
 * none match), else the page of bookings (a table, or cards on a phone) and its pagination.
 */
export function BookingsResults({ list, phone }: { list: BookingsList; phone: boolean }) {
  const { t, locale } = useBookingsText();
  const { data, rows, state, total, clientIds, bookings } = list;
  return (
    <Box id="bookings-results" tabIndex={-1} aria-label={t('list.results')} role="region" sx={{ outline: 'none' }}>
      {clientIds.length === 0 && (
        <Box sx={{ px: 3, pb: 3 }}>
          <Alert severity="info">{t('list.noClients')}</Alert>
        </Box>
      )}
      {list.tree && !list.canList && clientIds.length > 0 && (
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
          <Alert severity="info" data-testid="bookings-no-access">
            {t('list.noAccess')}
          </Alert>
        </Box>
      )}
      {!data && !bookings.isError && list.canList && clientIds.length > 0 && (
        <LoadingState label={t('list.loading')} sx={{ px: { xs: 2, sm: 3 }, py: 3 }} />
      )}
      {bookings.isError && !data && (
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
          <ErrorState message={t('list.loadFailed')} onRetry={() => void bookings.refetch()} />
        </Box>
      )}
      {data && rows.length === 0 && (
        <EmptyState
          icon={<EventBusyOutlinedIcon aria-hidden="true" />}
          title={t('list.emptyTitle')}
          body={t('list.emptyBody')}
          testId="bookings-empty"
          sx={{ px: { xs: 2, sm: 3 }, pb: 4, pt: 2 }}
        />
      )}
      {data && rows.length > 0 && (
        <>
          {phone ? (
            <BookingCards bookings={rows} label={list.caption} showClient={list.showClient} />
          ) : (
            <BookingsTable
              bookings={rows}
              caption={list.caption}
              sort={state.sort}
              onSort={(sort) => list.setState({ ...state, sort, page: 0 })}
              showClient={list.showClient}
            />
          )}
          <ListPagination
            count={total}
            page={Math.min(state.page, Math.max(0, Math.ceil(total / state.pageSize) - 1))}
            rowsPerPage={state.pageSize}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_, page) => list.setState({ ...state, page })}
            onRowsPerPageChange={(event) => list.setState({ ...state, pageSize: Number(event.target.value), page: 0 })}
            labelRowsPerPage={t('list.rowsPerPage')}
            labelDisplayedRows={({ from: first, to: last, count }) =>
              t('list.range', { from: formatCount(first, locale), to: formatCount(last, locale), total: formatCount(count, locale) })
            }
          />
        </>
      )}
    </Box>
  );
}
