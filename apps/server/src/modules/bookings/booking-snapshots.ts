import type { Scope } from '@portal/contract/permissions';
import { BOOKING_SORTS } from '@portal/contract/bookings';
import { BOOKING_STATUSES } from '@portal/contract/domain';
import { UNFILLED_RISK_MAX_HOURS, unfilledRisk } from '@portal/contract/unfilled-risk';
import type { BookingItemRow } from '../../read-model/booking-detail.repository';
import type { VersionedSnapshots } from '../../lib/versioned-snapshots';
import { keyText } from '../../lib/versioned-answers';
import { countVisibleUpTo, rankedBookings, type BookingFilter, type BookingSort, type DbOrTx } from './bookings.repository';

/**
 * The bookings a caller's whole scope sees, held in memory as one version of the data (docs/decisions/033): a page of
 * the list, or of a client's bookings, is then filtered, ordered and cut here instead of in three or four statements.
 * The snapshots are kept, named by scope and data versions, and built when worth it, by lib/versioned-snapshots.ts.
 * A snapshot's rows and their places in each sort are read in one statement, in the pages' own ORDER BY keys (so the
 * database's collation orders names, as the pages did).
 */

/** Everything `pageOf` answers from: a scope's rows, each sort's order, and the open rows by start. */
export interface BookingSnapshot {
  /** The rows in the list's `date` order: a row's index is its place in that order, and a range of dates a range of rows. */
  rows: readonly BookingItemRow[];
  /** Row indexes in each sort's order. */
  order: Readonly<Record<BookingSort, Uint32Array>>;
  /** Each row's place in each sort's order (from 0), by row index. */
  place: Readonly<Record<BookingSort, Uint32Array>>;
  /** Indexes of the unfilled rows without an educator, soonest start first (ties by id): the unfilled-risk candidates. */
  open: Uint32Array;
  /**
   * What the filters read of each row, by row index (an educator's id 0 when there is none; a status its index;
   * `site` the row's location as an index of `sites`).
   */
  columns: Readonly<Record<'id' | 'candidate' | 'date', Int32Array> & { status: Uint8Array; site: Int32Array }>;
  /** The scope's locations that have rows, each with its client: what a filter's scope decides once per location. */
  sites: ReadonlyArray<{ location: number; client: number }>;
  /** By site and status (its index): the indexes of the site's rows of that status, ascending. */
  siteStatusRows: ReadonlyArray<readonly Int32Array[]>;
  /** The rows' JSON, written a block of rows at a time when a page first sends one of them (`blockOf`). */
  json: RowJson;
}

/**
 * The JSON of rows as the list writes them when they are not at unfilled risk (`written`), each followed by a comma, in
 * blocks of BLOCK_ROWS rows in row order: row i is `blocks[i / BLOCK_ROWS]` from `start[i]` to `end[i]`.
 */
interface RowJson {
  blocks: Array<Buffer | undefined>;
  start: Uint32Array;
  end: Uint32Array;
  written: (row: BookingItemRow) => string;
}

/** Rows written together: a page's rows lie close in date order, and a snapshot often serves only a few pages. */
const BLOCK_ROWS = 128;

/** A row's unfilled risk at `now` (the contract's rule), or null. */
export const rowRisk = (r: BookingItemRow, now: Date) =>
  unfilledRisk({ status: r.status, hasEducator: r.candidate !== null, start: r.startUtc, zone: r.timeZone }, now);

/** A page cut from a snapshot: its rows' indexes, in the page's order. */
export interface SnapshotPage {
  indexes: number[];
  total: number;
}

const DAY_MS = 86_400_000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** A date as a number (2026-03-16 → 20260316): the same order as the text. */
const dayNumber = (date: string) => Number(date.slice(0, 4)) * 10_000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));
const PENDING = BOOKING_STATUSES.indexOf('pending_approval');

const IN_SCOPE = 1;
const IF_PENDING = 2;

/** A filter over the snapshot's rows: the row test, and what a count by location and status reads. */
interface Matching {
  matches: (index: number) => boolean;
  /** By site: IN_SCOPE, IF_PENDING (its pending rows only) or 0. */
  verdict: Uint8Array;
  /** The statuses asked for (their indexes), if any. */
  statuses: Set<number> | undefined;
  /** Nothing narrows beyond the scopes, dates, locations and statuses (`COUNTED`): `countOf` counts it exactly. */
  countable: boolean;
}

/**
 * `bookingFilter` (bookings.repository.ts) over a row of the snapshot, by its index: the scope, pending scope and every
 * narrowing, read from the snapshot's columns. What depends only on the row's location (the scopes, the client and the
 * location asked for) is decided once per location of the snapshot, not per row.
 */
function matcher(snapshot: BookingSnapshot, f: BookingFilter): Matching {
  const { site, candidate, status, date, id } = snapshot.columns;
  const sets = (s: Scope | undefined) => ({ clients: new Set(s?.clientIds ?? []), locations: new Set(s?.locationIds ?? []) });
  const scope = sets(f.scope);
  const pending = sets(f.pendingScope);
  const verdict = Uint8Array.from(snapshot.sites, ({ location, client }) =>
    (f.clientId !== undefined && client !== f.clientId) || (f.locationId !== undefined && location !== f.locationId)
      ? 0
      : scope.clients.has(client) || scope.locations.has(location)
        ? IN_SCOPE
        : pending.clients.has(client) || pending.locations.has(location)
          ? IF_PENDING
          : 0,
  );
  const statuses = f.statuses && f.statuses.length > 0 ? new Set(f.statuses.map((s) => BOOKING_STATUSES.indexOf(s))) : undefined;
  const excluded = f.excludeIds && f.excludeIds.length > 0 ? new Set(f.excludeIds) : undefined;
  const from = f.dateFromLocal === undefined ? undefined : dayNumber(f.dateFromLocal);
  const to = f.dateToLocal === undefined ? undefined : dayNumber(f.dateToLocal);
  const matches = (i: number) => {
    const v = verdict[site[i]!];
    return (
      (v === IN_SCOPE || (v === IF_PENDING && status[i] === PENDING)) &&
      (from === undefined || date[i]! >= from) &&
      (to === undefined || date[i]! <= to) &&
      (statuses === undefined || statuses.has(status[i]!)) &&
      (f.candidateId === undefined || candidate[i] === f.candidateId) &&
      (excluded === undefined || !excluded.has(id[i]!))
    );
  };
  const countable = Object.entries(f).every(
    ([key, value]) => value === undefined || (Array.isArray(value) && value.length === 0) || COUNTED.has(key as keyof BookingFilter),
  );
  return { matches, verdict, statuses, countable };
}

/** What `countOf` counts by: a filter that narrows by anything else (an educator, excluded rows, a new one) is not countable. */
const COUNTED: ReadonlySet<keyof BookingFilter> = new Set([
  'scope',
  'pendingScope',
  'clientId',
  'locationId',
  'dateFromLocal',
  'dateToLocal',
  'statuses',
]);

/**
 * How many rows from index `low` up to `high` (a range of dates: rows are held in date order) a countable filter
 * matches, counted by halving each site's (and status's) rows instead of testing every row.
 */
function countOf(snapshot: BookingSnapshot, m: Matching, low: number, high: number): number {
  const between = (rows: Int32Array) => firstWhere(rows.length, (k) => rows[k]! >= high) - firstWhere(rows.length, (k) => rows[k]! >= low);
  let total = 0;
  for (let s = 0; s < m.verdict.length; s++) {
    const v = m.verdict[s];
    const byStatus = snapshot.siteStatusRows[s]!;
    if (v === IN_SCOPE) for (const [status, rows] of byStatus.entries()) total += m.statuses?.has(status) === false ? 0 : between(rows);
    else if (v === IF_PENDING && (m.statuses === undefined || m.statuses.has(PENDING))) total += between(byStatus[PENDING]!);
  }
  return total;
}

/**
 * The filtered rows at unfilled risk at `now`, soonest first: the candidates `openSoonBookings` reads (open, no
 * educator, starting in the next UNFILLED_RISK_MAX_HOURS, local date a day either side), decided by the contract's rule.
 */
export function atRiskOf(snapshot: BookingSnapshot, filter: BookingFilter, now: Date): number[] {
  const { matches } = matcher(snapshot, filter);
  const from = now.getTime();
  const until = from + UNFILLED_RISK_MAX_HOURS * 3_600_000;
  const fromDate = isoDay(from - DAY_MS);
  const toDate = isoDay(until + DAY_MS);
  const found: number[] = [];
  const { open, rows } = snapshot;
  // The open rows are by start: from the first starting after now, until the span ends.
  for (let at = firstWhere(open.length, (i) => rows[open[i]!]!.startUtc.getTime() > from); at < open.length; at++) {
    const r = rows[open[at]!]!;
    if (r.startUtc.getTime() >= until) break;
    if (r.dateLocal < fromDate || r.dateLocal > toDate || !matches(open[at]!)) continue;
    if (rowRisk(r, now)) found.push(open[at]!);
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
 * A page as `pageOfBookings` answers it: the filtered rows in `sort`'s order after the rows of `first` (indexes of
 * rows matching the filter that lead the list whatever the sort), skipped and taken, and the total of the filtered rows.
 *
 * Only the rows of the filter's dates are looked at (found by halving: rows are held in date order), and a filter of
 * dates, schools, locations and statuses alone is counted without them (`countOf`): a page by date is then walked only
 * until it is full. In another sort, the dates' matches are put in order by their places, or that sort's own order is
 * walked until the page is full, whichever should look at fewer rows.
 */
export function pageOf(
  snapshot: BookingSnapshot,
  filter: BookingFilter,
  sort: BookingSort,
  skip: number,
  take: number,
  first: readonly number[] = [],
): SnapshotPage {
  const { order, place, rows } = snapshot;
  const m = matcher(snapshot, filter);
  const { matches } = m;
  const leading = new Set(first);
  const page = first.slice(skip, skip + take);
  const restSkip = Math.max(0, skip - first.length);
  const restTake = take - page.length;
  const { dateFromLocal: from, dateToLocal: to } = filter;
  const { date } = snapshot.columns;
  const fromDay = from === undefined ? undefined : dayNumber(from);
  const toDay = to === undefined ? undefined : dayNumber(to);
  const low = fromDay === undefined ? 0 : firstWhere(rows.length, (at) => date[at]! >= fromDay);
  const high = toDay === undefined ? rows.length : firstWhere(rows.length, (at) => date[at]! > toDay);
  const counted = m.countable ? countOf(snapshot, m, low, high) : undefined;
  let total = 0;
  // In another sort, the page is walked in that sort's order when that should look at fewer rows than the dates hold:
  // with the count known, the matches taken as spread evenly over that order; without it, a wide range of dates.
  const walkSortOrder =
    counted === undefined ? high - low > rows.length / 4 : counted > 0 && ((restSkip + restTake) * rows.length) / counted < high - low;

  if (sort !== 'date' && sort !== '-date' && walkSortOrder) {
    if (counted === undefined) for (let at = low; at < high; at++) if (matches(at)) total++;
    let skipping = restSkip;
    for (const index of order[sort]) {
      if (page.length === take) break;
      if (!matches(index) || (leading.size > 0 && leading.has(index))) continue;
      if (skipping > 0) skipping--;
      else page.push(index);
    }
    return { indexes: page, total: counted ?? total };
  }

  if (sort === 'date' || sort === '-date') {
    // One walk over the dates' rows in the page's direction, the page's window taken: to the end when it counts too.
    const up = sort === 'date';
    const until = restSkip + restTake;
    let kept = 0;
    for (let step = 0; step < high - low; step++) {
      if (counted !== undefined && kept >= until) break;
      const index = up ? low + step : high - 1 - step;
      if (!matches(index)) continue;
      total++;
      if (leading.size > 0 && leading.has(index)) continue;
      if (kept >= restSkip && kept < until) page.push(index);
      kept++;
    }
    return { indexes: page, total: counted ?? total };
  }
  const rest = new Uint32Array(Math.max(0, high - low));
  let kept = 0;
  for (let index = low; index < high; index++) {
    if (!matches(index)) continue;
    total++;
    if (leading.size === 0 || !leading.has(index)) rest[kept++] = index;
  }
  const places = rest
    .subarray(0, kept)
    .map((index) => place[sort][index]!)
    .sort();
  for (const at of places.subarray(restSkip, restSkip + restTake)) page.push(order[sort][at]!);
  return { indexes: page, total };
}

const EMPTY = Buffer.from('[]');
const OPEN = 0x5b;
const CLOSE = 0x5d;

/**
 * A page's JSON body at `now`, as the route's array serialiser writes the page's rows (`indexes`). A row's bytes come
 * from the snapshot's JSON (rows next to each other there, copied as one), but for a row at unfilled risk at `now`:
 * its flag counts the minutes left, so `write` (the list's row at `now` as the route writes it) writes it again.
 */
export function pageBody(snapshot: BookingSnapshot, indexes: readonly number[], now: Date, write: (row: BookingItemRow) => string): Buffer {
  if (indexes.length === 0) return EMPTY;
  const { rows, json } = snapshot;
  // Spans of rows of one block (`first` up to `end`), or a row written now (`first` -1, in `written`).
  const first: number[] = [];
  const end: number[] = [];
  const written: Buffer[] = [];
  let length = 1;
  for (const index of indexes) {
    const r = rows[index]!;
    const last = first.length - 1;
    if (rowRisk(r, now) !== null) {
      const bytes = Buffer.from(`${write(r)},`);
      first.push(-1);
      end.push(written.push(bytes) - 1);
      length += bytes.length;
      continue;
    }
    blockOf(snapshot, index);
    length += json.end[index]! - json.start[index]!;
    if (last >= 0 && first[last]! >= 0 && end[last] === index && index % BLOCK_ROWS !== 0) end[last] = index + 1;
    else {
      first.push(index);
      end.push(index + 1);
    }
  }
  const body = Buffer.allocUnsafe(length);
  body[0] = OPEN;
  let at = 1;
  for (let span = 0; span < first.length; span++) {
    const from = first[span]!;
    const to = end[span]!;
    at += from < 0 ? written[to]!.copy(body, at) : blockOf(snapshot, from).copy(body, at, json.start[from], json.end[to - 1]);
  }
  // The last row's comma closes the array.
  body[length - 1] = CLOSE;
  return body;
}

/** The block of the row at `index`, written now if no page has sent any of its rows yet. */
function blockOf(snapshot: BookingSnapshot, index: number): Buffer {
  const { json, rows } = snapshot;
  const block = Math.floor(index / BLOCK_ROWS);
  const kept = json.blocks[block];
  if (kept !== undefined) return kept;
  const parts: Buffer[] = [];
  let at = 0;
  for (let row = block * BLOCK_ROWS; row < Math.min(rows.length, (block + 1) * BLOCK_ROWS); row++) {
    const bytes = Buffer.from(`${json.written(rows[row]!)},`);
    json.start[row] = at;
    at += bytes.length;
    json.end[row] = at;
    parts.push(bytes);
  }
  return (json.blocks[block] = Buffer.concat(parts, at));
}

/**
 * Builds a snapshot from ranked rows (each row's place in each sort, from 1). `written`: a row's JSON as the list
 * writes it when the row is not at unfilled risk.
 */
export function snapshotOf(
  unordered: ReadonlyArray<{ item: BookingItemRow; ranks: Readonly<Record<BookingSort, number>> }>,
  written: (row: BookingItemRow) => string,
): BookingSnapshot {
  // Held in date order, so that a walk over a date range reads the columns in the order they lie in memory.
  const ranked = [...unordered].sort((a, b) => a.ranks.date - b.ranks.date);
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
  const siteOf = new Map<number, number>();
  const sites: Array<{ location: number; client: number }> = [];
  const columns = {
    id: Int32Array.from(rows, (r) => r.id),
    site: Int32Array.from(rows, (r) => {
      let at = siteOf.get(r.location.id);
      if (at === undefined) {
        at = sites.push({ location: r.location.id, client: r.client.id }) - 1;
        siteOf.set(r.location.id, at);
      }
      return at;
    }),
    candidate: Int32Array.from(rows, (r) => r.candidate?.id ?? 0),
    date: Int32Array.from(rows, (r) => dayNumber(r.dateLocal)),
    status: Uint8Array.from(rows, (r) => BOOKING_STATUSES.indexOf(r.status)),
  };
  const siteStatusRows = sites.map(() => BOOKING_STATUSES.map(() => [] as number[]));
  columns.site.forEach((at, index) => siteStatusRows[at]![columns.status[index]!]!.push(index));
  return {
    rows,
    order,
    place,
    open: Uint32Array.from(open),
    columns,
    sites,
    siteStatusRows: siteStatusRows.map((byStatus) => byStatus.map((indexes) => Int32Array.from(indexes))),
    json: {
      blocks: new Array<Buffer | undefined>(Math.ceil(rows.length / BLOCK_ROWS)),
      start: new Uint32Array(rows.length),
      end: new Uint32Array(rows.length),
      written,
    },
  };
}

/**
 * The snapshot of a caller's whole scope (`scope`: its scope and pending scope) at `versions` (the versions of its
 * clients, read before this call), when one is kept or worth building now; undefined: read the page from the database.
 * `written`: a row's JSON as the list writes it when the row is not at unfilled risk.
 */
export function bookingSnapshot(
  snapshots: VersionedSnapshots,
  db: DbOrTx,
  scope: BookingFilter,
  versions: string,
  written: (row: BookingItemRow) => string,
): Promise<BookingSnapshot | undefined> {
  const key = keyText(['bookings', scope.scope, scope.pendingScope ?? null]);
  return snapshots.of(key, versions, async (maxRows) =>
    (await countVisibleUpTo(db, scope, maxRows)) > maxRows ? 'too-large' : snapshotOf(await rankedBookings(db, scope), written),
  );
}
