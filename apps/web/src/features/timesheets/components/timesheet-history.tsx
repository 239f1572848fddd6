import type { TimesheetStatus } from '@portal/contract/domain';
import type { TimesheetBooking } from '@portal/contract/timesheets';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { UserAvatar } from '../../../components/user-avatar';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatCount, formatDateTime, formatDay } from '../../../lib/locale-format';
import { useTimesheetHistory } from '../api/get-timesheet-history';
import { billingTexts, educatorName, formatTimes } from '../timesheet-format';
import { BilledDuration, BilledTimes } from './billed-hours';
import { useTimesheetsText, type TimesheetsTranslate } from '../use-timesheets-text';
import { DownloadButton } from './download-button';
import { placeOf } from './pending-timesheets-table';
import { ToneChip, type Tone } from '../../../components/tone-chip';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-state';
import { ListPagination } from '../../../components/list-pagination';
import { ExportCsvButton } from '../../../components/export-csv-button';

const PAGE_SIZES = [25, 50, 100] as const;
const FILTERS = ['', 'approved_for_invoice', 'pending_review', 'invoiced'] as const;
const TONE: Record<TimesheetStatus, Tone> = {
  pending_approval: 'warning',
  pending_review: 'info',
  approved_for_invoice: 'success',
  invoiced: 'default',
};
const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** A card's line: '9:00 am–2:30 pm · 5 h', or 'No charge'. */
function billingLine(t: TimesheetsTranslate, row: TimesheetBooking, locale: string): string {
  const text = billingTexts(t, row, locale);
  return text.noCharge ? text.duration : `${text.times} · ${text.duration}`;
}

function StatusChip({ status }: { status: TimesheetStatus }) {
  const { t } = useTimesheetsText();
  return <ToneChip tone={TONE[status]} label={t(`status.${status}`)} testId="timesheet-status" />;
}

/** The decision and who made it, the worked times the school sent (modified) and the invoice, when there is one. */
function Decision({ row }: { row: TimesheetBooking }) {
  const { t, locale } = useTimesheetsText();
  const modification = row.clientModification;
  return (
    <Box sx={{ display: 'grid', gap: 0.25 }}>
      {row.decision && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t(`decision.${row.decision}`)}
        </Typography>
      )}
      {modification && !modification.didNotHappen && modification.startTimeLocal && modification.endTimeLocal && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {formatTimes(t, modification.startTimeLocal, modification.endTimeLocal, locale)}
          {(modification.breakMinutes ?? 0) > 0 && `, ${t('time.break', { count: modification.breakMinutes ?? 0 })}`}
        </Typography>
      )}
      {modification?.didNotHappen && modification.reason && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('changes.reason', { reason: modification.reason })}
        </Typography>
      )}
      {row.decidedByName && row.decidedAt && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('history.decidedBy', { name: row.decidedByName, date: formatDateTime(row.decidedAt, locale, row.locationTimeZone) })}
        </Typography>
      )}
      {row.invoiceNo && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('history.invoice', { invoiceNo: row.invoiceNo })}
        </Typography>
      )}
    </Box>
  );
}

/**
 * Decided timesheets (approved or invoiced history, GET /v1/timesheets/list): approved for invoice, in
 * review with us, and invoiced, newest first, with their PDFs. Table on a desktop, cards on a phone.
 */
export function TimesheetHistory({
  clientIds,
  candidateId,
  phone,
  showClient,
}: {
  clientIds: readonly number[];
  candidateId: number | undefined;
  phone: boolean;
  showClient: boolean;
}) {
  const { t, locale } = useTimesheetsText();
  const [status, setStatus] = useState<(typeof FILTERS)[number]>('');
  const [sort, setSort] = useState<'-date' | 'date'>('-date');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const history = useTimesheetHistory({
    clientIds,
    status: status ? [status] : [],
    candidateId,
    sort,
    skip: page * pageSize,
    take: pageSize,
  });
  const data = history.data;
  const rows = data?.timesheets ?? [];
  const total = data?.pagination.total ?? 0;
  const from = total === 0 ? 0 : page * pageSize + 1;
  const caption = t('history.caption', {
    from: formatCount(from, locale),
    to: formatCount(page * pageSize + rows.length, locale),
    total: formatCount(total, locale),
  });

  return (
    <Box>
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
          {data ? t('history.count', { count: total, total: formatCount(total, locale) }) : ' '}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>
          <TextField
            select
            size="small"
            label={t('history.status')}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as (typeof FILTERS)[number]);
              setPage(0);
            }}
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
            onChange={(event) => {
              setSort(event.target.value === 'date' ? 'date' : '-date');
              setPage(0);
            }}
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
            <Box component="ul" aria-label={caption} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {rows.map((row) => {
                const name = educatorName(row);
                const day = formatDay(row.dateLocal, locale);
                return (
                  <Box
                    component="li"
                    key={row.bookingId}
                    data-testid="timesheet-history-card"
                    data-booking-id={row.bookingId}
                    data-status={row.status}
                    sx={{ borderTop: 1, borderColor: 'divider', px: 2, py: 1.5, display: 'grid', gap: 0.75 }}
                  >
                    <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                        <UserAvatar name={row.candidateFullName} size="sm" />
                        <Box sx={{ minWidth: 0 }}>
                          <Typography component="p" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
                            {name}
                          </Typography>
                          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                            {day}
                          </Typography>
                        </Box>
                      </Box>
                      <DownloadButton bookingId={row.bookingId} label={t('actions.downloadFor', { name, date: day })} />
                    </Box>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}>
                      <AccessTimeIcon fontSize="small" aria-hidden="true" />
                      <Typography variant="body2">{billingLine(t, row, locale)}</Typography>
                    </Box>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}>
                      <SchoolOutlinedIcon fontSize="small" aria-hidden="true" />
                      <Typography variant="body2">{placeOf(row, showClient)}</Typography>
                    </Box>
                    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                      <StatusChip status={row.status} />
                      <Decision row={row} />
                    </Box>
                  </Box>
                );
              })}
            </Box>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" sx={{ minWidth: 900, '& td, & th': { px: 2 } }}>
                <Box component="caption" sx={visuallyHidden}>
                  {caption}
                </Box>
                <TableHead>
                  <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
                    <TableCell>{t('list.date')}</TableCell>
                    <TableCell>{t('list.educator')}</TableCell>
                    <TableCell>{t('list.location')}</TableCell>
                    <TableCell>{t('list.times')}</TableCell>
                    <TableCell>{t('list.billed')}</TableCell>
                    <TableCell>{t('history.status')}</TableCell>
                    <TableCell>{t('history.decision')}</TableCell>
                    <TableCell align="right">
                      <Box component="span" sx={visuallyHidden}>
                        {t('list.download')}
                      </Box>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => {
                    const name = educatorName(row);
                    const day = formatDay(row.dateLocal, locale);
                    return (
                      <TableRow
                        key={row.bookingId}
                        hover
                        data-testid="timesheet-history-row"
                        data-booking-id={row.bookingId}
                        data-status={row.status}
                      >
                        <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{day}</TableCell>
                        <TableCell>
                          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                            <UserAvatar name={row.candidateFullName} size="sm" />
                            <Typography variant="body2" sx={{ fontWeight: 500 }}>
                              {name}
                            </Typography>
                          </Box>
                        </TableCell>
                        <TableCell>
                          <Typography variant="body2">{row.locationName}</Typography>
                          {showClient && !row.locationName.includes(row.clientName) && (
                            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                              {row.clientName}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <BilledTimes row={row} />
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <BilledDuration row={row} />
                        </TableCell>
                        <TableCell>
                          <StatusChip status={row.status} />
                        </TableCell>
                        <TableCell>
                          <Decision row={row} />
                        </TableCell>
                        <TableCell align="right">
                          <DownloadButton bookingId={row.bookingId} label={t('actions.downloadFor', { name, date: day })} />
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </Box>
          )}
          <ListPagination
            count={total}
            page={Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
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
