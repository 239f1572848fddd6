import type { Scope } from '@portal/contract/permissions';
import { BOOKING_SORTS } from '@portal/contract/bookings';
import { BOOKING_STATUSES } from '@portal/contract/domain';
import { UNFILLED_RISK_MAX_HOURS, unfilledRisk } from '@portal/contract/unfilled-risk';
import type { BookingItemRow } from '../../read-model/booking-detail.repository';
import { countVisibleUpTo, rankedBookings, type BookingFilter, type BookingSort, type DbOrTx } from './bookings.repository';

/**
 * The bookings a caller's whole scope sees, held in memory as one version of the data (docs/decisions/033): a page of
 * the list, or of a client's bookings, is then filtered, ordered and cut here instead of in three or four statements.
 *
 * A snapshot is named by the scope and the data versions of the scope's clients, read before it is built (as an
 * answer's tag is: lib/versioned-answers.ts), so it is never older than the versions it is kept under; a write to any
 * of those clients makes new versions and the next page a new snapshot. Its rows and their places in each sort are
 * read in one statement, in the pages' own ORDER BY keys (so the database's collation orders names, as the pages did).
 *
 * Building one reads every row of the scope, so it is built only when a second page is asked of the same data (a
 * scope written to between every read keeps reading pages from the database, as before), and only for a scope of at
 * most `maxRows` bookings (a larger one is not looked at again for a while). Snapshots are kept up to `budgetRows`
 * rows in all, the least recently used leaving first.
 */

/** Everything `pageOf` answers from: a scope's rows, each sort's order, and the open rows by start. */
export interface BookingSnapshot {
  rows: readonly BookingItemRow[];
  /** Row indexes in each sort's order. */
  order: Readonly<Record<BookingSort, Uint32Array>>;
  /** Each row's place in each sort's order (from 0), by row index. */
  place: Readonly<Record<BookingSort, Uint32Array>>;
  /** Indexes of the unfilled rows without an educator, soonest start first (ties by id): the unfilled-risk candidates. */
  open: Uint32Array;
  /** What the filters read of each row, by row index (an educator's id 0 when there is none; a status its index). */
  columns: Readonly<Record<'id' | 'client' | 'location' | 'candidate' | 'date', Int32Array> & { status: Uint8Array }>;
}

/** A page cut from a snapshot. */
export interface SnapshotPage {
  rows: BookingItemRow[];
  total: number;
}

const DAY_MS = 86_400_000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** A date as a number (2026-03-16 → 20260316): the same order as the text. */
const dayNumber = (date: string) => Number(date.slice(0, 4)) * 10_000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));
const PENDING = BOOKING_STATUSES.indexOf('pending_approval');

/**
 * `bookingFilter` (bookings.repository.ts) over a row of the snapshot, by its index: the scope, pending scope and every
 * narrowing, read from the snapshot's columns.
 */
function matcher(snapshot: BookingSnapshot, f: BookingFilter): (index: number) => boolean {
  const { client, location, candidate, status, date, id } = snapshot.columns;
  const sets = (s: Scope | undefined) => ({ clients: new Set(s?.clientIds ?? []), locations: new Set(s?.locationIds ?? []) });
  const scope = sets(f.scope);
  const pending = sets(f.pendingScope);
  const statuses = f.statuses && f.statuses.length > 0 ? new Set(f.statuses.map((s) => BOOKING_STATUSES.indexOf(s))) : undefined;
  const excluded = f.excludeIds && f.excludeIds.length > 0 ? new Set(f.excludeIds) : undefined;
  const from = f.dateFromLocal === undefined ? undefined : dayNumber(f.dateFromLocal);
  const to = f.dateToLocal === undefined ? undefined : dayNumber(f.dateToLocal);
  return (i) =>
    (scope.clients.has(client[i]!) ||
      scope.locations.has(location[i]!) ||
      (status[i] === PENDING && (pending.clients.has(client[i]!) || pending.locations.has(location[i]!)))) &&
    (f.clientId === undefined || client[i] === f.clientId) &&
    (from === undefined || date[i]! >= from) &&
    (to === undefined || date[i]! <= to) &&
    (statuses === undefined || statuses.has(status[i]!)) &&
    (f.locationId === undefined || location[i] === f.locationId) &&
    (f.candidateId === undefined || candidate[i] === f.candidateId) &&
    (excluded === undefined || !excluded.has(id[i]!));
}

/**
 * The filtered rows at unfilled risk at `now`, soonest first: the candidates `openSoonBookings` reads (open, no
 * educator, starting in the next UNFILLED_RISK_MAX_HOURS, local date a day either side), decided by the contract's rule.
 */
export function atRiskOf(snapshot: BookingSnapshot, filter: BookingFilter, now: Date): BookingItemRow[] {
  const matches = matcher(snapshot, filter);
  const from = now.getTime();
  const until = from + UNFILLED_RISK_MAX_HOURS * 3_600_000;
  const fromDate = isoDay(from - DAY_MS);
  const toDate = isoDay(until + DAY_MS);
  const found: BookingItemRow[] = [];
  const { open, rows } = snapshot;
  // The open rows are by start: from the first starting after now, until the span ends.
  for (let at = firstWhere(open.length, (i) => rows[open[i]!]!.startUtc.getTime() > from); at < open.length; at++) {
    const r = rows[open[at]!]!;
    if (r.startUtc.getTime() >= until) break;
    if (r.dateLocal < fromDate || r.dateLocal > toDate || !matches(open[at]!)) continue;
    if (unfilledRisk({ status: r.status, hasEducator: r.candidate !== null, start: r.startUtc, zone: r.timeZone }, now)) found.push(r);
  }
  return found;
}

/** The first of 0 … length - 1 where `holds` (which holds from some point on) holds; `length` if nowhere. */
function firstWhere(length: number, holds: (at: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (holds(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * A page as `pageOfBookings` answers it: the filtered rows in `sort`'s order after the rows of `first` (ids matching
 * the filter that lead the list whatever the sort), skipped and taken, and the total of the filtered rows.
 *
 * Only the rows of the filter's dates are looked at (found in the date order by halving). In another sort, a narrow
 * range's matches are put in order by their places; a wide one is walked in that sort's own order instead.
 */
export function pageOf(
  snapshot: BookingSnapshot,
  filter: BookingFilter,
  sort: BookingSort,
  skip: number,
  take: number,
  first: readonly BookingItemRow[] = [],
): SnapshotPage {
  const { rows, order, place } = snapshot;
  const matches = matcher(snapshot, filter);
  const { id } = snapshot.columns;
  const leading = new Set(first.map((r) => r.id));
  const page = first.slice(skip, skip + take);
  const restSkip = Math.max(0, skip - first.length);
  const restTake = take - page.length;
  const byDate = order.date;
  const { dateFromLocal: from, dateToLocal: to } = filter;
  const { date } = snapshot.columns;
  const fromDay = from === undefined ? undefined : dayNumber(from);
  const toDay = to === undefined ? undefined : dayNumber(to);
  const low = fromDay === undefined ? 0 : firstWhere(byDate.length, (at) => date[byDate[at]!]! >= fromDay);
  const high = toDay === undefined ? byDate.length : firstWhere(byDate.length, (at) => date[byDate[at]!]! > toDay);
  let total = 0;

  if (sort !== 'date' && sort !== '-date' && high - low > byDate.length / 4) {
    let skipping = restSkip;
    for (const index of order[sort]) {
      if (!matches(index)) continue;
      total++;
      if (leading.size > 0 && leading.has(id[index]!)) continue;
      if (skipping > 0) skipping--;
      else if (page.length < take) page.push(rows[index]!);
    }
    return { rows: page, total };
  }

  const rest = new Uint32Array(Math.max(0, high - low));
  let kept = 0;
  for (let at = low; at < high; at++) {
    const index = byDate[at]!;
    if (!matches(index)) continue;
    total++;
    if (leading.size === 0 || !leading.has(id[index]!)) rest[kept++] = index;
  }
  if (sort === 'date') {
    for (const index of rest.subarray(restSkip, Math.min(kept, restSkip + restTake))) page.push(rows[index]!);
  } else if (sort === '-date') {
    const end = kept - restSkip;
    for (let at = end - 1; at >= Math.max(0, end - restTake); at--) page.push(rows[rest[at]!]!);
  } else {
    const places = rest
      .subarray(0, kept)
      .map((index) => place[sort][index]!)
      .sort();
    for (const at of places.subarray(restSkip, restSkip + restTake)) page.push(rows[order[sort][at]!]!);
  }
  return { rows: page, total };
}

/** Builds a snapshot from ranked rows (each row's place in each sort, from 1). */
export function snapshotOf(ranked: ReadonlyArray<{ item: BookingItemRow; ranks: Readonly<Record<BookingSort, number>> }>): BookingSnapshot {
  const rows = ranked.map((r) => r.item);
  const order = {} as Record<BookingSort, Uint32Array>;
  const place = {} as Record<BookingSort, Uint32Array>;
  for (const sort of BOOKING_SORTS) {
    const bySort = new Uint32Array(ranked.length);
    const places = new Uint32Array(ranked.length);
    ranked.forEach((r, index) => {
      bySort[r.ranks[sort] - 1] = index;
      places[index] = r.ranks[sort] - 1;
    });
    order[sort] = bySort;
    place[sort] = places;
  }
  const open = rows
    .map((r, index) => ({ r, index }))
    .filter(({ r }) => r.status === 'unfilled' && r.candidate === null)
    .sort((a, b) => a.r.startUtc.getTime() - b.r.startUtc.getTime() || a.r.id - b.r.id)
    .map(({ index }) => index);
  const columns = {
    id: Int32Array.from(rows, (r) => r.id),
    client: Int32Array.from(rows, (r) => r.client.id),
    location: Int32Array.from(rows, (r) => r.location.id),
    candidate: Int32Array.from(rows, (r) => r.candidate?.id ?? 0),
    date: Int32Array.from(rows, (r) => dayNumber(r.dateLocal)),
    status: Uint8Array.from(rows, (r) => BOOKING_STATUSES.indexOf(r.status)),
  };
  return { rows, order, place, open: Uint32Array.from(open), columns };
}

interface Kept {
  snapshot: BookingSnapshot;
  rows: number;
}

export interface BookingSnapshotsOptions {
  /** Rows kept in all (0: none, every page is read from the database). */
  budgetRows: number;
  /** The most rows of one scope held (a larger scope's pages are read from the database). */
  maxRows: number;
  /** How long a scope found larger than `maxRows` is not counted again. */
  recheckLargeAfterMs: number;
  now: () => Date;
}

/** What a kept row costs in memory, about (measured: bench/RESULTS.md). */
export const SNAPSHOT_ROW_BYTES = 1024;
/** The most rows of one scope held. */
export const SNAPSHOT_MAX_ROWS = 50_000;

export class BookingSnapshots {
  /** Snapshots in `bytes` of memory (config ANSWER_CACHE_MB; 0: none): one scope at most half of it. */
  static within(db: DbOrTx, bytes: number, now: () => Date): BookingSnapshots {
    const budgetRows = Math.floor(bytes / SNAPSHOT_ROW_BYTES);
    return new BookingSnapshots(db, {
      budgetRows,
      maxRows: Math.min(SNAPSHOT_MAX_ROWS, Math.floor(budgetRows / 2)),
      recheckLargeAfterMs: 10 * 60_000,
      now,
    });
  }

  private readonly kept = new Map<string, Kept>();
  /** The name of each scope's kept snapshot. */
  private readonly latest = new Map<string, string>();
  private readonly building = new Map<string, Promise<BookingSnapshot | undefined>>();
  /** Pages computed per snapshot name not yet built (the second builds it). */
  private readonly asked = new Map<string, number>();
  /** Scopes found too large, and until when. */
  private readonly large = new Map<string, number>();
  private keptRows = 0;
  /** Scopes counted, snapshots built and pages answered from one (for tests and the bench). */
  readonly counts = { counted: 0, built: 0, pages: 0 };

  constructor(
    private readonly db: DbOrTx,
    private readonly options: BookingSnapshotsOptions,
  ) {}

  /**
   * The snapshot of `scope` (its whole filter: scope and pending scope) at `versions` (the versions of its clients,
   * read before this call), when one is kept or worth building now; undefined: read the page from the database.
   */
  async of(scope: BookingFilter, versions: string): Promise<BookingSnapshot | undefined> {
    if (this.options.budgetRows <= 0) return undefined;
    const scopeKey = JSON.stringify([scope.scope, scope.pendingScope ?? null]);
    const name = `${scopeKey}\n${versions}`;
    const hit = this.kept.get(name);
    if (hit) {
      this.kept.delete(name);
      this.kept.set(name, hit);
      this.counts.pages++;
      return hit.snapshot;
    }
    const running = this.building.get(name);
    if (running) {
      const snapshot = await running;
      if (snapshot) this.counts.pages++;
      return snapshot;
    }
    const largeUntil = this.large.get(scopeKey);
    if (largeUntil !== undefined && largeUntil > this.options.now().getTime()) return undefined;
    const asks = (this.asked.get(name) ?? 0) + 1;
    if (asks < 2) {
      // Bounded: names of data that is never asked again are forgotten.
      if (this.asked.size >= 1000) this.asked.clear();
      this.asked.set(name, asks);
      return undefined;
    }
    this.asked.delete(name);
    const built = this.build(scope, scopeKey).finally(() => this.building.delete(name));
    this.building.set(name, built);
    const snapshot = await built;
    if (snapshot) {
      this.keep(name, scopeKey, snapshot);
      this.counts.pages++;
    }
    return snapshot;
  }

  private async build(scope: BookingFilter, scopeKey: string): Promise<BookingSnapshot | undefined> {
    const { maxRows } = this.options;
    this.counts.counted++;
    if ((await countVisibleUpTo(this.db, scope, maxRows)) > maxRows) {
      if (this.large.size >= 1000) this.large.clear();
      this.large.set(scopeKey, this.options.now().getTime() + this.options.recheckLargeAfterMs);
      return undefined;
    }
    this.large.delete(scopeKey);
    this.counts.built++;
    return snapshotOf(await rankedBookings(this.db, scope));
  }

  private keep(name: string, scopeKey: string, snapshot: BookingSnapshot) {
    const rows = snapshot.rows.length;
    if (rows > this.options.budgetRows) return;
    // A scope's older data is not asked for again: its snapshot leaves as the new one comes.
    const before = this.latest.get(scopeKey);
    const replaced = before === undefined ? undefined : this.kept.get(before);
    if (before !== undefined && replaced) {
      this.kept.delete(before);
      this.keptRows -= replaced.rows;
    }
    this.latest.set(scopeKey, name);
    this.kept.set(name, { snapshot, rows });
    this.keptRows += rows;
    for (const [oldest, kept] of this.kept) {
      if (this.keptRows <= this.options.budgetRows) break;
      this.kept.delete(oldest);
      this.keptRows -= kept.rows;
      const scopeOfOldest = oldest.slice(0, oldest.indexOf('\n'));
      if (this.latest.get(scopeOfOldest) === oldest) this.latest.delete(scopeOfOldest);
    }
  }

  /** Snapshots kept and their rows (for tests and the bench). */
  get size(): { snapshots: number; rows: number } {
    return { snapshots: this.kept.size, rows: this.keptRows };
  }
}
