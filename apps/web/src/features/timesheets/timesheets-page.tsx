import { allClients, canAtLocation } from '@portal/contract/permissions';
import { WeekOf, type TimesheetBooking } from '@portal/contract/timesheets';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DoneAllOutlinedIcon from '@mui/icons-material/DoneAllOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useProfile } from '../../lib/profile';
import { useAddressParams } from '../../lib/use-address-params';
import { useToast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { useSelectedClientIds } from '../../lib/use-selected-clients';
import { useCandidateTimesheets } from './api/get-candidate-timesheets';
import { usePendingTimesheets } from './api/get-timesheets';
import { useTimesheetsOverview } from '../../api/timesheets-overview';
import { ApproveDialog, differingRows } from './components/approve-dialog';
import { DidNotHappenDialog } from './components/did-not-happen-dialog';
import { ModifyTimesheetsDialog } from './components/modify-timesheets-dialog';
import { PendingTimesheetCards } from './components/pending-timesheet-cards';
import { PendingTimesheetsTable } from './components/pending-timesheets-table';
import { SelectionBar } from './components/selection-bar';
import { BulkBar } from './components/bulk-bar';
import { selectAllState } from './components/pending-timesheets-table';
import { TimesheetFilters, weekOptions } from './components/timesheet-filters';
import { TimesheetHistory } from './components/timesheet-history';
import { TimesheetsSummary } from './components/timesheets-summary';
import { formatCount } from '../../lib/locale-format';
import { educatorName } from './timesheet-format';
import { useTimesheetDecision } from './use-timesheet-decision';
import { useTimesheetsText } from './use-timesheets-text';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { ListPagination } from '../../components/list-pagination';
import { TabBar } from '../../components/tab-bar';

const card = { borderRadius: '16px', overflow: 'hidden' } as const;
const PAGE_SIZES = [25, 50, 100] as const;

/**
 * `?educator=<id>` opens that educator's lists; `?tab=history` the decided timesheets; `?school=<clientId>` (one of
 * the selected schools) and `?week=<Monday>` narrow the timesheets to approve.
 */
function readParams(
  params: URLSearchParams,
  clientIds: readonly number[],
): { educatorId: number | undefined; tab: 'pending' | 'history'; schoolId: number | undefined; weekOf: string | undefined } {
  const raw = Number(params.get('educator'));
  const school = Number(params.get('school'));
  const week = params.get('week') ?? '';
  return {
    educatorId: Number.isInteger(raw) && raw > 0 ? raw : undefined,
    tab: params.get('tab') === 'history' ? 'history' : 'pending',
    schoolId: clientIds.includes(school) ? school : undefined,
    weekOf: WeekOf.safeParse(week).success ? week : undefined,
  };
}

const tabsSx = { mx: { xs: -2, sm: 0 } } as const;

/** Pending and history (memoised: it renders only when its own props change, not as the page's queries answer). */
const ListTabs = memo(function ListTabs({
  tab,
  onChange,
  label,
  pendingLabel,
  historyLabel,
  phone,
}: {
  tab: 'pending' | 'history';
  onChange: (value: 'pending' | 'history') => void;
  label: string;
  pendingLabel: string;
  historyLabel: string;
  phone: boolean;
}) {
  return (
    <TabBar
      value={tab}
      onChange={onChange}
      label={label}
      fullWidth={phone}
      sx={tabsSx}
      tabs={[
        { value: 'pending', label: pendingLabel, id: 'timesheets-tab-pending', controls: 'timesheets-panel-pending' },
        { value: 'history', label: historyLabel, id: 'timesheets-tab-history', controls: 'timesheets-panel-history' },
      ]}
    />
  );
});

/**
 * Timesheets (spec §2 'timesheets', §3, §4): the summary, the timesheets pending approval with selection
 * and one decision at a time for the selection, an educator's own list, and the decided history with PDFs.
 */
export function TimesheetsPage() {
  const { t } = useTimesheetsText();
  usePageTitle(t('title'));
  const clientIds = useSelectedClientIds();
  // Spec §4: another selection of clients is another page (the cached timesheets are cleared with it).
  return <TimesheetsContent key={clientIds.join(',')} clientIds={clientIds} />;
}

function TimesheetsContent({ clientIds }: { clientIds: number[] }) {
  const { t, locale } = useTimesheetsText();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const toast = useToast();
  const tree = useProfile().data?.links;
  const [params, update] = useAddressParams();
  const { educatorId, tab, schoolId, weekOf } = readParams(params, clientIds);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [dialog, setDialog] = useState<'approve' | 'modify' | 'didNotHappen' | null>(null);
  const decision = useTimesheetDecision();

  const summary = useTimesheetsOverview(clientIds);
  const listClientIds = useMemo(() => (schoolId === undefined ? clientIds : [schoolId]), [clientIds, schoolId]);
  const query = { clientIds: listClientIds, weekOf, skip: page * pageSize, take: pageSize };
  // Another school, week or educator is another list: back to its first page, nothing selected.
  const listKey = `${schoolId ?? ''}|${weekOf ?? ''}|${educatorId ?? ''}`;
  const [shownList, setShownList] = useState(listKey);
  if (shownList !== listKey) {
    setShownList(listKey);
    setPage(0);
    setSelected(new Set());
  }
  const everyone = usePendingTimesheets(query, educatorId === undefined);
  const oneEducator = useCandidateTimesheets({ ...query, candidateId: educatorId ?? 0 }, educatorId !== undefined);
  const list = educatorId === undefined ? everyone : oneEducator;
  // An answer is drawn in a background render that React does in slices (useDeferredValue): the render TanStack Query's
  // update asks for is synchronous, and with a list of rows it was one long task (a phone's CPU: some 400 ms).
  const data = useDeferredValue(list.data);
  const summaryData = useDeferredValue(summary.data);
  const rows = useMemo(() => data?.timesheets ?? [], [data]);

  const selectedClients = useMemo(() => (tree ? allClients(tree).filter((c) => clientIds.includes(c.clientId)) : []), [tree, clientIds]);
  const showClient = selectedClients.length > 1;
  const canDecide = useMemo(
    () => (row: TimesheetBooking) => (tree ? canAtLocation(tree, 'timesheets', 'modify', row.locationId) : false),
    [tree],
  );
  // The selection is what is ticked among the rows shown now (a decided row leaves the list, and the selection).
  const selectedRows = rows.filter((row) => selected.has(row.bookingId) && canDecide(row));
  const decidableRows = useMemo(() => rows.filter(canDecide), [rows, canDecide]);
  const filtered = schoolId !== undefined || weekOf !== undefined;
  const weeks = useMemo(() => weekOptions(summaryData?.clients ?? [], schoolId, weekOf), [summaryData, schoolId, weekOf]);

  const educatorLabel =
    educatorId === undefined
      ? undefined
      : (summaryData?.candidates.find((c) => c.candidateId === educatorId)?.candidateName ??
        (rows[0] ? educatorName(rows[0]) : `#${educatorId}`));

  // Spec §8: the load failure as a toast, once per failure.
  const failedAt = list.errorUpdatedAt;
  useEffect(() => {
    if (failedAt) toast.error(t('list.loadFailed'));
  }, [failedAt, toast, t]);
  const summaryFailedAt = summary.errorUpdatedAt;
  useEffect(() => {
    if (summaryFailedAt) toast.error(t('summary.loadFailed'));
  }, [summaryFailedAt, toast, t]);

  // Push, not replace: the back button returns from one educator's timesheets to all of them.
  const setParam = (changes: Record<string, string | undefined>) => update(changes, { resetPage: false, replace: false });
  const showTab = useCallback(
    (value: 'pending' | 'history') => update({ tab: value === 'history' ? 'history' : undefined }, { resetPage: false, replace: false }),
    [update],
  );
  const scrollToLists = () => document.getElementById('timesheets-lists')?.scrollIntoView?.({ block: 'start' });
  const schoolLink = useCallback((clientId: number, week?: string) => {
    const next = new URLSearchParams({ school: String(clientId) });
    if (week) next.set('week', week);
    return `?${next.toString()}`;
  }, []);
  const openEducator = (candidateId: number | undefined) => {
    setPage(0);
    setSelected(new Set());
    setParam({ educator: candidateId === undefined ? undefined : String(candidateId) });
    if (candidateId !== undefined) document.getElementById('timesheets-lists')?.scrollIntoView?.({ block: 'start' });
  };

  const toggle = (bookingId: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(bookingId)) next.delete(bookingId);
      else next.add(bookingId);
      return next;
    });
  const toggleAll = (checked: boolean) => setSelected(checked ? new Set(decidableRows.map((row) => row.bookingId)) : new Set());

  // Approving sends money for invoicing: more than one timesheet, or one that is not as booked, is confirmed first
  // (naming those that differ, with the hours billed in all); a single timesheet as booked is sent at once.
  const requestApprove = (chosen: readonly TimesheetBooking[]) => {
    if (chosen.length === 0) return;
    if (chosen.length > 1 || differingRows(chosen).length > 0) setDialog('approve');
    else void approve(chosen);
  };
  const approveAllShown = () => {
    setSelected(new Set(decidableRows.map((row) => row.bookingId)));
    requestApprove(decidableRows);
  };
  const approve = async (chosen: readonly TimesheetBooking[] = selectedRows) => {
    if (chosen.length === 0) return;
    const outcome = await decision.decide({ decision: 'approved', timesheets: chosen.map((row) => ({ bookingId: row.bookingId })) }, rows);
    if (outcome.kind === 'done' || outcome.kind === 'issues') setSelected(new Set());
    setDialog(null);
  };
  const closeDialog = () => setDialog(null);

  const total = data?.pagination.total ?? 0;
  const from = total === 0 ? 0 : page * pageSize + 1;
  const caption = t('list.caption', {
    from: formatCount(from, locale),
    to: formatCount(page * pageSize + rows.length, locale),
    total: formatCount(total, locale),
  });
  const listProps = { rows, caption, selected, onToggle: toggle, canDecide, showClient };

  return (
    <Stack spacing={3} sx={{ maxWidth: 1400 }}>
      <Box sx={{ maxWidth: 720 }}>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('intro')}</Typography>
      </Box>

      {clientIds.length === 0 ? (
        <Alert severity="info">{t('list.noClients')}</Alert>
      ) : (
        <>
          <TimesheetsSummary
            summary={summaryData}
            failed={summary.isError}
            onRetry={() => void summary.refetch()}
            onOpenEducator={openEducator}
            educatorId={educatorId}
            schoolLink={schoolLink}
            onFollowSchoolLink={scrollToLists}
            phone={phone}
            filtered={filtered}
          />

          {decision.issues && (
            <Alert
              severity="error"
              role="alert"
              onClose={decision.dismissIssues}
              data-testid="timesheet-submit-issues"
              slotProps={{ closeButton: { 'aria-label': t('submit.dismiss') } }}
            >
              <AlertTitle>{t('submit.withIssues')}</AlertTitle>
              {decision.issues.submitted > 0 && (
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {t('submit.withIssuesDone', { count: decision.issues.submitted })}
                </Typography>
              )}
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {decision.issues.lines.map((line) => (
                  <li key={line}>
                    <Typography variant="body2">{line}</Typography>
                  </li>
                ))}
              </Box>
            </Alert>
          )}

          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="timesheets-list-heading"
            id="timesheets-lists"
            sx={{ ...card, overflow: 'visible', scrollMarginTop: 80 }}
          >
            <Box sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2.5, sm: 3 }, display: 'grid', gap: 1 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5 }}>
                <Typography variant="h2" id="timesheets-list-heading" sx={{ fontSize: '1.125rem' }} data-testid="timesheets-list-heading">
                  {tab === 'history'
                    ? educatorLabel
                      ? t('history.educatorHeading', { name: educatorLabel })
                      : t('history.heading')
                    : educatorLabel
                      ? t('list.educatorHeading', { name: educatorLabel })
                      : t('list.heading')}
                </Typography>
                {educatorId !== undefined && (
                  <Button size="small" variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => openEducator(undefined)}>
                    {t('list.showEveryone')}
                  </Button>
                )}
              </Box>
              <ListTabs
                tab={tab}
                onChange={showTab}
                label={t('tabs.label')}
                pendingLabel={t('tabs.pending')}
                historyLabel={t('tabs.history')}
                phone={phone}
              />
            </Box>

            {tab === 'history' ? (
              <Box role="tabpanel" id="timesheets-panel-history" aria-labelledby="timesheets-tab-history" sx={{ pt: 2 }}>
                <TimesheetHistory clientIds={clientIds} candidateId={educatorId} phone={phone} showClient={showClient} />
              </Box>
            ) : (
              <Box role="tabpanel" id="timesheets-panel-pending" aria-labelledby="timesheets-tab-pending" sx={{ pt: 2 }}>
                <TimesheetFilters
                  schools={selectedClients}
                  schoolId={schoolId}
                  weeks={weeks}
                  weekOf={weekOf}
                  onChange={(changes) => setParam(changes)}
                />
                <Box sx={{ px: { xs: 2, sm: 3 }, pb: 1.5 }}>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite" data-testid="timesheets-total">
                    {data ? t('list.count', { count: total, total: formatCount(total, locale) }) : ' '}
                  </Typography>
                  {data && rows.length > 0 && (
                    <>
                      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', m: 0 }}>
                        {t('list.billingNote')}
                      </Typography>
                      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', m: 0 }}>
                        {t('selection.oneTypeOnly')}
                      </Typography>
                    </>
                  )}
                </Box>
                <Box sx={{ height: 4 }}>{list.isFetching && data && <LinearProgress aria-label={t('list.loading')} />}</Box>
                {!data && !list.isError && <LoadingState label={t('list.loading')} sx={{ px: { xs: 2, sm: 3 }, py: 3 }} />}
                {list.isError && !data && (
                  <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
                    <ErrorState message={t('list.loadFailed')} onRetry={() => void list.refetch()} />
                  </Box>
                )}
                {data && rows.length === 0 && (
                  <Box sx={{ px: { xs: 2, sm: 3 }, pb: 4, pt: 2, textAlign: 'center' }}>
                    <EmptyState
                      icon={<DoneAllOutlinedIcon aria-hidden="true" />}
                      title={t('list.emptyTitle')}
                      body={filtered ? t('filter.emptyBody') : educatorId === undefined ? t('list.emptyBody') : t('list.emptyEducatorBody')}
                      testId="timesheets-empty"
                    />
                    {filtered && (
                      <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setParam({ school: undefined, week: undefined })}>
                        {t('filter.clear')}
                      </Button>
                    )}
                  </Box>
                )}
                {data && rows.length > 0 && (
                  <>
                    {decidableRows.length > 0 && (
                      <BulkBar
                        count={decidableRows.length}
                        state={selectAllState(rows, selected, canDecide)}
                        approving={decision.pending}
                        onToggleAll={toggleAll}
                        onApproveAll={approveAllShown}
                      />
                    )}
                    {phone ? <PendingTimesheetCards {...listProps} /> : <PendingTimesheetsTable {...listProps} />}
                    <ListPagination
                      count={total}
                      page={Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
                      rowsPerPage={pageSize}
                      rowsPerPageOptions={[...PAGE_SIZES]}
                      onPageChange={(_, next) => {
                        setPage(next);
                        setSelected(new Set());
                      }}
                      onRowsPerPageChange={(event) => {
                        setPageSize(Number(event.target.value));
                        setPage(0);
                        setSelected(new Set());
                      }}
                      labelRowsPerPage={t('list.rowsPerPage')}
                      labelDisplayedRows={({ from: first, to: last, count }) =>
                        t('list.range', {
                          from: formatCount(first, locale),
                          to: formatCount(last, locale),
                          total: formatCount(count, locale),
                        })
                      }
                    />
                    {rows.some(canDecide) && (
                      <SelectionBar
                        count={selectedRows.length}
                        approving={decision.pending && dialog === null}
                        onApprove={() => requestApprove(selectedRows)}
                        onModify={() => setDialog('modify')}
                        onDidNotHappen={() => setDialog('didNotHappen')}
                        onClear={() => setSelected(new Set())}
                      />
                    )}
                  </>
                )}
              </Box>
            )}
          </Paper>
        </>
      )}

      {dialog === 'approve' && selectedRows.length > 0 && (
        <ApproveDialog rows={selectedRows} pending={decision.pending} onClose={closeDialog} onConfirm={() => void approve()} />
      )}
      {dialog === 'modify' && selectedRows.length > 0 && (
        <ModifyTimesheetsDialog
          rows={selectedRows}
          pending={decision.pending}
          onClose={closeDialog}
          onSubmit={async (body) => {
            const outcome = await decision.decide(body, rows);
            if (outcome.kind === 'done' || outcome.kind === 'issues') setSelected(new Set());
            return outcome;
          }}
        />
      )}
      {dialog === 'didNotHappen' && selectedRows.length > 0 && (
        <DidNotHappenDialog
          rows={selectedRows}
          pending={decision.pending}
          onClose={closeDialog}
          onSubmit={async (body) => {
            const outcome = await decision.decide(body, rows);
            if (outcome.kind === 'done' || outcome.kind === 'issues') setSelected(new Set());
            return outcome;
          }}
        />
      )}
    </Stack>
  );
}
