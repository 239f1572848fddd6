import DoneAllOutlinedIcon from '@mui/icons-material/DoneAllOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-state';
import { formatCount } from '../../../lib/locale-format';
import type { AddressChanges } from '../../../lib/use-address-params';
import type { PendingList } from '../use-pending-list';
import type { TimesheetActions } from '../use-timesheet-actions';
import { useTimesheetsText } from '../use-timesheets-text';
import { BulkBar } from './bulk-bar';
import { PendingTimesheetCards } from './pending-timesheet-cards';
import { PendingTimesheetsTable, selectAllState } from './pending-timesheets-table';
import { SelectionBar } from './selection-bar';
import { TimesheetFilters, type WeekOption } from './timesheet-filters';
import { pageCaption, TimesheetsPagination } from './timesheets-pagination';

export interface PendingPanelProps {
  pending: PendingList;
  actions: TimesheetActions;
  schools: readonly { clientId: number; clientName: string }[];
  schoolId: number | undefined;
  weeks: readonly WeekOption[];
  weekOf: string | undefined;
  /** A school or week narrows the list. */
  filtered: boolean;
  /** One educator's list is open. */
  oneEducator: boolean;
  showClient: boolean;
  phone: boolean;
  setParam: (changes: AddressChanges) => void;
}

/** The timesheets pending approval: the filters, how many, the list with its selection and decisions, its pages. */
export function PendingPanel(props: PendingPanelProps) {
  const { pending, schools, schoolId, weeks, weekOf, setParam } = props;
  const { list, data, rows } = pending;
  const { t } = useTimesheetsText();
  return (
    <Box role="tabpanel" id="timesheets-panel-pending" aria-labelledby="timesheets-tab-pending" sx={{ pt: 2 }}>
      <TimesheetFilters schools={schools} schoolId={schoolId} weeks={weeks} weekOf={weekOf} onChange={(changes) => setParam(changes)} />
      <PendingCount pending={pending} />
      <Box sx={{ height: 4 }}>{list.isFetching && data && <LinearProgress aria-label={t('list.loading')} />}</Box>
      {!data && !list.isError && <LoadingState label={t('list.loading')} sx={{ px: { xs: 2, sm: 3 }, py: 3 }} />}
      {list.isError && !data && (
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
          <ErrorState message={t('list.loadFailed')} onRetry={() => void list.refetch()} />
        </Box>
      )}
      {data && rows.length === 0 && <PendingEmpty {...props} />}
      {data && rows.length > 0 && <PendingRows {...props} />}
    </Box>
  );
}

/** How many timesheets are pending, and (when some show) how they are billed and decided. */
function PendingCount({ pending }: { pending: PendingList }) {
  const { t, locale } = useTimesheetsText();
  const { data, rows, total } = pending;
  return (
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
  );
}

function PendingEmpty({ filtered, oneEducator, setParam }: PendingPanelProps) {
  const { t } = useTimesheetsText();
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, pb: 4, pt: 2, textAlign: 'center' }}>
      <EmptyState
        icon={<DoneAllOutlinedIcon aria-hidden="true" />}
        title={t('list.emptyTitle')}
        body={filtered ? t('filter.emptyBody') : oneEducator ? t('list.emptyEducatorBody') : t('list.emptyBody')}
        testId="timesheets-empty"
      />
      {filtered && (
        <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setParam({ school: undefined, week: undefined })}>
          {t('filter.clear')}
        </Button>
      )}
    </Box>
  );
}

/** The rows shown: select or approve them all, the table or cards, the pages, and the selection's decisions. */
function PendingRows({ pending, actions, showClient, phone }: PendingPanelProps) {
  const { t, locale } = useTimesheetsText();
  const { rows, selected, selectedRows, decidableRows, canDecide, page, pageSize, total } = pending;
  const caption = pageCaption(t, locale, 'list.caption', { page, pageSize, shown: rows.length, total });
  const listProps = { rows, caption, selected, onToggle: pending.toggle, canDecide, showClient };
  return (
    <>
      {decidableRows.length > 0 && (
        <BulkBar
          count={decidableRows.length}
          state={selectAllState(rows, selected, canDecide)}
          approving={actions.decision.pending}
          onToggleAll={pending.toggleAll}
          onApproveAll={actions.approveAllShown}
        />
      )}
      {phone ? <PendingTimesheetCards {...listProps} /> : <PendingTimesheetsTable {...listProps} />}
      <TimesheetsPagination
        total={total}
        page={page}
        pageSize={pageSize}
        onPageChange={pending.showPage}
        onPageSizeChange={pending.showPageSize}
      />
      {rows.some(canDecide) && (
        <SelectionBar
          count={selectedRows.length}
          approving={actions.decision.pending && actions.dialog === null}
          onApprove={() => actions.requestApprove(selectedRows)}
          onModify={() => actions.openDialog('modify')}
          onDidNotHappen={() => actions.openDialog('didNotHappen')}
          onClear={pending.clearSelection}
        />
      )}
    </>
  );
}
