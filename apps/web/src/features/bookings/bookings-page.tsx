import type { BookingListItem } from '@portal/contract/bookings';
import { locationLabel } from '@portal/contract/format/location-name';
import { allClients, hasPermission, meetsRequirement, PAGE_REQUIREMENTS, ROUTE_REQUIREMENTS } from '@portal/contract/permissions';
import AddIcon from '@mui/icons-material/Add';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { SkipLink } from '../../components/skip-link';
import { paths } from '../../lib/paths';
import { useProfile } from '../../lib/profile';
import { useToast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { useSelectedClientIds } from '../../lib/use-selected-clients';
import { useBookings, type BookingsPage as BookingsPageData } from './api/get-bookings';
import { FullFeedbackDialog } from './feedback/full-feedback-dialog';
import { PendingFeedbackCard } from './feedback/pending-feedback-card';
import { BookingCards } from './list/booking-cards';
import { formatCount } from '../../lib/locale-format';
import { educatorName } from './list/booking-format';
import { BookingsFilters, type FilterOption } from './list/bookings-filters';
import { BookingsTable } from './list/bookings-table';
import {
  activeFilterCount,
  feedbackBookingId,
  PAGE_SIZES,
  readListState,
  toBookingsQuery,
  writeListState,
  type ListState,
} from './list/list-params';
import { useBookingsText } from './list/use-bookings-text';
import { localNow } from '../../lib/local-clock';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { ListPagination } from '../../components/list-pagination';
import { ExportCsvButton } from '../../components/export-csv-button';

const card = { borderRadius: '16px', overflow: 'hidden' } as const;

/** Educators met in the pages loaded so far, for the educator filter (the API filters by id). */
function mergeEducators(known: ReadonlyMap<number, string>, bookings: readonly BookingListItem[]): Map<number, string> {
  const next = new Map(known);
  for (const booking of bookings) if (booking.candidate) next.set(booking.candidate.id, educatorName(booking.candidate));
  return next;
}

/** Bookings (spec §2 'bookings'): the selected clients' bookings, filtered, sorted and paged; pending feedback. */
export function BookingsPage() {
  const { t, locale } = useBookingsText();
  usePageTitle(t('title'));
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const toast = useToast();
  const tree = useProfile().data?.links;
  const clientIds = useSelectedClientIds();
  const [params, setParams] = useSearchParams();
  const today = useMemo(() => localNow().toISODate()!, []);
  const state = readListState(params, today);
  const query = toBookingsQuery(state, clientIds);
  // The list shows bookings (booking view) and requests pending approval (pendingBooking view); without either
  // there is nothing to load, and the page says so instead of failing.
  const canList = tree
    ? (['booking', 'pendingBooking'] as const).some((scope) =>
        hasPermission(tree, { scope, action: 'view', level: 'selected_client_and_below' }, { selectedClientIds: clientIds }),
      )
    : false;
  const bookings = useBookings(query, clientIds.length > 0 && canList);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const feedbackId = feedbackBookingId(params);

  const setState = (next: ListState) => setParams(writeListState(params, next, today));
  const clearFilters = () =>
    setParams(writeListState(params, { ...readListState(new URLSearchParams(), today), pageSize: state.pageSize }, today));

  // Spec §8: 'Cannot load bookings' as a toast, once per failure.
  const failedAt = bookings.errorUpdatedAt;
  useEffect(() => {
    if (failedAt) toast.error(t('list.loadFailed'));
  }, [failedAt, toast, t]);

  // Educators seen so far (adjusting state while rendering: the React way to follow a prop without an effect).
  const [seen, setSeen] = useState<{ data: BookingsPageData | undefined; educators: Map<number, string> }>({
    data: undefined,
    educators: new Map(),
  });
  if (bookings.data && bookings.data !== seen.data)
    setSeen({ data: bookings.data, educators: mergeEducators(seen.educators, bookings.data.bookings) });

  const selectedClients = useMemo(() => (tree ? allClients(tree).filter((c) => clientIds.includes(c.clientId)) : []), [tree, clientIds]);
  const showClient = selectedClients.length > 1;
  const locations = useMemo<FilterOption[]>(
    () =>
      selectedClients.flatMap((client) =>
        client.locations.map((location) => ({
          value: location.locationId,
          label: showClient ? locationLabel(client.clientName, location.locationName) : location.locationName,
        })),
      ),
    [selectedClients, showClient],
  );
  const educators = useMemo<FilterOption[]>(
    () => [...seen.educators].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label)),
    [seen.educators],
  );
  // Offered only to a contact who can create there: the route also opens for booking view alone (spec §6).
  const canCreate = tree
    ? meetsRequirement(tree, ROUTE_REQUIREMENTS.bookingsCreate, { selectedClientIds: clientIds }) &&
      meetsRequirement(tree, PAGE_REQUIREMENTS.createBookings, { selectedClientIds: clientIds })
    : false;
  const canSeePending = tree ? meetsRequirement(tree, ROUTE_REQUIREMENTS.bookingsPendingApproval, { selectedClientIds: clientIds }) : false;

  // An answer is drawn in a background render that React does in slices (useDeferredValue): the render TanStack Query's
  // update asks for is synchronous, and with a page of rows it was one long task (a phone's CPU: some 300 ms).
  const data = useDeferredValue(bookings.data);
  const total = data?.pagination.total ?? 0;
  const rows = data?.bookings ?? [];
  const from = total === 0 ? 0 : query.skip + 1;
  const to = query.skip + rows.length;
  const caption = t('list.caption', { from: formatCount(from, locale), to: formatCount(to, locale), total: formatCount(total, locale) });
  const filterCount = activeFilterCount(state, today);

  const filters = (
    <BookingsFilters
      state={state}
      onChange={setState}
      onClear={clearFilters}
      locations={locations}
      educators={educators.length > 0 || !state.candidateId ? educators : [{ value: state.candidateId, label: `#${state.candidateId}` }]}
    />
  );

  return (
    <Stack spacing={3} sx={{ maxWidth: 1400 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end', justifyContent: 'space-between' }}>
        <Box sx={{ maxWidth: 720 }}>
          <Typography variant="h1" sx={{ mb: 1 }}>
            {t('title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t('intro')}</Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>
          {canSeePending && (
            <Button
              component={RouterLink}
              to={paths.bookingsPendingApproval}
              variant="outlined"
              startIcon={<FactCheckOutlinedIcon />}
              sx={{ flex: { xs: 1, sm: 'none' } }}
            >
              {t('actions.pendingApproval')}
            </Button>
          )}
          {canCreate && (
            <Button
              component={RouterLink}
              to={paths.bookingsCreate}
              variant="contained"
              startIcon={<AddIcon />}
              sx={{ flex: { xs: 1, sm: 'none' } }}
            >
              {t('actions.create')}
            </Button>
          )}
        </Box>
      </Box>

      <PendingFeedbackCard clientId={clientIds[0]} />

      <Paper variant="outlined" component="section" aria-labelledby="bookings-list-heading" sx={card}>
        <Box sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2.5, sm: 3 }, pb: 2, display: 'grid', gap: 2 }}>
          <SkipLink target="bookings-results">{t('list.skipToResults')}</SkipLink>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
            <div>
              <Typography variant="h2" id="bookings-list-heading" sx={{ fontSize: '1.125rem' }}>
                {t('list.heading')}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite" data-testid="bookings-total">
                {data ? t('list.count', { count: total, total: formatCount(total, locale) }) : '\u00a0'}
              </Typography>
            </div>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {canList && (
                <ExportCsvButton path="bookings" query={{ ...query }} fallbackName="bookings.csv" disabled={total === 0} size="small" />
              )}
              {phone && (
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={
                    <Badge badgeContent={filterCount} color="primary">
                      <TuneIcon />
                    </Badge>
                  }
                  aria-expanded={filtersOpen}
                  aria-controls="bookings-filters"
                  onClick={() => setFiltersOpen((open) => !open)}
                >
                  {filtersOpen ? t('filters.hide') : t('filters.show')}
                </Button>
              )}
            </Box>
          </Box>
          {phone ? (
            // Mounted only while shown: a phone's first render of the list does without the hidden filters' fields.
            <Box id="bookings-filters">
              <Collapse in={filtersOpen} unmountOnExit>
                <Box sx={{ pt: 1 }}>{filters}</Box>
              </Collapse>
            </Box>
          ) : (
            filters
          )}
        </Box>
        <Box sx={{ height: 4 }}>{bookings.isFetching && data && <LinearProgress aria-label={t('list.loading')} />}</Box>
        {/* The skip link's target: the results, after the filters. */}
        <Box id="bookings-results" tabIndex={-1} aria-label={t('list.results')} role="region" sx={{ outline: 'none' }}>
          {clientIds.length === 0 && (
            <Box sx={{ px: 3, pb: 3 }}>
              <Alert severity="info">{t('list.noClients')}</Alert>
            </Box>
          )}
          {tree && !canList && clientIds.length > 0 && (
            <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
              <Alert severity="info" data-testid="bookings-no-access">
                {t('list.noAccess')}
              </Alert>
            </Box>
          )}
          {!data && !bookings.isError && canList && clientIds.length > 0 && (
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
                <BookingCards bookings={rows} label={caption} showClient={showClient} />
              ) : (
                <BookingsTable
                  bookings={rows}
                  caption={caption}
                  sort={state.sort}
                  onSort={(sort) => setState({ ...state, sort, page: 0 })}
                  showClient={showClient}
                />
              )}
              <ListPagination
                count={total}
                page={Math.min(state.page, Math.max(0, Math.ceil(total / state.pageSize) - 1))}
                rowsPerPage={state.pageSize}
                rowsPerPageOptions={[...PAGE_SIZES]}
                onPageChange={(_, page) => setState({ ...state, page })}
                onRowsPerPageChange={(event) => setState({ ...state, pageSize: Number(event.target.value), page: 0 })}
                labelRowsPerPage={t('list.rowsPerPage')}
                labelDisplayedRows={({ from: first, to: last, count }) =>
                  t('list.range', { from: formatCount(first, locale), to: formatCount(last, locale), total: formatCount(count, locale) })
                }
              />
            </>
          )}
        </Box>
      </Paper>
      {feedbackId !== undefined && (
        <FullFeedbackDialog
          bookingId={feedbackId}
          onClose={() => {
            const next = new URLSearchParams(params);
            next.delete('feedback');
            setParams(next);
          }}
        />
      )}
    </Stack>
  );
}
