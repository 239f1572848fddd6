import { canAtLocation, type PermissionTree } from '@portal/contract/permissions';
import type { TimesheetBooking } from '@portal/contract/timesheets';
import { useDeferredValue, useMemo, useState } from 'react';
import { useCandidateTimesheets } from './api/get-candidate-timesheets';
import { usePendingTimesheets } from './api/get-timesheets';
import { PAGE_SIZES } from './components/timesheets-pagination';

/**
 * The timesheets to approve on show (everyone's, or one educator's), their page, and which of them are ticked.
 * Another school, week or educator is another list: back to its first page, nothing selected.
 */
export function usePendingList({
  clientIds,
  schoolId,
  weekOf,
  educatorId,
  tree,
}: {
  clientIds: readonly number[];
  schoolId: number | undefined;
  weekOf: string | undefined;
  educatorId: number | undefined;
  tree: PermissionTree | undefined;
}) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());

  const listClientIds = useMemo(() => (schoolId === undefined ? clientIds : [schoolId]), [clientIds, schoolId]);
  const query = { clientIds: listClientIds, weekOf, skip: page * pageSize, take: pageSize };
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
  const rows = useMemo(() => data?.timesheets ?? [], [data]);

  const canDecide = useMemo(
    () => (row: TimesheetBooking) => (tree ? canAtLocation(tree, 'timesheets', 'modify', row.locationId) : false),
    [tree],
  );
  // The selection is what is ticked among the rows shown now (a decided row leaves the list, and the selection).
  const selectedRows = rows.filter((row) => selected.has(row.bookingId) && canDecide(row));
  const decidableRows = useMemo(() => rows.filter(canDecide), [rows, canDecide]);

  const clearSelection = () => setSelected(new Set());
  const toggle = (bookingId: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(bookingId)) next.delete(bookingId);
      else next.add(bookingId);
      return next;
    });
  const toggleAll = (checked: boolean) => setSelected(checked ? new Set(decidableRows.map((row) => row.bookingId)) : new Set());
  const selectAllDecidable = () => setSelected(new Set(decidableRows.map((row) => row.bookingId)));
  const showPage = (next: number) => {
    setPage(next);
    setSelected(new Set());
  };
  const showPageSize = (size: number) => {
    setPageSize(size);
    setPage(0);
    setSelected(new Set());
  };

  return {
    list,
    data,
    rows,
    total: data?.pagination.total ?? 0,
    page,
    pageSize,
    selected,
    selectedRows,
    decidableRows,
    canDecide,
    toggle,
    toggleAll,
    selectAllDecidable,
    clearSelection,
    showPage,
    showPageSize,
  };
}

export type PendingList = ReturnType<typeof usePendingList>;
