/**
 * A scope's rows held in memory as one version of the data (docs/decisions/033), for lists whose varied pages are
 * then cut from memory: the bookings of a caller's scope, the invoices of its accounts view.
 *
 * A snapshot is named by its key (the kind and the scope) and the data versions of the scope's clients, read before it
 * is built (as an answer's tag is: lib/versioned-answers.ts), so it is never older than the versions it is kept under;
 * a write to any of those clients makes new versions, and the next page a new snapshot.
 *
 * Building one reads every row of the scope, so it is built only when a second page is asked of the same data (a scope
 * written to between every read keeps reading its pages from the database, as before), and only for a scope of at most
 * `maxRows` rows (the builder says when one is larger; it is then not looked at again for a while). Snapshots are kept
 * up to `budgetRows` rows in all, the least recently used leaving first; a scope's newer snapshot replaces its older.
 */

/**
 * What a kept row costs in memory, about: a booking's list item 962 bytes, and its JSON as a page sends it about 605
 * more (bench/RESULTS.md).
 */
export const SNAPSHOT_ROW_BYTES = 1600;
/** The most rows of one scope held. */
export const SNAPSHOT_MAX_ROWS = 50_000;

export interface VersionedSnapshotsOptions {
  /** Rows kept in all (0: none, every page is read from the database). */
  budgetRows: number;
  /** The most rows of one scope held (a larger scope's pages are read from the database). */
  maxRows: number;
  /** How long a scope found larger than `maxRows` is not counted again. */
  recheckLargeAfterMs: number;
  now: () => Date;
}

/** A snapshot: anything that says how many rows it holds. */
export interface Snapshot {
  rows: ArrayLike<unknown>;
}

interface Kept {
  snapshot: Snapshot;
  rows: number;
}

export class VersionedSnapshots {
  /** Snapshots in `bytes` of memory (config ANSWER_CACHE_MB; 0: none): one scope at most half of it. */
  static within(bytes: number, now: () => Date): VersionedSnapshots {
    const budgetRows = Math.floor(bytes / SNAPSHOT_ROW_BYTES);
    return new VersionedSnapshots({
      budgetRows,
      maxRows: Math.min(SNAPSHOT_MAX_ROWS, Math.floor(budgetRows / 2)),
      recheckLargeAfterMs: 10 * 60_000,
      now,
    });
  }

  private readonly kept = new Map<string, Kept>();
  /** The name of each key's kept snapshot. */
  private readonly latest = new Map<string, string>();
  private readonly building = new Map<string, Promise<Snapshot | undefined>>();
  /** Pages computed per snapshot name not yet built (the second builds it). */
  private readonly asked = new Map<string, number>();
  /** Keys whose scope was found too large, and until when. */
  private readonly large = new Map<string, number>();
  private keptRows = 0;
  /** Scopes built or found too large, snapshots built, and pages answered from one (for tests and the bench). */
  readonly counts = { counted: 0, built: 0, pages: 0 };

  constructor(private readonly options: VersionedSnapshotsOptions) {}

  /**
   * The snapshot named by `key` (no line break in it) at `versions`, when one is kept or worth building now (`build`,
   * given the most rows a snapshot may hold, makes it or says the scope is larger); undefined: read from the database.
   */
  async of<S extends Snapshot>(
    key: string,
    versions: string,
    build: (maxRows: number) => Promise<S | 'too-large'>,
  ): Promise<S | undefined> {
    if (this.options.budgetRows <= 0) return undefined;
    const name = `${key}\n${versions}`;
    const hit = this.kept.get(name);
    if (hit) {
      this.kept.delete(name);
      this.kept.set(name, hit);
      this.counts.pages++;
      return hit.snapshot as S;
    }
    const running = this.building.get(name);
    if (running) {
      const snapshot = await running;
      if (snapshot) this.counts.pages++;
      return snapshot as S | undefined;
    }
    const largeUntil = this.large.get(key);
    if (largeUntil !== undefined && largeUntil > this.options.now().getTime()) return undefined;
    const asks = (this.asked.get(name) ?? 0) + 1;
    if (asks < 2) {
      // Bounded: names of data that is never asked again are forgotten.
      if (this.asked.size >= 1000) this.asked.clear();
      this.asked.set(name, asks);
      return undefined;
    }
    this.asked.delete(name);
    const built = this.build(key, build).finally(() => this.building.delete(name));
    this.building.set(name, built);
    const snapshot = await built;
    if (snapshot) {
      this.keep(name, key, snapshot);
      this.counts.pages++;
    }
    return snapshot;
  }

  private async build<S extends Snapshot>(key: string, build: (maxRows: number) => Promise<S | 'too-large'>): Promise<S | undefined> {
    this.counts.counted++;
    // A snapshot that could not be read leaves the page to the database path, which answers its own failure.
    const made = await build(this.options.maxRows).catch(() => undefined);
    if (made === undefined) return undefined;
    if (made === 'too-large' || made.rows.length > this.options.maxRows) {
      if (this.large.size >= 1000) this.large.clear();
      this.large.set(key, this.options.now().getTime() + this.options.recheckLargeAfterMs);
      return undefined;
    }
    this.large.delete(key);
    this.counts.built++;
    return made;
  }

  private keep(name: string, key: string, snapshot: Snapshot) {
    const rows = snapshot.rows.length;
    if (rows > this.options.budgetRows) return;
    const before = this.latest.get(key);
    const replaced = before === undefined ? undefined : this.kept.get(before);
    if (before !== undefined && replaced) {
      this.kept.delete(before);
      this.keptRows -= replaced.rows;
    }
    this.latest.set(key, name);
    this.kept.set(name, { snapshot, rows });
    this.keptRows += rows;
    for (const [oldest, kept] of this.kept) {
      if (this.keptRows <= this.options.budgetRows) break;
      this.kept.delete(oldest);
      this.keptRows -= kept.rows;
      const keyOfOldest = oldest.slice(0, oldest.indexOf('\n'));
      if (this.latest.get(keyOfOldest) === oldest) this.latest.delete(keyOfOldest);
    }
  }

  /** Snapshots kept and their rows (for tests and the bench). */
  get size(): { snapshots: number; rows: number } {
    return { snapshots: this.kept.size, rows: this.keptRows };
  }
}
