import * as liveEvents from '../live-events/live-events.port';
import type { FastifyBaseLogger } from 'fastify';
import { allClients, canAtLocation, scopeOf, type PermissionTree, type Scope } from '@portal/contract/permissions';
import type { z } from 'zod';
import { BookingListRow } from '@portal/contract/bookings';
import type { BookingActions, BookingDetail, BookingListItem, BookingsQuery } from '@portal/contract/bookings';
import {
  CANCEL_REFUSAL_TEXT,
  CANCELLABLE_STATUSES,
  cancelRefusal,
  CLOSED_STATUSES,
  EXTENDABLE_STATUSES,
  type CancelRefusal,
} from '@portal/contract/bookings/cancel';
import type { BookingStatus } from '@portal/contract/domain';
import { FORM_MESSAGES } from '@portal/contract/messages';
import { todayIn } from '@portal/contract/school-days';
import { extensionHasRoom, extensionSeries } from '@portal/contract/bookings/extend/pipeline';
import { UNFILLED_RISK_MAX_HOURS, unfilledRisk } from '@portal/contract/unfilled-risk';
import { AppError } from '../../lib/app-error';
import { EXPORT_BATCH_SIZE, keysetBatches } from '../../lib/csv-export';
import type { Tx, Written } from '../../lib/idempotency';
import type { Mailer } from '../../lib/mailer';
import { minuteOf, type PageAnswer, type VersionedAnswers, type VersionedPage } from '../../lib/versioned-answers';
import { forbidden, visibleClients } from '../data-scope/data-scope';
import { DEFAULT_FEATURES, type Features } from '@portal/contract/profile';
import { BookingNotifier } from './booking-notifications';
import { atRiskOf, bookingSnapshot, pageBody, pageOf, rowRisk } from './booking-snapshots';
import { jsonWriter } from '../../lib/response-serializer';
import type { VersionedSnapshots } from '../../lib/versioned-snapshots';
import {
  bookingHead,
  bookingItems,
  requestDetail,
  type BookingItemRow,
  type ExtensionLimits,
  type RequestDetail,
} from '../../read-model/booking-detail.repository';
import {
  bookingIdsAfter,
  cancelBooking,
  clientTimeZone,
  openSoonBookings,
  pageOfBookings,
  type BookingFilter,
  type BookingKeysetRow,
  type BookingSort,
  type Db,
  type DbOrTx,
} from './bookings.repository';

/**
 * The bookings list and detail, and cancel.
 *
 * Who sees a booking: booking view at its location (or its client, or group, inherited); pendingBooking view
 * also shows bookings that are pending approval. Anything else is 'not found', so existence never leaks.
 * Cancelling needs booking delete (or all) at the location: cancelling takes the booking off the roster as
 * deleting would, while booking modify is about changing it (times, extension).
 */

export const BOOKING_NOT_FOUND = 'This booking was not found.';
export const CANCEL_FORBIDDEN = "You don't have permission to cancel bookings at this school.";

type ParsedBookingsQuery = z.output<typeof BookingsQuery>;

export function canSeeBooking(tree: PermissionTree, b: { locationId: number; status: BookingStatus }): boolean {
  return (
    canAtLocation(tree, 'booking', 'view', b.locationId) ||
    (b.status === 'pending_approval' && canAtLocation(tree, 'pendingBooking', 'view', b.locationId))
  );
}

function refusalError(refusal: CancelRefusal): AppError {
  const message = CANCEL_REFUSAL_TEXT[refusal];
  return refusal === 'closed'
    ? new AppError('conflict', { detail: message })
    : new AppError('rule-violation', { detail: message, errors: { status: [message] } });
}

/** What the caller may do with `booking` now; the endpoints enforce the same rules. */
export function bookingActions(
  tree: PermissionTree,
  booking: BookingItemRow,
  requestBookings: readonly BookingItemRow[],
  limits: ExtensionLimits,
  now: Date,
  features: Features = DEFAULT_FEATURES,
): BookingActions {
  const locationId = booking.location.id;
  const b = { ...booking, candidateId: booking.candidate?.id ?? null };
  const mayCancel = canAtLocation(tree, 'booking', 'delete', locationId);
  const refusal = cancelRefusal(b, now);
  const cancelBlockedReason = mayCancel && refusal !== null && refusal !== 'closed' ? CANCEL_REFUSAL_TEXT[refusal] : null;

  const lastOpenDate = requestBookings
    .filter((r) => r.status !== 'cancelled' && r.status !== 'rejected')
    .reduce((last, r) => (r.dateLocal > last ? r.dateLocal : last), '');
  const seriesOpen = lastOpenDate >= todayIn(booking.timeZone, now);
  const mayChange = canAtLocation(tree, 'booking', 'create', locationId) || canAtLocation(tree, 'booking', 'modify', locationId);
  const extend =
    features.enableExtendBooking &&
    mayChange &&
    EXTENDABLE_STATUSES.includes(booking.status) &&
    seriesOpen &&
    extensionHasRoom({
      ...limits,
      series: extensionSeries(requestBookings, booking.dateLocal),
      now,
      timeZone: booking.timeZone,
      startTime: booking.startTimeLocal,
    });

  const quickFeedback =
    booking.status === 'completed' &&
    booking.candidate !== null &&
    !booking.feedbackCompleted &&
    canAtLocation(tree, 'booking', 'view', locationId);

  return {
    cancel: mayCancel && refusal === null,
    cancelBlockedReason,
    extend,
    quickFeedback,
    viewOnly: !mayCancel && !mayChange && !CLOSED_STATUSES.includes(booking.status),
  };
}

export function listItem(row: BookingItemRow): BookingListItem {
  const { cancelReason: _reason, cancelledAt: _at, startUtc: _start, ...item } = row;
  return item;
}

/** A row without its start instant (for answers). */
function withoutStart<T extends { startUtc: Date }>(row: T): Omit<T, 'startUtc'> {
  const { startUtc: _start, ...rest } = row;
  return rest;
}

/**
 * A list row: the booking and its unfilled risk at `now` (the contract's rule). The start instant is the stored
 * `start_utc`: working it out from the local date, time and zone with Luxon took about a fifth of a page's CPU.
 */
export function listRow(row: BookingItemRow, now: Date): BookingListRow {
  return flagged(row, rowRisk(row, now));
}

function flagged(row: BookingItemRow, risk: BookingListRow['unfilledRisk']): BookingListRow {
  const { cancelReason: _reason, cancelledAt: _at, startUtc: _start, ...item } = row;
  return Object.assign(item, { unfilledRisk: risk });
}

/** A request's detail around one of its bookings, with the caller's actions on that booking. */
export function toBookingDetail(
  tree: PermissionTree,
  detail: RequestDetail,
  booking: BookingItemRow,
  now: Date,
  features: Features = DEFAULT_FEATURES,
): BookingDetail {
  const { bookings: all, extensionLimits, ...request } = detail;
  return {
    ...request,
    booking: { ...withoutStart(booking), actions: bookingActions(tree, booking, all, extensionLimits, now, features) },
    bookings: all.map(listItem),
  };
}

/** Scope of the list: booking view, plus pendingBooking view where it adds something (pending bookings only). */
export function listScopes(tree: PermissionTree, clientIds: number[]): { scope: Scope; pendingScope: Scope } {
  const scope = scopeOf(tree, 'booking', 'view', clientIds);
  const pending = scopeOf(tree, 'pendingBooking', 'view', clientIds);
  const wholeClients = new Set(scope.clientIds);
  const locations = new Set(scope.locationIds);
  const clientOfLocation = new Map(allClients(tree).flatMap((c) => c.locations.map((l) => [l.locationId, c.clientId] as const)));
  const pendingScope: Scope = {
    clientIds: pending.clientIds.filter((id) => !wholeClients.has(id)),
    locationIds: pending.locationIds.filter((id) => !locations.has(id) && !wholeClients.has(clientOfLocation.get(id) ?? -1)),
  };
  const nothing = (s: Scope) => s.clientIds.length === 0 && s.locationIds.length === 0;
  if (nothing(scope) && nothing(pendingScope)) throw forbidden();
  return { scope, pendingScope };
}

/**
 * The list's filter for the caller (booking view, plus pendingBooking view for pending bookings; 403 when neither is
 * held among the clients asked for) and whether the bookings at unfilled risk lead the list or are all of it.
 */
function listFilter(tree: PermissionTree, query: ParsedBookingsQuery) {
  const clientIds = visibleClients(tree, query.clientIds).map((c) => c.clientId);
  const { scope, pendingScope } = listScopes(tree, clientIds);
  const filter: BookingFilter = {
    scope,
    pendingScope,
    dateFromLocal: query.dateFromLocal,
    dateToLocal: query.dateToLocal,
    statuses: query.status,
    locationId: query.locationId,
    candidateId: query.candidateId,
  };
  const risk: 'only' | 'first' = query.unfilledRisk === 'true' ? 'only' : 'first';
  return { clientIds, filter, risk };
}

/** Each tree's whole scope, worked out once: a caller's tree is one object for as long as the principal is cached. */
const wholeScopes = new WeakMap<PermissionTree, { clientIds: number[]; filter: BookingFilter }>();

/**
 * Everything the caller's booking view and pending-booking view see, whatever clients are selected: the scope of the
 * snapshot a page may be cut from (booking-snapshots.ts; a selection's scope is part of it), and the clients whose
 * versions name it.
 */
function wholeScope(tree: PermissionTree): { clientIds: number[]; filter: BookingFilter } {
  let whole = wholeScopes.get(tree);
  if (!whole) {
    const clientIds = allClients(tree).map((c) => c.clientId);
    const { scope, pendingScope } = listScopes(tree, clientIds);
    whole = { clientIds, filter: { scope, pendingScope } };
    wholeScopes.set(tree, whole);
  }
  return whole;
}

/** The caller's whole scope at the versions an answer's tag was made of. */
interface SnapshotName {
  filter: BookingFilter;
  versions: string;
}

type ListPage = PageAnswer<BookingListRow[]>;
type VersionedList = VersionedPage<BookingListRow[]>;

/** A list row's JSON as the lists' routes write it (their answer is an array of these). */
let listRowWriter: ((row: BookingListRow) => string) | undefined;
const writeListRow = (row: BookingListRow) => (listRowWriter ??= jsonWriter(BookingListRow))(row);
/** A list row's JSON when it is not at unfilled risk (a snapshot keeps these). */
const writeUnflagged = (row: BookingItemRow) => writeListRow(flagged(row, null));

export class BookingsService {
  private readonly notifier: BookingNotifier;

  constructor(
    private readonly db: Db,
    mailer: Mailer,
    private readonly now: () => Date,
    private readonly answers: VersionedAnswers,
    private readonly snapshots: VersionedSnapshots,
    log?: FastifyBaseLogger,
  ) {
    this.notifier = new BookingNotifier(db, mailer, log);
  }

  /**
   * The list as a versioned answer (lib/versioned-answers.ts): its tag as the data stands now, and how to compute
   * it. The key holds everything the answer depends on besides the data of the visible clients: the resolved scope
   * (so callers who see different rows never share an answer), the query, and the minute (the unfilled-risk flags
   * and the list's order change only on whole minutes: starts are whole minutes, zone offsets too). Its versions are
   * those of every client the caller sees, selected or not, so that the page may be cut from the whole scope's snapshot.
   */
  async listAnswer(tree: PermissionTree, query: ParsedBookingsQuery): Promise<VersionedList> {
    const now = this.now();
    const { filter, risk } = listFilter(tree, query);
    const whole = wholeScope(tree);
    const { sort, skip, take } = query;
    return this.answers.versioned(['bookings', minuteOf(now), filter, sort, skip, take, risk], whole.clientIds, (versions) =>
      this.page(filter, sort, skip, take, now, risk, { filter: whole.filter, versions }),
    );
  }

  /**
   * GET /v1/bookings as CSV: every row the list's filters match, in the list's order (skip and take aside): the
   * bookings at unfilled risk first, then the sorted rest read a keyset page at a time. The scope is decided now
   * (403 before anything is sent); the rows are read as they are written.
   */
  exportBatches(tree: PermissionTree, query: ParsedBookingsQuery): AsyncIterable<readonly BookingListRow[]> {
    const { filter, risk } = listFilter(tree, query);
    return this.exportRows(filter, query.sort, risk);
  }

  private async *exportRows(filter: BookingFilter, sort: BookingSort, risk: 'only' | 'first'): AsyncGenerator<readonly BookingListRow[]> {
    const now = this.now();
    const rows = async (ids: readonly number[]) => (await bookingItems(this.db, ids)).map((r) => listRow(r, now));
    const atRisk = await this.atRiskIds(filter, now);
    for (let i = 0; i < atRisk.length; i += EXPORT_BATCH_SIZE) yield await rows(atRisk.slice(i, i + EXPORT_BATCH_SIZE));
    if (risk === 'only') return;
    const rest: BookingFilter = atRisk.length > 0 ? { ...filter, excludeIds: atRisk } : filter;
    yield* keysetBatches(
      (last: BookingKeysetRow | undefined) => bookingIdsAfter(this.db, rest, sort, last?.keyset, EXPORT_BATCH_SIZE),
      (page) => rows(page.map((r) => r.id)),
    );
  }

  /** One client's bookings from a date (default: today at the client's first location), by date; versioned. */
  async clientListAnswer(
    tree: PermissionTree,
    clientId: number,
    query: { dateFromLocal?: string | undefined; skip: number; take: number },
  ): Promise<VersionedList> {
    const now = this.now();
    visibleClients(tree, [clientId]);
    const { scope, pendingScope } = listScopes(tree, [clientId]);
    const whole = wholeScope(tree);
    const { dateFromLocal, skip, take } = query;
    const load = async (versions: string) => {
      const from = dateFromLocal ?? todayIn((await clientTimeZone(this.db, clientId)) ?? 'UTC', now);
      const filter: BookingFilter = { scope, pendingScope, clientId, dateFromLocal: from };
      return this.page(filter, 'date', skip, take, now, 'flag', { filter: whole.filter, versions });
    };
    return this.answers.versioned(
      ['client-bookings', minuteOf(now), clientId, scope, pendingScope, dateFromLocal ?? null, skip, take],
      whole.clientIds,
      load,
    );
  }

  /**
   * A page of the list at `now`. `risk`: 'first' puts the bookings at unfilled risk before the sorted rest (soonest
   * first), 'only' answers just those, 'flag' (the default) only flags rows. The candidates come from an
   * index-served query bounded by UNFILLED_RISK_MAX_HOURS; the contract's rule decides which are at risk. `whole`:
   * the caller's whole scope at the answer's versions, whose snapshot answers the page from memory when there is one.
   */
  private async page(
    filter: BookingFilter,
    sort: BookingSort,
    skip: number,
    take: number,
    now: Date,
    risk: 'first' | 'only' | 'flag' = 'flag',
    whole?: SnapshotName,
  ): Promise<ListPage> {
    const snapshot = whole && (await bookingSnapshot(this.snapshots, this.db, whole.filter, whole.versions, writeUnflagged));
    if (snapshot) {
      const atRisk = risk === 'flag' ? [] : atRiskOf(snapshot, filter, now);
      const { indexes, total } =
        risk === 'only'
          ? { indexes: atRisk.slice(skip, skip + take), total: atRisk.length }
          : pageOf(snapshot, filter, sort, skip, take, atRisk);
      return { json: pageBody(snapshot, indexes, now, (r) => writeListRow(listRow(r, now))), pagination: { total, skip, take } };
    }
    const atRisk = risk === 'flag' ? [] : await this.atRiskIds(filter, now);
    if (risk === 'only') {
      const rows = await bookingItems(this.db, atRisk.slice(skip, skip + take));
      return { answer: rows.map((r) => listRow(r, now)), pagination: { total: atRisk.length, skip, take } };
    }
    const { rows, total } = await pageOfBookings(this.db, filter, sort, skip, take, atRisk);
    return { answer: rows.map((r) => listRow(r, now)), pagination: { total, skip, take } };
  }

  /** The filtered bookings at unfilled risk at `now`, soonest first: the contract's rule over the open ones starting soon. */
  private async atRiskIds(filter: BookingFilter, now: Date): Promise<number[]> {
    const open = await openSoonBookings(this.db, filter, now, new Date(now.getTime() + UNFILLED_RISK_MAX_HOURS * 3_600_000));
    return open
      .filter((b) => unfilledRisk({ status: b.status, hasEducator: b.candidateId !== null, start: b.startUtc, zone: b.timeZone }, now))
      .map((b) => b.id);
  }

  /**
   * `features`: the caller's feature flags (the extend action follows enableExtendBooking). `seen`: the caller was
   * already shown this booking (e.g. it just cancelled it), so its visibility is not re-checked.
   */
  async detail(
    tree: PermissionTree,
    id: number,
    features: Features = DEFAULT_FEATURES,
    db: DbOrTx = this.db,
    seen = false,
  ): Promise<BookingDetail> {
    const head = await bookingHead(db, id);
    if (!head || (!seen && !canSeeBooking(tree, head))) throw new AppError('not-found', { detail: BOOKING_NOT_FOUND });
    const detail = await requestDetail(db, head.requestId);
    const booking = detail?.bookings.find((b) => b.id === id);
    if (!detail || !booking) throw new AppError('not-found', { detail: BOOKING_NOT_FOUND });
    return toBookingDetail(tree, detail, booking, this.now(), features);
  }

  /**
   * Cancels one booking with a reason, in the write's transaction (which stores the Idempotency-Key's answer, the
   * updated detail); once committed, tells its confirmation contacts.
   */
  async cancel(
    tx: Tx,
    tree: PermissionTree,
    contactId: number,
    id: number,
    cancelReason: string,
    features: Features = DEFAULT_FEATURES,
  ): Promise<Written<BookingDetail>> {
    const head = await bookingHead(tx, id);
    if (!head || !canSeeBooking(tree, head)) throw new AppError('not-found', { detail: BOOKING_NOT_FOUND });
    if (!canAtLocation(tree, 'booking', 'delete', head.locationId)) throw forbidden(CANCEL_FORBIDDEN);
    const reason = cancelReason.trim();
    if (!reason) throw AppError.field('cancelReason', FORM_MESSAGES.required);

    const now = this.now();
    const locked = await bookingHead(tx, id, { forUpdate: true });
    if (!locked) throw new AppError('not-found', { detail: BOOKING_NOT_FOUND });
    const refusal = cancelRefusal(locked, now);
    if (refusal) throw refusalError(refusal);
    await cancelBooking(tx, id, { from: CANCELLABLE_STATUSES, reason, at: now, byContactId: contactId });
    await liveEvents.record(tx, { kind: 'booking.cancelled', bookingIds: [id] });
    // A pending booking seen through pendingBooking view is no longer pending once cancelled: answer it anyway.
    const detail = await this.detail(tree, id, features, tx, true);
    return {
      status: 200,
      body: detail,
      afterCommit: () => this.notifier.requestEvent(head.requestId, 'cancelled', { bookingIds: [id], reason }),
    };
  }
}
