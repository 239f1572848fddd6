import { allClients } from '@portal/contract/permissions';
import type { TimesheetsOverviewResponse } from '@portal/contract/dashboard';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useMemo } from 'react';
import { useProfile } from '../../lib/profile';
import { useToast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { useSelectedClientIds } from '../../lib/use-selected-clients';
import { useSlicedAnswer } from '../../lib/use-sliced-answer';
import { firstRequest, type FirstRequests } from '../../lib/first-requests';
import { timesheetsOverviewQueryOptions, useTimesheetsOverview } from '../../api/timesheets-overview';
import { DecisionDialogs } from './components/decision-dialogs';
import { ListsHeading } from './components/lists-heading';
import { PendingPanel } from './components/pending-panel';
import { SubmitIssuesAlert } from './components/submit-issues-alert';
import { weekOptions } from './components/timesheet-filters';
import { historyRequest, TimesheetHistory } from './components/timesheet-history';
import { TimesheetsSummary } from './components/timesheets-summary';
import { educatorName } from './timesheet-format';
import { pendingListRequest, usePendingList, type PendingList } from './use-pending-list';
import { useTimesheetActions } from './use-timesheet-actions';
import { readParams, schoolLink, scrollToLists, useTimesheetsAddress } from './use-timesheets-address';
import { useTimesheetsText, type TimesheetsTextKey } from './use-timesheets-text';

const card = { borderRadius: '16px', overflow: 'hidden' } as const;

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

/**
 * What Timesheets asks for first, started by its route: the summary, and the list its address opens (everyone's or
 * one educator's timesheets to approve, or the decided ones), as the page's own hooks ask for them.
 */
export const timesheetsFirstRequests: FirstRequests = ({ search, selectedClientIds: clientIds }) => {
  if (clientIds.length === 0) return [];
  const { educatorId, tab, schoolId, weekOf } = readParams(search, clientIds);
  const pending = pendingListRequest({ clientIds, schoolId, weekOf, educatorId });
  const lists =
    tab === 'history'
      ? [historyRequest(clientIds, educatorId)]
      : [pending.everyone, pending.oneEducator].filter((request) => request.enabled).map((request) => request.options);
  return [firstRequest(timesheetsOverviewQueryOptions(clientIds)), ...lists.map(firstRequest)];
};

/** Spec §8: a load failure as a toast, once per failure. */
function useFailureToast(failedAt: number, message: TimesheetsTextKey) {
  const { t } = useTimesheetsText();
  const toast = useToast();
  useEffect(() => {
    if (failedAt) toast.error(t(message));
  }, [failedAt, toast, t, message]);
}

/** The open educator's name: from the summary, else from their timesheets, else their number. */
function educatorLabelOf(
  educatorId: number | undefined,
  summary: TimesheetsOverviewResponse | undefined,
  rows: PendingList['rows'],
): string | undefined {
  if (educatorId === undefined) return undefined;
  return (
    summary?.candidates.find((c) => c.candidateId === educatorId)?.candidateName ?? (rows[0] ? educatorName(rows[0]) : `#${educatorId}`)
  );
}

function TimesheetsContent({ clientIds }: { clientIds: number[] }) {
  const { t } = useTimesheetsText();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const tree = useProfile().data?.links;
  const address = useTimesheetsAddress(clientIds);
  const { educatorId, tab, schoolId, weekOf } = address;
  const pending = usePendingList({ clientIds, schoolId, weekOf, educatorId, tree });
  const actions = useTimesheetActions(pending);
  const summary = useTimesheetsOverview(clientIds);
  const summaryData = useSlicedAnswer(summary.data);
  useFailureToast(pending.list.errorUpdatedAt, 'list.loadFailed');
  useFailureToast(summary.errorUpdatedAt, 'summary.loadFailed');

  const selectedClients = useMemo(() => (tree ? allClients(tree).filter((c) => clientIds.includes(c.clientId)) : []), [tree, clientIds]);
  const showClient = selectedClients.length > 1;
  const filtered = schoolId !== undefined || weekOf !== undefined;
  const weeks = useMemo(() => weekOptions(summaryData?.clients ?? [], schoolId, weekOf), [summaryData, schoolId, weekOf]);

  const openEducator = (candidateId: number | undefined) => {
    pending.showPage(0);
    address.setParam({ educator: candidateId === undefined ? undefined : String(candidateId) });
    if (candidateId !== undefined) scrollToLists();
  };

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

          {actions.decision.issues && <SubmitIssuesAlert issues={actions.decision.issues} onClose={actions.decision.dismissIssues} />}

          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="timesheets-list-heading"
            id="timesheets-lists"
            sx={{ ...card, overflow: 'visible', scrollMarginTop: 80 }}
          >
            <ListsHeading
              tab={tab}
              educatorLabel={educatorLabelOf(educatorId, summaryData, pending.rows)}
              onShowEveryone={educatorId === undefined ? undefined : () => openEducator(undefined)}
              onTab={address.showTab}
              phone={phone}
            />
            {tab === 'history' ? (
              <Box role="tabpanel" id="timesheets-panel-history" aria-labelledby="timesheets-tab-history" sx={{ pt: 2 }}>
                <TimesheetHistory clientIds={clientIds} candidateId={educatorId} phone={phone} showClient={showClient} />
              </Box>
            ) : (
              <PendingPanel
                pending={pending}
                actions={actions}
                schools={selectedClients}
                schoolId={schoolId}
                weeks={weeks}
                weekOf={weekOf}
                filtered={filtered}
                oneEducator={educatorId !== undefined}
                showClient={showClient}
                phone={phone}
                setParam={address.setParam}
              />
            )}
          </Paper>
        </>
      )}

      <DecisionDialogs actions={actions} rows={pending.selectedRows} />
    </Stack>
  );
}
