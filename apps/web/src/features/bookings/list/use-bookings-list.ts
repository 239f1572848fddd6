import type { BookingListItem } from '@portal/contract/bookings';
import { locationLabel } from '@portal/contract/format/location-name';
import {
  allClients,
  hasPermission,
  meetsRequirement,
  PAGE_REQUIREMENTS,
  ROUTE_REQUIREMENTS,
  type PermissionTree,
} from '@portal/contract/permissions';
import { useEffect, useMemo, useState } from 'react';
import { useSlicedAnswer } from '../../../lib/use-sliced-answer';
import { useSearchParams } from 'react-router';
import { localNow } from '../../../lib/local-clock';
import { formatCount } from '../../../lib/locale-format';
import { useProfile } from '../../../lib/profile';
import { useToast } from '../../../lib/toast';
import { useSelectedClientIds } from '../../../lib/use-selected-clients';
import { bookingsQueryOptions, useBookings, type BookingsPage as BookingsPageData } from '../api/get-bookings';
import { firstRequest, type FirstRequests } from '../../../lib/first-requests';
import { educatorName } from './booking-format';
import type { FilterOption } from './bookings-filters';
import { activeFilterCount, feedbackBookingId, readListState, toBookingsQuery, writeListState, type ListState } from './list-params';
import { useBookingsText } from './use-bookings-text';

/** Educators met in the pages loaded so far, for the educator filter (the API filters by id). */
function mergeEducators(known: ReadonlyMap<number, string>, bookings: readonly BookingListItem[]): Map<number, string> {
  const next = new Map(known);
  for (const booking of bookings) if (booking.candidate) next.set(booking.candidate.id, educatorName(booking.candidate));
  return next;
}

/** The filter options: the selected clients' locations and the educators met so far. */
function useFilterOptions(tree: PermissionTree | undefined, clientIds: number[], bookingsData: BookingsPageData | undefined) {
  // Educators seen so far (adjusting state while rendering: the React way to follow a prop without an effect).
  const [seen, setSeen] = useState<{ data: BookingsPageData | undefined; educators: Map<number, string> }>({
    data: undefined,
    educators: new Map(),
  });
  if (bookingsData && bookingsData !== seen.data)
    setSeen({ data: bookingsData, educators: mergeEducators(seen.educators, bookingsData.bookings) });

  const selectedClients = useMemo(() => (tree ? allClients(tree).filter((c) => clientIds.includes(c.clientId)) : []), [tree, clientIds]);
  const showClient = selectedClients.length > 1;
  const locations = useMemo<FilterOption[]>(
    () =>
      selectedClients.flatMap((client) =>
        client.locations.map((location) => ({
          value: location.locationId,
          label: showClient ? locationLabel(client.clientName, location.locationName) : location.locationName,
        })),
      ),
    [selectedClients, showClient],
  );
  const educators = useMemo<FilterOption[]>(
    () => [...seen.educators].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label)),
    [seen.educators],
  );
  return { showClient, locations, educators };
}

/**
 * The list's request for an address: its state, the `GET /v1/bookings` query, and whether it is asked at all (the
 * list shows bookings (booking view) and requests pending approval (pendingBooking view); without either there is
 * nothing to load, and the page says so instead of failing). The page and its route's first request read it.
 */
export function bookingsListRequest(
  tree: PermissionTree | undefined,
  params: URLSearchParams,
  clientIds: readonly number[],
  today: string,
) {
  const state = readListState(params, today);
  const canList = tree
    ? (['booking', 'pendingBooking'] as const).some((scope) =>
        hasPermission(tree, { scope, action: 'view', level: 'selected_client_and_below' }, { selectedClientIds: clientIds }),
      )
    : false;
  return { state, query: toBookingsQuery(state, clientIds), canList, enabled: clientIds.length > 0 && canList };
}

/** The bookings list, asked for by its route once the session check has passed. */
export const bookingsFirstRequests: FirstRequests = ({ search, profile, selectedClientIds }) => {
  const { query, enabled } = bookingsListRequest(profile.links, search, selectedClientIds, localNow().toISODate()!);
  return enabled ? [firstRequest(bookingsQueryOptions(query))] : [];
};

/**
 * The bookings list's state: filters, sort and page in the address, the selected clients' bookings for them, what the
 * caller may do (list, create, see pending requests), the filter options and the caption of the rows shown.
 */
export function useBookingsList() {
  const { t, locale } = useBookingsText();
  const toast = useToast();
  const tree = useProfile().data?.links;
  const clientIds = useSelectedClientIds();
  const [params, setParams] = useSearchParams();
  const today = useMemo(() => localNow().toISODate()!, []);
  const { state, query, canList, enabled } = bookingsListRequest(tree, params, clientIds, today);
  const bookings = useBookings(query, enabled);

  const setState = (next: ListState) => setParams(writeListState(params, next, today));
  const clearFilters = () =>
    setParams(writeListState(params, { ...readListState(new URLSearchParams(), today), pageSize: state.pageSize }, today));
  const closeFeedback = () => {
    const next = new URLSearchParams(params);
    next.delete('feedback');
    setParams(next);
  };

  // Spec §8: 'Cannot load bookings' as a toast, once per failure.
  const failedAt = bookings.errorUpdatedAt;
  useEffect(() => {
    if (failedAt) toast.error(t('list.loadFailed'));
  }, [failedAt, toast, t]);

  const options = useFilterOptions(tree, clientIds, bookings.data);
  // Offered only to a contact who can create there: the route also opens for booking view alone (spec §6).
  const canCreate = tree
    ? meetsRequirement(tree, ROUTE_REQUIREMENTS.bookingsCreate, { selectedClientIds: clientIds }) &&
      meetsRequirement(tree, PAGE_REQUIREMENTS.createBookings, { selectedClientIds: clientIds })
    : false;
  const canSeePending = tree ? meetsRequirement(tree, ROUTE_REQUIREMENTS.bookingsPendingApproval, { selectedClientIds: clientIds }) : false;

  const data = useSlicedAnswer(bookings.data);
  const total = data?.pagination.total ?? 0;
  const rows = data?.bookings ?? [];
  const from = total === 0 ? 0 : query.skip + 1;
  const to = query.skip + rows.length;

  return {
    tree,
    clientIds,
    state,
    setState,
    clearFilters,
    filterCount: activeFilterCount(state, today),
    query,
    canList,
    canCreate,
    canSeePending,
    bookings,
    data,
    total,
    rows,
    caption: t('list.caption', { from: formatCount(from, locale), to: formatCount(to, locale), total: formatCount(total, locale) }),
    ...options,
    feedbackId: feedbackBookingId(params),
    closeFeedback,
  };
}

export type BookingsList = ReturnType<typeof useBookingsList>;
