import { canAtLocation, type PermissionTree } from '@portal/contract/permissions';
import type { TimesheetBooking } from '@portal/contract/timesheets';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSlicedAnswer } from '../../lib/use-sliced-answer';
import { candidateTimesheetsQueryOptions } from './api/get-candidate-timesheets';
import { pendingTimesheetsQueryOptions } from './api/get-timesheets';
import { PAGE_SIZES } from './components/timesheets-pagination';

/** What the list of timesheets to approve shows: the address's school, week and educator, of the selected schools. */
export interface PendingListAddress {
  clientIds: readonly number[];
  schoolId: number | undefined;
  weekOf: string | undefined;
  educatorId: number | undefined;
}

/**
 * The list's request for an address and page: everyone's timesheets (GET /v1/timesheets) or one educator's (GET
 * /v1/timesheets/candidate), whichever the address opens, and only with a school to ask about. Each is a query of
 * its own, so that another list starts without the last one's rows. The page and its route's first request read it.
 */
export function pendingListRequest(
  { clientIds, schoolId, weekOf, educatorId }: PendingListAddress,
  page = 0,
  pageSize: number = PAGE_SIZES[0],
) {
  const query = { clientIds: schoolId === undefined ? clientIds : [schoolId], weekOf, skip: page * pageSize, take: pageSize };
  const asked = query.clientIds.length > 0;
  return {
    everyone: { options: pendingTimesheetsQueryOptions(query), enabled: asked && educatorId === undefined },
    oneEducator: {
      options: candidateTimesheetsQueryOptions({ ...query, candidateId: educatorId ?? 0 }),
      enabled: asked && educatorId !== undefined,
    },
  };
}

/**
 * The timesheets to approve on show (everyone's, or one educator's), their page, and which of them are ticked.
 * Another school, week or educator is another list: back to its first page, nothing selected.
 */
export function usePendingList({ tree, ...address }: PendingListAddress & { tree: PermissionTree | undefined }) {
  const { schoolId, weekOf, educatorId } = address;
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());

  const listKey = `${schoolId ?? ''}|${weekOf ?? ''}|${educatorId ?? ''}`;
  const [shownList, setShownList] = useState(listKey);
  if (shownList !== listKey) {
    setShownList(listKey);
    setPage(0);
    setSelected(new Set());
  }
  const request = pendingListRequest(address, page, pageSize);
  const everyone = useQuery({ ...request.everyone.options, enabled: request.everyone.enabled });
  const oneEducator = useQuery({ ...request.oneEducator.options, enabled: request.oneEducator.enabled });
  const list = educatorId === undefined ? everyone : oneEducator;
  const data = useSlicedAnswer(list.data);
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
