import { WeekOf } from '@portal/contract/timesheets';
import { useCallback } from 'react';
import { useAddressParams, type AddressChanges } from '../../lib/use-address-params';

export type TimesheetsTab = 'pending' | 'history';

/**
 * `?educator=<id>` opens that educator's lists; `?tab=history` the decided timesheets; `?school=<clientId>` (one of
 * the selected schools) and `?week=<Monday>` narrow the timesheets to approve.
 */
export function readParams(
  params: URLSearchParams,
  clientIds: readonly number[],
): { educatorId: number | undefined; tab: TimesheetsTab; schoolId: number | undefined; weekOf: string | undefined } {
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

/** The page's address: what it shows, and the changes that push a new entry (the back button undoes each). */
export function useTimesheetsAddress(clientIds: readonly number[]) {
  const [params, update] = useAddressParams();
  // Push, not replace: the back button returns from one educator's timesheets to all of them.
  const setParam = (changes: AddressChanges) => update(changes, { resetPage: false, replace: false });
  const showTab = useCallback(
    (value: TimesheetsTab) => update({ tab: value === 'history' ? 'history' : undefined }, { resetPage: false, replace: false }),
    [update],
  );
  return { ...readParams(params, clientIds), setParam, showTab };
}

/** A school's (and week's) timesheets to approve, as the summary links to them. */
export function schoolLink(clientId: number, week?: string): string {
  const next = new URLSearchParams({ school: String(clientId) });
  if (week) next.set('week', week);
  return `?${next.toString()}`;
}

export function scrollToLists(): void {
  document.getElementById('timesheets-lists')?.scrollIntoView?.({ block: 'start' });
}
