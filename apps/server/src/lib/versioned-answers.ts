import { hash, randomUUID } from 'node:crypto';
import type { DbOrTx } from '@portal/db/client';
import type { Pagination } from '@portal/contract/bookings';
import { versionIds, versionsOf, versionText } from './data-versions.repository';

/**
 * Answers checked against data versions (docs/decisions/008, option A), for lists that cost far more to compute
 * than to send.
 *
 * An answer is named by a key and the clients whose rows it reads. Its tag is a hash of the key, the build and the
 * versions of those clients (and of the shared row 0) as they stand when the request starts: the triggers of
 * migration 0007 raise a client's version in the same transaction as every write to a row such an answer reads.
 * The versions are read before the answer is computed, so an answer kept under a tag is never older than the tag's
 * versions: a write that commits in between makes new versions, and the next request a new tag.
 *
 * The key must hold everything else the answer depends on: the route, the caller's resolved scope, the query, and
 * the time where the answer depends on it (a minute for the unfilled-risk flags). A caller whose scope differs gets
 * a different key, so one caller's answer is never another's.
 *
 * The tag doubles as the HTTP entity tag: a browser's `If-None-Match` that names it gets 304 with no body, and a
 * tag already kept here is sent without computing again. Kept answers are bounded by their bytes (least recently
 * used leave first); the same tag asked twice at once is computed once.
 */

export interface VersionedAnswer {
  /** The serialised body, as the bytes sent (encoded once, not for every request that gets it). */
  body: Buffer;
  /** Headers that belong to the answer (e.g. x-pagination). */
  headers: Readonly<Record<string, string>>;
}

/** An answer's tag as the data stands, and how to compute the answer it names (the services' versioned reads). */
export interface Versioned<T> {
  tag: string;
  load: () => Promise<T>;
}

/**
 * A page's answer and the x-pagination header that goes with it. `json` instead of `answer`: the page's body already
 * written, byte for byte as the route's own serialiser writes the answer (a page joined from rows written once).
 */
export type PageAnswer<T> = { answer: T; pagination: Pagination } | { json: Buffer; pagination: Pagination };

/** A versioned page. */
export type VersionedPage<T> = Versioned<PageAnswer<T>>;

/** The minute of `now`: the time key of answers that hold for a whole minute (unfilled risk, last and next dates). */
export const minuteOf = (now: Date): number => Math.floor(now.getTime() / 60_000);

/** Defined by build.mjs for each build; absent when the sources run directly (tsx, tests). */
declare const __PORTAL_BUILD__: string | undefined;

/**
 * What changes when the code does: the build's id, so a browser's tag from before a deploy never matches an answer
 * the new code would compute differently. Run from sources there is no build: a tag of this process alone (a
 * browser revalidating with another process gets a full answer, never a wrong 304).
 */
const BUILD = typeof __PORTAL_BUILD__ === 'string' ? __PORTAL_BUILD__ : randomUUID();

/**
 * A key as text. A list of numbers inside a key is a set of ids (a scope's clients or locations), which reaches the
 * key in the order of the caller's permission tree: by name, read afresh every few seconds (the principal cache), so
 * that a rename reorders it on one server before another. Written in ascending order, the same answer has one tag
 * whatever order the tree was read in. A list whose order matters must not be a list of numbers.
 */
export function keyText(key: readonly unknown[]): string {
  // Written without a replacer, which would take JSON.stringify off its fast path (a key is written per request).
  return JSON.stringify(key.map(inOrder));
}

/** A key's part with its lists of numbers in ascending order; other values as they are. */
function inOrder(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.length > 1 && value.every((v) => typeof v === 'number')
      ? [...(value as number[])].sort((a, b) => a - b)
      : value.map(inOrder);
  }
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const copy: Record<string, unknown> = {};
  for (const [name, part] of Object.entries(value)) copy[name] = inOrder(part);
  return copy;
}

const tagFor = (key: string, versions: string) => `"v.${hash('sha1', `${BUILD}\n${key}\n${versions}`, 'base64url')}"`;

interface VersionWaiter {
  ids: readonly number[];
  resolve: (versions: string) => void;
  reject: (error: unknown) => void;
}

/**
 * Version reads made together. Under load every request would otherwise spend one round trip on its own
 * primary-key read (about what the outstanding count costs: decision 009). Here, while a read is in flight, the
 * requests that ask wait for the next read, which serves all of them in one statement; when none is in flight a
 * request's read starts at once.
 *
 * A read serves only the requests that asked before it started, so the versions of every answer are read after its
 * request arrived: a write whose answer the caller had before it asked is always seen (read-your-writes holds as
 * with one read per request).
 */
export class VersionReads {
  private waiting: VersionWaiter[] = [];
  private reading = false;
  /** Statements run and requests served (for tests and the bench). */
  readonly counts = { reads: 0, requests: 0 };

  constructor(private readonly read: (ids: readonly number[]) => Promise<ReadonlyMap<number, number>>) {}

  /** The versions of these clients and of row 0 as one text (`versionText`), read after this call. */
  of(clientIds: readonly number[]): Promise<string> {
    const ids = versionIds(clientIds);
    return new Promise((resolve, reject) => {
      this.waiting.push({ ids, resolve, reject });
      if (!this.reading) void this.next();
    });
  }

  private async next(): Promise<void> {
    const batch = this.waiting;
    if (batch.length === 0) {
      this.reading = false;
      return;
    }
    this.waiting = [];
    this.reading = true;
    this.counts.reads += 1;
    this.counts.requests += batch.length;
    try {
      const ids = new Set<number>();
      for (const waiter of batch) for (const id of waiter.ids) ids.add(id);
      const found = await this.read([...ids]);
      for (const waiter of batch) waiter.resolve(versionText(waiter.ids, found));
    } catch (error) {
      for (const waiter of batch) waiter.reject(error);
    }
    void this.next();
  }
}

export class VersionedAnswers {
  private readonly kept = new Map<string, VersionedAnswer>();
  private readonly computing = new Map<string, Promise<VersionedAnswer>>();
  private keptBytes = 0;
  readonly versions: VersionReads;

  constructor(
    db: DbOrTx,
    /** The most body bytes kept at once (config ANSWER_CACHE_MB); 0 keeps none and shares none. */
    private readonly maxBytes: number,
  ) {
    this.versions = new VersionReads((ids) => versionsOf(db, ids));
  }

  /** The tag of the answer `key` names over these clients' data as it stands now (one primary-key read, shared). */
  async tagOf(key: string, clientIds: readonly number[]): Promise<string> {
    return tagFor(key, await this.versions.of(clientIds));
  }

  /**
   * A versioned answer named by `key` (the route, the caller's resolved scope, the query and whatever time it
   * follows) over these clients' data as it stands now, computed by `load` when it is not kept. `load` is given the
   * versions the tag was made of (to find data kept under the same versions: lib/versioned-snapshots.ts).
   */
  async versioned<T>(key: readonly unknown[], clientIds: readonly number[], load: (versions: string) => Promise<T>): Promise<Versioned<T>> {
    const versions = await this.versions.of(clientIds);
    return { tag: tagFor(keyText(key), versions), load: () => load(versions) };
  }

  /** The answer kept under `tag`, or the one `compute` makes (once, however many ask for it at the same time). */
  async answer(tag: string, compute: () => Promise<VersionedAnswer>): Promise<VersionedAnswer> {
    // ANSWER_CACHE_MB=0: every request computes its own answer (nothing kept, nothing shared).
    if (this.maxBytes === 0) return compute();
    const hit = this.kept.get(tag);
    if (hit) {
      // Most recently used last.
      this.kept.delete(tag);
      this.kept.set(tag, hit);
      return hit;
    }
    const running = this.computing.get(tag);
    if (running) return running;
    const made = compute().then(
      (answer) => {
        this.computing.delete(tag);
        this.keep(tag, answer);
        return answer;
      },
      (error: unknown) => {
        this.computing.delete(tag);
        throw error;
      },
    );
    this.computing.set(tag, made);
    return made;
  }

  /** How many answers are kept, and their bytes (for tests and the bench). */
  get size(): { answers: number; bytes: number } {
    return { answers: this.kept.size, bytes: this.keptBytes };
  }

  private keep(tag: string, answer: VersionedAnswer) {
    const bytes = answer.body.length;
    if (bytes > this.maxBytes / 8) return;
    const before = this.kept.get(tag);
    if (before) this.keptBytes -= before.body.length;
    this.kept.set(tag, answer);
    this.keptBytes += bytes;
    for (const [oldest, kept] of this.kept) {
      if (this.keptBytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.keptBytes -= kept.body.length;
    }
  }
}
