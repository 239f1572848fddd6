import type { TimesheetBooking, TimesheetSubmitBody } from '@portal/contract/timesheets';
import { useState } from 'react';
import { differingRows } from './components/approve-dialog';
import { useTimesheetDecision } from './use-timesheet-decision';
import type { PendingList } from './use-pending-list';

export type DecisionDialog = 'approve' | 'modify' | 'didNotHappen';

/** The decisions on the selection: which dialog is open, and approving, modifying or saying it did not happen. */
export function useTimesheetActions(pending: PendingList) {
  const [dialog, setDialog] = useState<DecisionDialog | null>(null);
  const decision = useTimesheetDecision();
  const { rows, selectedRows, decidableRows, clearSelection } = pending;

  const approve = async (chosen: readonly TimesheetBooking[] = selectedRows) => {
    if (chosen.length === 0) return;
    const outcome = await decision.decide({ decision: 'approved', timesheets: chosen.map((row) => ({ bookingId: row.bookingId })) }, rows);
    if (outcome.kind === 'done' || outcome.kind === 'issues') clearSelection();
    setDialog(null);
  };
  // Approving sends money for invoicing: more than one timesheet, or one that is not as booked, is confirmed first
  // (naming those that differ, with the hours billed in all); a single timesheet as booked is sent at once.
  const requestApprove = (chosen: readonly TimesheetBooking[]) => {
    if (chosen.length === 0) return;
    if (chosen.length > 1 || differingRows(chosen).length > 0) setDialog('approve');
    else void approve(chosen);
  };
  const approveAllShown = () => {
    pending.selectAllDecidable();
    requestApprove(decidableRows);
  };
  /** A dialog's decision (modify, did not happen): the selection clears once it is sent. */
  const submit = async (body: TimesheetSubmitBody) => {
    const outcome = await decision.decide(body, rows);
    if (outcome.kind === 'done' || outcome.kind === 'issues') clearSelection();
    return outcome;
  };

  return {
    decision,
    dialog,
    openDialog: setDialog,
    closeDialog: () => setDialog(null),
    approve,
    requestApprove,
    approveAllShown,
    submit,
  };
}

export type TimesheetActions = ReturnType<typeof useTimesheetActions>;
