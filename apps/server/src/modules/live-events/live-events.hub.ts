import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@portal/db/client';
import type { Notifier } from '../../lib/notifier';
import type { Clock } from '../../lib/clock';
import type { PrincipalCache } from '../identity/principal-cache';
import { mayReceive } from './live-events.access';
import { lastLiveEventId, liveEventsAfter, pruneLiveEvents, type LiveEventRow } from './live-events.repository';
import { liveEventsRecorded } from './live-signal';

/** The channel of the notifier that wakes every server process: "new rows in live_events". */
export const LIVE_EVENTS_CHANNEL = 'live-events';
/** Rows read per query. */
const READ_BATCH = 1000;

export interface LiveStream {
  contactId: number;
  /** The contact's token version when the stream opened: a sign-out (or password change) ends the stream. */
  tokenVersion: number;
  /** The sign-in (refresh family) the stream came from: when it ends (sign-out, a reused refresh), so does the stream. */
  familyId: string;
  /** When the access token the stream was opened with expires: the stream ends then, and the app reconnects. */
  endsAt: Date;
  /** Writes one event to the client. */
  send(event: LiveEventRow): void;
  /** Closes the stream (the client reconnects with a new ticket, or finds itself signed out). */
  end(): void;
}

interface Entry {
  stream: LiveStream;
  /** Events taken while the stream replays what it missed; sent after the replay. */
  buffer: LiveEventRow[] | null;
  /** Ids the replay sent: not sent again when the live read reaches them. */
  replayed: Set<number>;
  ended: boolean;
}

export interface HubOptions {
  db: Db;
  notifier: Notifier;
  principals: PrincipalCache;
  log: FastifyBaseLogger;
  /** Wall clock (pruning). */
  clock: Clock;
  /** Safety-net poll while streams are open (a lost wake-up costs at most this). */
  pollMs?: number;
  /** How often open streams re-check their contact (signed out, permissions) without events. */
  checkMs?: number;
  maxPerContact?: number;
  maxStreams?: number;
  /** Events older than this are pruned (default one day). */
  keepMs?: number;
}

/**
 * Each server process's fan-out of live events to its open streams. Woken by the notifier (any process committed
 * events) and every `pollMs` while it has streams, it reads the rows after its mark once, whatever the number of
 * streams, and hands each stream the events its contact may see at that moment (permission tree and sign-in read
 * through the PrincipalCache, a couple of seconds fresh). Ids are taken at insert and committed later, so the mark
 * only moves past rows older than a few seconds; younger rows are read again and skipped if already sent.
 */
export class LiveEventHub {
  private readonly entries = new Set<Entry>();
  /** Slots taken by streams still opening (reserve()). */
  private readonly reserved = new Map<number, number>();
  private mark: number | undefined;
  private readonly sent = new Set<number>();
  private reading: Promise<void> | undefined;
  private again = false;
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | undefined;
  private published = liveEventsRecorded();
  private closed = false;
  readonly maxPerContact: number;
  readonly maxStreams: number;

  constructor(private readonly options: HubOptions) {
    this.maxPerContact = options.maxPerContact ?? 5;
    this.maxStreams = options.maxStreams ?? 2000;
  }

  start(): void {
    this.unsubscribe = this.options.notifier.subscribe(LIVE_EVENTS_CHANNEL, () => this.wake());
    const every = (ms: number, work: () => void) => {
      const timer = setInterval(work, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.options.pollMs ?? 2000, () => {
      // Events this process recorded outside a request (the demo simulator) wake the others too.
      this.announce();
      if (this.entries.size > 0) this.wake();
    });
    every(this.options.checkMs ?? 5000, () => void this.checkPrincipals());
    every(60 * 60 * 1000, () => void this.prune());
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    this.unsubscribe?.();
    for (const entry of [...this.entries]) this.remove(entry);
    await this.reading;
  }

  /** After a commit in this process: wakes every process (this one too) if events were recorded since last time. */
  announce(): void {
    const recorded = liveEventsRecorded();
    if (recorded === this.published) return;
    this.published = recorded;
    this.options.notifier.publish(LIVE_EVENTS_CHANNEL, '').catch((err: unknown) => {
      this.options.log.warn({ err }, 'could not announce live events');
    });
  }

  countFor(contactId: number): number {
    let n = this.reserved.get(contactId) ?? 0;
    for (const e of this.entries) if (e.stream.contactId === contactId) n += 1;
    return n;
  }

  get size(): number {
    let reserved = 0;
    for (const n of this.reserved.values()) reserved += n;
    return this.entries.size + reserved;
  }

  /**
   * Takes one of the contact's stream slots now, before anything awaits, so that streams opened at once cannot all
   * pass the count; undefined when the contact or the process is full. The slot is the stream's once `add` has it;
   * release() gives it back (idempotent).
   */
  reserve(contactId: number): (() => void) | undefined {
    if (this.countFor(contactId) >= this.maxPerContact || this.size >= this.maxStreams) return undefined;
    this.reserved.set(contactId, (this.reserved.get(contactId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.reserved.get(contactId) ?? 1) - 1;
      if (left > 0) this.reserved.set(contactId, left);
      else this.reserved.delete(contactId);
    };
  }

  /**
   * Adds a stream. `replay` (what it missed, read after the stream joined, so nothing falls between) runs before
   * live events reach it; events meanwhile wait and are sent after, without those the replay already sent.
   * Answers the function that removes the stream.
   */
  async add(stream: LiveStream, replay?: () => Promise<LiveEventRow[] | void>, slot?: () => void): Promise<() => void> {
    try {
      if (this.entries.size === 0 || this.mark === undefined) {
        // Nobody listened: start from now (what a stream missed comes from its replay).
        this.mark = await lastLiveEventId(this.options.db);
        this.sent.clear();
      }
    } finally {
      // The reserved slot becomes the entry's (same tick as the add below), or is given back on failure.
      slot?.();
    }
    const entry: Entry = { stream, buffer: replay ? [] : null, replayed: new Set(), ended: false };
    this.entries.add(entry);
    if (replay) {
      try {
        const replayed = (await replay()) ?? [];
        entry.replayed = new Set(replayed.map((e) => e.id));
        const waiting = entry.buffer ?? [];
        entry.buffer = null;
        for (const event of waiting) if (!entry.replayed.has(event.id) && !entry.ended) stream.send(event);
      } catch (err) {
        this.remove(entry);
        throw err;
      }
    }
    return () => this.remove(entry);
  }

  private remove(entry: Entry): void {
    if (!this.entries.delete(entry)) return;
    entry.ended = true;
    entry.stream.end();
  }

  /** Reads new events now (coalesced: one read at a time, one more if woken meanwhile). */
  wake(): Promise<void> {
    if (this.closed || this.entries.size === 0) return Promise.resolve();
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = this.readLoop()
      .catch((err: unknown) => this.options.log.warn({ err }, 'live events read failed'))
      .finally(() => {
        this.reading = undefined;
      });
    return this.reading;
  }

  private async readLoop(): Promise<void> {
    do {
      this.again = false;
      const mark = this.mark ?? (await lastLiveEventId(this.options.db));
      let next = mark;
      let from = mark;
      let rows: Awaited<ReturnType<typeof liveEventsAfter>>;
      do {
        rows = await liveEventsAfter(this.options.db, from, READ_BATCH);
        for (const row of rows) {
          if (!this.sent.has(row.id)) {
            this.sent.add(row.id);
            await this.fanOut(row);
          }
          if (row.settled) next = Math.max(next, row.id);
        }
        from = rows.at(-1)?.id ?? from;
      } while (rows.length === READ_BATCH && !this.closed);
      this.mark = next;
      for (const id of this.sent) if (id <= next) this.sent.delete(id);
    } while (this.again && !this.closed);
  }

  private async fanOut(row: LiveEventRow & { settled?: boolean }): Promise<void> {
    const { settled: _settled, ...event } = row;
    for (const entry of [...this.entries]) {
      if (entry.ended || entry.replayed.has(event.id)) continue;
      if (!(await this.stillAllowed(entry))) continue;
      const tree = await this.options.principals.tree(entry.stream.contactId);
      if (!mayReceive(tree, event)) continue;
      if (entry.buffer) entry.buffer.push(event);
      else entry.stream.send(event);
    }
  }

  /** Is the stream's sign-in still what it was (same token version, its family not ended, not past its end)? */
  private async stillAllowed(entry: Entry): Promise<boolean> {
    const { stream } = entry;
    if (this.options.clock().getTime() < stream.endsAt.getTime()) {
      const [contact, familyActive] = await Promise.all([
        this.options.principals.contact(stream.contactId),
        this.options.principals.familyActive(stream.familyId),
      ]);
      if (contact && familyActive && contact.tokenVersion === stream.tokenVersion) return true;
    }
    this.remove(entry);
    return false;
  }

  private async checkPrincipals(): Promise<void> {
    try {
      for (const entry of [...this.entries]) await this.stillAllowed(entry);
    } catch (err) {
      this.options.log.warn({ err }, 'live stream check failed');
    }
  }

  private async prune(): Promise<void> {
    try {
      await pruneLiveEvents(this.options.db, new Date(this.options.clock().getTime() - (this.options.keepMs ?? 86_400_000)));
    } catch (err) {
      this.options.log.warn({ err }, 'live events prune failed');
    }
  }
}
