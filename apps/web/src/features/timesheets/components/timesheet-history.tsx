import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCount } from '../../../lib/locale-format';
import { timesheetHistoryQueryOptions } from '../api/get-timesheet-history';
import { useTimesheetsText } from '../use-timesheets-text';
import { HistoryCards, HistoryTable } from './history-list';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-state';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { PAGE_SIZES, pageCaption, TimesheetsPagination } from './timesheets-pagination';

const FILTERS = ['', 'approved_for_invoice', 'pending_review', 'invoiced'] as const;
type StatusFilter = (typeof FILTERS)[number];
type HistorySort = '-date' | 'date';
const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

interface HistoryProps {
  clientIds: readonly number[];
  candidateId: number | undefined;
  phone: boolean;
  showClient: boolean;
}

interface HistoryState {
  status: StatusFilter;
  sort: HistorySort;
  page: number;
  pageSize: number;
}

/** The history as it opens: every decided status, newest first, the first page. */
const FIRST_HISTORY: HistoryState = { status: '', sort: '-date', page: 0, pageSize: PAGE_SIZES[0] };

/**
 * The page of decided timesheets a filter, sort and page ask for (the history's query, and its route's first request
 * when the address opens the history).
 */
export function historyRequest(clientIds: readonly number[], candidateId: number | undefined, state: HistoryState = FIRST_HISTORY) {
  const { status, sort, page, pageSize } = state;
  return timesheetHistoryQueryOptions({
    clientIds,
    status: status ? [status] : [],
    candidateId,
    sort,
    skip: page * pageSize,
    take: pageSize,
  });
}

/** The history's status filter, sort and page, and the page of decided timesheets they ask for. */
function useHistoryList(clientIds: readonly number[], candidateId: number | undefined) {
  const [status, setStatus] = useState<StatusFilter>(FIRST_HISTORY.status);
  const [sort, setSort] = useState<HistorySort>(FIRST_HISTORY.sort);
  const [page, setPage] = useState(FIRST_HISTORY.page);
  const [pageSize, setPageSize] = useState(FIRST_HISTORY.pageSize);
  const history = useQuery({
    ...historyRequest(clientIds, candidateId, { status, sort, page, pageSize }),
    enabled: clientIds.length > 0,
  });
  // Another filter or sort is another list: back to its first page.
  const filterBy = (value: StatusFilter) => {
    setStatus(value);
    setPage(0);
  };
  const sortBy = (value: HistorySort) => {
    setSort(value);
    setPage(0);
  };
  const showPageSize = (size: number) => {
    setPageSize(size);
    setPage(0);
  };
  return { history, status, sort, page, pageSize, filterBy, sortBy, setPage, showPageSize };
}

/** The count, the status filter and sort, and the CSV of what they choose. */
function HistoryToolbar({
  clientIds,
  candidateId,
  total,
  loaded,
  status,
  sort,
  onStatus,
  onSort,
}: {
  clientIds: readonly number[];
  candidateId: number | undefined;
  total: number;
  loaded: boolean;
  status: StatusFilter;
  sort: HistorySort;
  onStatus: (value: StatusFilter) => void;
  onSort: (value: HistorySort) => void;
}) {
  const { t, locale } = useTimesheetsText();
  return (
    <Box
      sx={{
        px: { xs: 2, sm: 3 },
        pb: 2,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'flex-end',
        justifyContent: 'space-between',
      }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite" data-testid="timesheet-history-total">
        {loaded ? t('history.count', { count: total, total: formatCount(total, locale) }) : ' '}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>
        <TextField
          select
          size="small"
          label={t('history.status')}
          value={status}
          onChange={(event) => onStatus(event.target.value as StatusFilter)}
          slotProps={nativeSelect}
          sx={{ minWidth: 220, flex: { xs: 1, sm: 'none' } }}
        >
          {FILTERS.map((value) => (
            <option key={value} value={value}>
              {value ? t(`status.${value}`) : t('history.allStatuses')}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('history.sort')}
          value={sort}
          onChange={(event) => onSort(event.target.value === 'date' ? 'date' : '-date')}
          slotProps={nativeSelect}
          sx={{ minWidth: 150, flex: { xs: 1, sm: 'none' } }}
        >
          <option value="-date">{t('history.newest')}</option>
          <option value="date">{t('history.oldest')}</option>
        </TextField>
        <ExportCsvButton
          path="timesheets/list"
          query={{ clientIds, status: status ? [status] : undefined, candidateId, sort }}
          fallbackName="timesheets.csv"
          disabled={total === 0}
          sx={{ minHeight: 40 }}
        />
      </Box>
    </Box>
  );
}

/**
 * Decided timesheets (approved or invoiced history, GET /v1/timesheets/list): approved for invoice, in
 * review with us, and invoiced, newest first, with their PDFs. Table on a desktop, cards on a phone.
 */
export function TimesheetHistory({ clientIds, candidateId, phone, showClient }: HistoryProps) {
  const { t, locale } = useTimesheetsText();
  const list = useHistoryList(clientIds, candidateId);
  const { history, page, pageSize } = list;
  const data = history.data;
  const rows = data?.timesheets ?? [];
  const total = data?.pagination.total ?? 0;
  const caption = pageCaption(t, locale, 'history.caption', { page, pageSize, shown: rows.length, total });

  return (
    <Box>
      <HistoryToolbar
        clientIds={clientIds}
        candidateId={candidateId}
        total={total}
        loaded={data !== undefined}
        status={list.status}
        sort={list.sort}
        onStatus={list.filterBy}
        onSort={list.sortBy}
      />
      <Box sx={{ height: 4 }}>{history.isFetching && data && <LinearProgress aria-label={t('list.loading')} />}</Box>
      {history.isPending && <LoadingState label={t('list.loading')} sx={{ px: { xs: 2, sm: 3 }, py: 3 }} />}
      {history.isError && !data && (
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
          <ErrorState message={t('list.loadFailed')} onRetry={() => void history.refetch()} />
        </Box>
      )}
      {data && rows.length === 0 && (
        <EmptyState
          icon={<HistoryOutlinedIcon aria-hidden="true" />}
          title={t('history.emptyTitle')}
          body={t('history.emptyBody')}
          testId="timesheet-history-empty"
          sx={{ px: { xs: 2, sm: 3 }, pb: 4, pt: 2 }}
        />
      )}
      {data && rows.length > 0 && (
        <>
          {phone ? (
            <HistoryCards rows={rows} caption={caption} showClient={showClient} />
          ) : (
            <HistoryTable rows={rows} caption={caption} showClient={showClient} />
          )}
          <TimesheetsPagination
            total={total}
            page={page}
            pageSize={pageSize}
            onPageChange={list.setPage}
            onPageSizeChange={list.showPageSize}
          />
        </>
      )}
    </Box>
  );
}
