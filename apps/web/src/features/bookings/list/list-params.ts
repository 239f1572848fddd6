import { BOOKING_SORTS, MAX_PAGE_SIZE } from '@portal/contract/bookings';
import { BOOKING_STATUSES, type BookingStatus } from '@portal/contract/domain';

/**
 * The bookings list's filters, sort and page live in the address (so a reload, a shared link or the back button
 * keep them). These functions read and write them; the page turns them into the `GET /v1/bookings` query.
 */
export type BookingSort = (typeof BOOKING_SORTS)[number];
export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 25;

/** The query string of `GET /v1/bookings` (the contract's BookingsQuery, as the browser sends it). */
export interface BookingsListQuery {
  clientIds: number[];
  dateFromLocal?: string;
  dateToLocal?: string;
  status?: BookingStatus[];
  locationId?: number;
  candidateId?: number;
  sort: BookingSort;
  skip: number;
  take: number;
}

export interface ListState {
  /** 'YYYY-MM-DD'; undefined: no bound. */
  dateFrom: string | undefined;
  dateTo: string | undefined;
  statuses: BookingStatus[];
  locationId: number | undefined;
  candidateId: number | undefined;
  sort: BookingSort;
  /** 0-based. */
  page: number;
  pageSize: number;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : undefined;
}

/**
 * Reads the state; `today` is the default first date (upcoming bookings first). `from=` (empty) means no
 * first date at all.
 */
export function readListState(params: URLSearchParams, today: string): ListState {
  const from = params.get('from');
  const to = params.get('to');
  const sort = params.get('sort');
  const size = positiveInt(params.get('size'));
  const page = positiveInt(params.get('page'));
  return {
    dateFrom: from === null ? today : ISO_DATE.test(from) ? from : undefined,
    dateTo: to && ISO_DATE.test(to) ? to : undefined,
    statuses: params.getAll('status').filter((s): s is BookingStatus => (BOOKING_STATUSES as readonly string[]).includes(s)),
    locationId: positiveInt(params.get('location')),
    candidateId: positiveInt(params.get('educator')),
    sort: (BOOKING_SORTS as readonly string[]).includes(sort ?? '') ? (sort as BookingSort) : 'date',
    page: page ? page - 1 : 0,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/**
 * Writes the state over the current parameters (keeping others, such as `feedback`). Defaults are left out,
 * so the plain /bookings address means the default list.
 */
export function writeListState(current: URLSearchParams, state: ListState, today: string): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['from', 'to', 'status', 'location', 'educator', 'sort', 'page', 'size']) next.delete(key);
  if (state.dateFrom !== today) next.set('from', state.dateFrom ?? '');
  if (state.dateTo) next.set('to', state.dateTo);
  for (const status of state.statuses) next.append('status', status);
  if (state.locationId) next.set('location', String(state.locationId));
  if (state.candidateId) next.set('educator', String(state.candidateId));
  if (state.sort !== 'date') next.set('sort', state.sort);
  if (state.page > 0) next.set('page', String(state.page + 1));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) next.set('size', String(state.pageSize));
  return next;
}

/** A change of filter or sort goes back to the first page. */
export function withFilters(state: ListState, change: Partial<Omit<ListState, 'page'>>): ListState {
  return { ...state, ...change, page: 0 };
}

/** How many filters differ from the defaults (shown on the phone's filter button). */
export function activeFilterCount(state: ListState, today: string): number {
  return (
    (state.dateFrom !== today ? 1 : 0) +
    (state.dateTo ? 1 : 0) +
    (state.statuses.length > 0 ? 1 : 0) +
    (state.locationId ? 1 : 0) +
    (state.candidateId ? 1 : 0)
  );
}

/** The `GET /v1/bookings` query of a state. A last date before the first is swapped rather than refused. */
export function toBookingsQuery(state: ListState, clientIds: readonly number[]): BookingsListQuery {
  let { dateFrom, dateTo } = state;
  if (dateFrom && dateTo && dateTo < dateFrom) [dateFrom, dateTo] = [dateTo, dateFrom];
  const take = Math.min(state.pageSize, MAX_PAGE_SIZE);
  return {
    clientIds: [...clientIds],
    ...(dateFrom ? { dateFromLocal: dateFrom } : {}),
    ...(dateTo ? { dateToLocal: dateTo } : {}),
    ...(state.statuses.length > 0 ? { status: [...state.statuses] } : {}),
    ...(state.locationId ? { locationId: state.locationId } : {}),
    ...(state.candidateId ? { candidateId: state.candidateId } : {}),
    sort: state.sort,
    skip: state.page * take,
    take,
  };
}

/** `?feedback=<id>` (the full feedback form link of `GET /v1/bookings/{id}/feedback-form`). */
export function feedbackBookingId(params: URLSearchParams): number | undefined {
  return positiveInt(params.get('feedback'));
}

/** Block bookings show 'position of total'; undefined for a single booking. */
export function seriesPosition(item: {
  seriesPosition: number | null;
  seriesTotal: number | null;
}): { position: number; total: number } | undefined {
  if (item.seriesPosition === null || item.seriesTotal === null || item.seriesTotal < 1) return undefined;
  return { position: item.seriesPosition, total: item.seriesTotal };
}
