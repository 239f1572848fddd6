import type { TimesheetBooking } from '@portal/contract/timesheets';
import type { TimesheetActions } from '../use-timesheet-actions';
import { ApproveDialog } from './approve-dialog';
import { DidNotHappenDialog } from './did-not-happen-dialog';
import { ModifyTimesheetsDialog } from './modify-timesheets-dialog';

/** The open decision's dialog for the selection, if any (none when nothing is selected). */
export function DecisionDialogs({ actions, rows }: { actions: TimesheetActions; rows: TimesheetBooking[] }) {
  const { dialog, decision, closeDialog } = actions;
  if (rows.length === 0) return null;
  if (dialog === 'approve')
    return <ApproveDialog rows={rows} pending={decision.pending} onClose={closeDialog} onConfirm={() => void actions.approve()} />;
  if (dialog === 'modify')
    return <ModifyTimesheetsDialog rows={rows} pending={decision.pending} onClose={closeDialog} onSubmit={actions.submit} />;
  if (dialog === 'didNotHappen')
    return <DidNotHappenDialog rows={rows} pending={decision.pending} onClose={closeDialog} onSubmit={actions.submit} />;
  return null;
}
